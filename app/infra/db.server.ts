import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, type Compilable, type CompiledQuery, type QueryResult, type Transaction } from "kysely";
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

/** Stands for the argument at `index` while a statement is built once. */
class Slot {
  constructor(readonly index: number) {}
}

type Compiled<Row> = { query: CompiledQuery<Row>; slots: readonly number[] };

/**
 * A statement that runs on every page (the signed-in hunter's session), built
 * and compiled by Kysely once per database rather than on each request: Kysely
 * is handed a stand-in for each argument, and each run sends the compiled SQL
 * with the arguments in the stand-ins' places (the values the statement fixed
 * itself stay as they were). Each argument must be a plain value compared or
 * stored as it is (a string, a number), never one Kysely reads while building
 * (a list for `in`, a null for `is`).
 */
export function compiledOnce<Args extends readonly unknown[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<QueryResult<Row>> {
  const byDatabase = new WeakMap<Executor, Compiled<Row>>();
  return (db, ...args) => {
    let compiled = byDatabase.get(db);
    if (compiled === undefined) {
      const query = build(db, ...(args.map((_, index) => new Slot(index)) as unknown as Args)).compile();
      const slots = query.parameters.map((parameter) => (parameter instanceof Slot ? parameter.index : -1));
      if (new Set(slots.filter((slot) => slot !== -1)).size !== args.length) {
        throw new Error("compiledOnce: every argument must appear in the statement as a value of its own.");
      }
      compiled = { query, slots };
      byDatabase.set(db, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((parameter, i) => (slots[i] === -1 ? parameter : args[slots[i]!]));
    return db.executeQuery<Row>({ ...query, parameters });
  };
}

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
