/**
 * Mints a range of Jimmys and writes their printable label sheets:
 *   npm run jimmys:mint -- --from 1 --to 500 [--out ./labels]
 * Serials that already exist are kept as they are (and get labels too), so
 * running it again only reprints. The QR codes point at PUBLIC_URL and are
 * keyed by QR_SECRET: run it with the production settings.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatCount, plural } from "~/lib/format";
import { mintJimmys } from "~/models/jimmys.server";
import { getDb, migrateToLatest, describeDatabase } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { labelSheet } from "~/services/label-sheets.server";
import { MAX_LABELS } from "~/services/labels.server";
import { parseSerial } from "~/lib/serial";

const { values } = parseArgs({
  options: { from: { type: "string" }, to: { type: "string" }, out: { type: "string", default: "./labels" } },
});
const from = parseSerial(values.from);
const to = parseSerial(values.to);
if (from === null || to === null || to < from) {
  console.error("Usage: npm run jimmys:mint -- --from 1 --to 500 [--out ./labels]  (serials 1 to 999999999, from ≤ to)");
  process.exit(1);
}

const db = getDb();
await migrateToLatest(db);
const created = await mintJimmys(db, from, to);
console.log(
  `Minted ${plural(created, "new Jimmy", "new Jimmys")} in #${from}–#${to} (${formatCount(to - from + 1 - created)} existed already) in ${describeDatabase(env())}`,
);

const outDir = path.resolve(values.out);
fs.mkdirSync(outDir, { recursive: true });
for (let start = from; start <= to; start += MAX_LABELS) {
  const end = Math.min(to, start + MAX_LABELS - 1);
  for (const format of ["svg", "pdf"] as const) {
    const sheet = await labelSheet(db, { from: start, to: end, format });
    fs.writeFileSync(path.join(outDir, sheet.filename), sheet.body);
    console.log(`Wrote ${plural(sheet.count, "label", "labels")} to ${path.join(outDir, sheet.filename)}`);
  }
}
console.log(`Labels point at ${env().publicUrl.origin}/q/…`);
await db.destroy();
