import Database from "better-sqlite3";
import { RECOUNT_HUNT_FIGURES } from "~/models/derived-figures.server";
import { E2E_DATABASE } from "../support/e2e-data";

/**
 * Read access to the test server's database, so tests can compare what a
 * page shows with what is stored.
 */
export function readDb() {
  return new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
}

export function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = readDb();
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function queryOne<T>(sql: string, ...params: unknown[]): T {
  const rows = query<T>(sql, ...params);
  if (rows.length === 0) throw new Error(`No row for: ${sql}`);
  return rows[0]!;
}

/** Write access, for tests that simulate activity by other hunters. */
export function writeDb() {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

/** One write (`update`, `insert`, `delete`) with its parameters, as `query` is one read. */
export function execute(sql: string, ...params: unknown[]): void {
  const db = writeDb();
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/**
 * After a test plants, moves or removes discoveries with plain SQL: the hunt's
 * figures (totals, places, hunters' activity and leaderboard figures) counted
 * again, as the app keeps them after its own writes
 * (docs/decisions/013-derived-figures.md). The test sets its Jimmy's own
 * figures itself.
 */
export function recountHuntFigures(db: Database.Database) {
  db.transaction(() => {
    for (const statement of RECOUNT_HUNT_FIGURES) db.exec(statement);
  })();
}

/** A photo the seed stored on disk, as the columns a discovery keeps of it. */
export interface StoredPhoto {
  photo_key: string;
  photo_width: number;
  photo_height: number;
  photo_variants: string;
}

/**
 * The photo of the oldest seeded discovery, for discoveries a test plants
 * with plain SQL: other tests read the same feed, and a planted card whose
 * photo does not exist would show them a broken image.
 */
export function storedPhoto(db: Database.Database): StoredPhoto {
  return db
    .prepare("select photo_key, photo_width, photo_height, photo_variants from discoveries order by id limit 1")
    .get() as StoredPhoto;
}
