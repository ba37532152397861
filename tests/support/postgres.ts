import pg from "pg";

/** Where `npm run test:pg` finds PostgreSQL unless TEST_DATABASE_URL says otherwise. */
export const DEFAULT_TEST_DATABASE_URL = "postgres://jimmy:jimmy@127.0.0.1:5432/jimmy_hunt_test";

const SETUP_HINT = [
  "The PostgreSQL tests need PostgreSQL 15 reachable at TEST_DATABASE_URL",
  `(default ${DEFAULT_TEST_DATABASE_URL}). One-time setup on Debian/Ubuntu:`,
  "  sudo bash scripts/setup-test-postgres.sh",
  "or point TEST_DATABASE_URL at a database its role owns (each test creates a schema of its own there).",
].join("\n");

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
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
