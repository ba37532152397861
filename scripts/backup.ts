/**
 * npm run db:backup [-- <directory>]: an online backup of the SQLite database
 * and, with local photo storage, of the photos, into a new timestamped folder
 * (default ./backups). Safe while the app runs and writes: SQLite's backup
 * API copies a consistent snapshot page by page, and the copy is checked
 * with PRAGMA integrity_check before the run reports success. Photos are
 * copied after the database, so every photo the copied rows name is present
 * (photo keys are never reused; a photo added meanwhile is merely extra).
 * Restore: docs/operations.md.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { BUSY_TIMEOUT_MS } from "~/infra/db.server";
import { env } from "~/infra/env.server";

const config = env();
const root = path.resolve(process.argv[2] ?? "backups");
const target = path.join(root, `jimmy-hunt-${new Date().toISOString().replace(/[:.]/g, "-")}`);
fs.mkdirSync(target, { recursive: true });
const databaseCopy = path.join(target, path.basename(config.databasePath));

const source = new SQLite(config.databasePath, { fileMustExist: true });
source.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
await source.backup(databaseCopy);
source.close();

const copy = new SQLite(databaseCopy);
const integrity = copy.pragma("integrity_check", { simple: true });
const counts = Object.fromEntries(
  ["users", "jimmys", "discoveries", "comments"].map((table) => [
    table,
    (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n,
  ]),
);
// The copy is a self-contained file: no write-ahead log travels with it.
copy.pragma("journal_mode = DELETE");
copy.close();
if (integrity !== "ok") {
  console.error(`Backup FAILED: integrity_check on the copy answered ${String(integrity)}. Kept at ${target} for inspection.`);
  process.exit(1);
}

let photos = "photos are in S3 storage: back up the bucket with its own versioning or replication";
if (config.storage.driver === "local") {
  if (fs.existsSync(config.photosDir)) {
    copyPhotos(config.photosDir, path.join(target, "photos"));
  }
  photos = `photos copied from ${config.photosDir}`;
}
console.log(
  `Backup written to ${target}: integrity ok, ${Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(", ")}; ${photos}.`,
);

/**
 * Copies the photo store while the app keeps writing to it. A file or folder
 * that goes away between being listed and being copied (a temporary upload
 * taken into a report, a photo an admin replaced) is skipped: the database
 * copy, made first, names no photo that can go away, since keys are never
 * reused. A write still under way (`.partial`) is not a photo yet.
 */
function copyPhotos(from: string, to: string): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if (isGone(error)) return;
    throw error;
  }
  fs.mkdirSync(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const copy = path.join(to, entry.name);
    try {
      if (entry.isDirectory() || (entry.isSymbolicLink() && fs.statSync(source).isDirectory())) copyPhotos(source, copy);
      else if (!entry.name.endsWith(".partial")) fs.copyFileSync(source, copy);
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }
}

function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}
