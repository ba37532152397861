import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { openSqlite } from "~/infra/db.server";
import { photoObjectKeys } from "~/services/images.server";
import { LocalDiskStorage } from "~/infra/storage.server";
import { sweepUploads } from "~/services/uploads.server";
import { filesUnder, freshDataDir, Hunter, log, mintJimmys, openDb, samplePhoto, sleep, startApp, type AppProcess } from "./support";

const KILLS = 50;
const HUNTERS = 6;
const dataDir = freshDataDir("crash");
let app: AppProcess | undefined;

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Discovery = { id: number; photo_key: string; photo_variants: string };

test(`crash safety: ${KILLS} SIGKILLs while ${HUNTERS} hunters report discoveries lose nothing acknowledged and leave nothing half-written`, async () => {
  const photo = await samplePhoto();
  app = await startApp(dataDir);
  const jimmyIds = mintJimmys(dataDir, 9000, 12);
  const hunters = Array.from({ length: HUNTERS }, (_, i) => new Hunter(app!.baseURL, `Crash${i}`, true));
  for (const hunter of hunters) await hunter.signIn();

  const acknowledged = new Set<number>();
  let attempts = 0;
  let cutOff = 0;

  for (let round = 1; round <= KILLS; round++) {
    let running = true;
    let firstAcknowledged: () => void = () => undefined;
    const warm = new Promise<void>((resolve) => (firstAcknowledged = resolve));
    const loops = hunters.map(async (hunter, i) => {
      hunter.baseURL = app!.baseURL;
      while (running) {
        attempts++;
        try {
          const upload = await hunter.upload(photo);
          if (upload.status !== 200) throw new Error(`upload answered ${upload.status}`);
          const { tempPath } = (await upload.json()) as { tempPath: string };
          const report = await hunter.report(jimmyIds[(round + i) % jimmyIds.length]!, tempPath, `Round ${round}`);
          const body = (await report.json()) as { id?: number; message?: string };
          if (report.status !== 201 || typeof body.id !== "number") throw new Error(`report answered ${report.status}: ${body.message}`);
          acknowledged.add(body.id);
          firstAcknowledged();
        } catch (error) {
          // A request the crash cut off was never acknowledged; any other failure is a finding.
          if (running) throw error;
          cutOff++;
        }
      }
    });
    // Odd rounds kill the server at a random point after the hunters start;
    // even rounds once it has acknowledged a report, in a steady stream of them.
    if (round % 2 === 0) await warm;
    await sleep(50 + Math.random() * 350);
    running = false;
    await app.crash();
    await Promise.all(loops);

    app = await startApp(dataDir, {}, Number(new URL(app.baseURL).port));
    const db = openDb(dataDir);
    try {
      expect(db.pragma("integrity_check", { simple: true }), `integrity after kill ${round}`).toBe("ok");
      const rows = db.prepare("select id, photo_key, photo_variants from discoveries").all() as Discovery[];
      const present = new Set(rows.map((row) => row.id));
      const lost = [...acknowledged].filter((id) => !present.has(id));
      expect(lost, `acknowledged discoveries missing after kill ${round}`).toEqual([]);
      const photos = path.join(dataDir, "photos");
      const withoutPhotos = rows.filter((row) =>
        photoObjectKeys(row.photo_key, row.photo_variants.split(",").map(Number)).some((key) => !fs.existsSync(path.join(photos, key))),
      );
      expect(
        withoutPhotos.map((row) => row.id),
        `discoveries lacking photos after kill ${round}`,
      ).toEqual([]);
    } finally {
      db.close();
    }
  }
  await app.stop();
  app = undefined;

  const db = openSqlite(path.join(dataDir, "jimmy-hunt.sqlite"));
  const photosDir = path.join(dataDir, "photos");
  const before = filesUnder(photosDir).length;
  // Once every upload has expired, the sweeper owns whatever the crashes left behind.
  const swept = await sweepUploads(db, new LocalDiskStorage(photosDir), new Date(Date.now() + 2 * 60 * 60_000));
  const discoveries = await db.selectFrom("discoveries").select(["photo_key", "photo_variants"]).execute();
  await db.destroy();
  const expected = new Set(discoveries.flatMap((row) => photoObjectKeys(row.photo_key, row.photo_variants.split(",").map(Number))));
  const remaining = filesUnder(photosDir);
  const orphans = remaining.filter((key) => !expected.has(key));

  log(
    `crash safety: ${KILLS} SIGKILLs during ${attempts} report attempts; ${acknowledged.size} acknowledged, all present with their photos after every restart; ` +
      `${cutOff} attempts cut off by a kill; sweeper removed ${swept.expired} expired uploads, ${swept.strays} stray objects and ${swept.interrupted} interrupted writes ` +
      `(${before} files before, ${remaining.length} after, ${orphans.length} orphans)`,
  );
  expect(acknowledged.size).toBeGreaterThan(KILLS);
  expect(orphans).toEqual([]);
});
