import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import type { Database } from "#db/schema";
import { migrations } from "#db/migrations/index";
import { answerBusyWith503 } from "./db-busy.server";
import { env } from "./env.server";

export type DB = Kysely<Database>;

/** How long a write waits for another writer's lock before giving up. */
export const BUSY_TIMEOUT_MS = 5000;

export function openSqlite(filePath: string): DB {
  if (filePath !== ":memory:") fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const database = new SQLite(filePath);
  database.pragma("journal_mode = WAL");
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  database.pragma("foreign_keys = ON");
  database.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: answerBusyWith503(database) }) });
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
