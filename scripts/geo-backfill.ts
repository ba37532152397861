/**
 * Fills the derived geography (city, US state, country, approximate
 * coordinates for typed city names) of existing discoveries and recomputes
 * every Jimmy's figures, Hall of Fame included. Safe to run again.
 */
import { formatCount, plural } from "~/lib/format";
import { backfillGeography } from "~/models/discoveries.server";
import { getDb, migrateToLatest, describeDatabase } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { resolveLocation } from "~/services/geo.server";

const started = Date.now();
const db = getDb();
await migrateToLatest(db);
const report = await backfillGeography(db, resolveLocation, (line) => console.log(line));
console.log(
  `Backfilled ${describeDatabase(env())} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
  `${plural(report.checked, "discovery", "discoveries")} checked, ${formatCount(report.updated)} updated, ${plural(report.jimmysRefreshed, "Jimmy", "Jimmys")} recomputed`,
);
await db.destroy();
