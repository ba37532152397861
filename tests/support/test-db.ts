import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openSqlite, type DB } from "~/services/db.server";
import { LocalDiskStorage } from "~/services/storage.server";

/** A freshly migrated SQLite file (and photo directory) of its own for one test. */
export async function createTestDb(): Promise<{ db: DB; dir: string; storage: LocalDiskStorage; cleanup: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-hunt-db-"));
  const db = openSqlite(path.join(dir, "test.sqlite"));
  await migrateToLatest(db);
  const storage = new LocalDiskStorage(path.join(dir, "photos"));
  return {
    db,
    dir,
    storage,
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
