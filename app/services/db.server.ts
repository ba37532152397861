import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import type { Database } from "#db/schema";
import { migrations } from "#db/migrations/index";
import { env } from "./env.server";
import { concurrentSqliteDialect } from "./sqlite-driver.server";

export type DB = Kysely<Database>;

/** How long a write waits for another writer's lock before giving up. */
export const BUSY_TIMEOUT_MS = 5000;

export function openSqlite(filePath: string): DB {
  if (filePath !== ":memory:") fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const open = (busyTimeoutMs: number) => {
    const database = new SQLite(filePath);
    database.pragma("journal_mode = WAL");
    database.pragma(`busy_timeout = ${busyTimeoutMs}`);
    database.pragma("foreign_keys = ON");
    database.pragma("synchronous = NORMAL");
    return database;
  };
  // The writer waits for locks asynchronously (see sqlite-driver.server.ts), so SQLite itself must not.
  const writer = open(0);
  const reader = filePath === ":memory:" ? writer : open(BUSY_TIMEOUT_MS);
  return new Kysely<Database>({ dialect: concurrentSqliteDialect({ writer, reader, busyTimeoutMs: BUSY_TIMEOUT_MS }) });
}

export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed`, {
      cause: result.error,
    });
  }
  return result;
}

const globalForDb = globalThis as typeof globalThis & { __jimmyHuntDb?: DB };

/** The process-wide database handle (kept across dev-server reloads). */
export function getDb(): DB {
  globalForDb.__jimmyHuntDb ??= openSqlite(env().databasePath);
  return globalForDb.__jimmyHuntDb;
}

/** A unique-constraint violation, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  return error.code === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || error.code === "23505";
}
