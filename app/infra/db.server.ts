import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, type Transaction } from "kysely";
import pg from "pg";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import type { Database } from "#db/schema";
import { migrations } from "#db/migrations/index";
import { isPostgres } from "#db/migrations/dialect";
import { env, isPostgresUrl } from "./env.server";
import { concurrentSqliteDialect } from "./sqlite-driver.server";

export type DB = Kysely<Database>;
/** Whatever a query can run on: the database, or a transaction begun on it. */
export type Executor = Kysely<Database> | Transaction<Database>;

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

// PostgreSQL returns bigint (count(*), sum of integers) as a string so no
// precision is lost; every such figure here is a count that fits a JS number,
// and SQLite returns numbers, so both dialects hand the models the same types.
const postgresTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** How many connections one app process keeps open to PostgreSQL. */
export const POSTGRES_POOL_SIZE = 10;

export function openPostgres(url: string, options: { max?: number } = {}): DB {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? POSTGRES_POOL_SIZE, types: postgresTypes });
  // An idle connection that drops (a database restart or failover) is replaced
  // on the next query; without a listener the error would end the process.
  pool.on("error", (error) => console.error("An idle PostgreSQL connection failed:", error.message));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** The database named by DATABASE_URL: PostgreSQL for a postgres:// URL, otherwise a SQLite file. */
export function openDatabase(config: { databaseUrl: string | null; databasePath: string }): DB {
  return isPostgresUrl(config.databaseUrl) ? openPostgres(config.databaseUrl) : openSqlite(config.databasePath);
}

/**
 * Applies the pending migrations. On PostgreSQL the migration bookkeeping is
 * looked up in the schema the connection works in (its search_path), not in
 * whichever schema of the database happens to hold a table of that name.
 */
export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: isPostgres(db) ? await currentSchema(db) : undefined,
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

async function currentSchema(db: DB): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

/** A short description of the database for operators' messages, without its password. */
export function describeDatabase(config: { databaseUrl: string | null; databasePath: string }): string {
  if (!isPostgresUrl(config.databaseUrl)) return config.databasePath;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

const globalForDb = globalThis as typeof globalThis & { __jimmyHuntDb?: DB };

/** The process-wide database handle (kept across dev-server reloads). */
export function getDb(): DB {
  globalForDb.__jimmyHuntDb ??= openDatabase(env());
  return globalForDb.__jimmyHuntDb;
}

/** A unique-constraint violation, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  return error.code === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || error.code === "23505";
}

/** Whether the database answers a trivial query (for the health check). */
export async function databaseAnswers(db: DB = getDb()): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
