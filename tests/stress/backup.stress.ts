import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { photoObjectKeys } from "~/services/images.server";
import { filesUnder, freshDataDir, Hunter, log, mintJimmys, openDb, samplePhoto, sleep, startApp, type AppProcess } from "./support";

const sourceDir = freshDataDir("backup-source");
const backupRoot = freshDataDir("backups");
const restoredDir = freshDataDir("backup-restored");
const apps: AppProcess[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  for (const dir of [sourceDir, backupRoot, restoredDir]) fs.rmSync(dir, { recursive: true, force: true });
});

const TABLES = ["users", "sessions", "jimmys", "discoveries", "jimmy_journeys", "likes", "comments", "notifications"] as const;

function rowCounts(dataDir: string): Record<string, number> {
  const db = openDb(dataDir);
  try {
    return Object.fromEntries(TABLES.map((table) => [table, (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n]));
  } finally {
    db.close();
  }
}

function runBackup(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "db:backup", "--", backupRoot], {
      env: {
        ...process.env,
        DATA_DIR: sourceDir,
        NODE_ENV: "production",
        SESSION_SECRET: "stress-session-secret-0123456789abcdef0123",
        QR_SECRET: "q".repeat(40),
      },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

test("npm run db:backup copies a consistent, integrity-checked database and the photos while hunters keep writing; a restore serves the same data", async () => {
  const source = await startApp(sourceDir);
  apps.push(source);
  const jimmyIds = mintJimmys(sourceDir, 5000, 6);
  const photo = await samplePhoto();
  const hunters = Array.from({ length: 3 }, (_, i) => new Hunter(source.baseURL, `Backup${i}`, true));
  for (const hunter of hunters) await hunter.signIn();

  let writing = true;
  let written = 0;
  const writers = hunters.map(async (hunter, i) => {
    while (writing) {
      const upload = await hunter.upload(photo);
      const { tempPath } = (await upload.json()) as { tempPath: string };
      const report = await hunter.report(jimmyIds[(written + i) % jimmyIds.length]!, tempPath, `Backed up ${written}`);
      expect(report.status).toBe(201);
      written++;
    }
  });
  await sleep(1500);
  const writtenBefore = written;
  const backup = await runBackup();
  const writtenDuring = written - writtenBefore;
  await sleep(300);
  writing = false;
  await Promise.all(writers);

  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(/integrity ok/);
  const [folder] = fs.readdirSync(backupRoot);
  const copy = path.join(backupRoot, folder!);
  const copied = openDb(copy);
  const copiedRows = copied.prepare("select id, photo_key, photo_variants from discoveries").all() as {
    id: number;
    photo_key: string;
    photo_variants: string;
  }[];
  expect(copied.pragma("integrity_check", { simple: true })).toBe("ok");
  copied.close();
  const missingPhotos = copiedRows
    .flatMap((row) => photoObjectKeys(row.photo_key, row.photo_variants.split(",").map(Number)))
    .filter((key) => !fs.existsSync(path.join(copy, "photos", key)));
  expect(missingPhotos).toEqual([]);

  // Restore as docs/operations.md describes: the database file and the photos into a fresh data directory.
  fs.copyFileSync(path.join(copy, "jimmy-hunt.sqlite"), path.join(restoredDir, "jimmy-hunt.sqlite"));
  fs.cpSync(path.join(copy, "photos"), path.join(restoredDir, "photos"), { recursive: true });
  const backupCounts = rowCounts(copy);
  const restored = await startApp(restoredDir);
  apps.push(restored);
  expect(rowCounts(restoredDir)).toEqual(backupCounts);
  const stats = (await (await fetch(`${restored.baseURL}/api/stats`)).json()) as { totalDiscoveries: number };
  expect(stats.totalDiscoveries).toBe(backupCounts.discoveries);
  const served = (await (await fetch(`${restored.baseURL}/api/discoveries?limit=50`)).json()) as { id: number; photoUrl: string }[];
  const photoStatuses = await Promise.all(served.map(async (d) => (await fetch(`${restored.baseURL}${d.photoUrl}`)).status));
  expect(served.length).toBe(Math.min(50, backupCounts.discoveries ?? 0));
  expect(photoStatuses.every((status) => status === 200)).toBe(true);

  log(
    `backup: taken while ${writtenDuring} discoveries were reported during it (${written} in all); copy integrity ok with ${backupCounts.discoveries} discoveries and ` +
      `${filesUnder(path.join(copy, "photos")).length} photo files, none missing; restored server answers the same row counts (${JSON.stringify(backupCounts)}) ` +
      `and serves all ${served.length} listed photos`,
  );
  expect(writtenDuring).toBeGreaterThan(0);
  expect(backupCounts.discoveries).toBeGreaterThan(0);
});
