import { startEmbeddedPostgres } from "./embedded-postgres";
import {
  EMBEDDED_POSTGRES_PLAN_VARIABLE,
  quoteIdentifier,
  TEST_SCHEMA_PREFIX,
  testDatabaseUrl,
  withAdminClient,
  type EmbeddedPostgresPlan,
} from "./postgres";

/** Whether the test worker that created a schema (its pid is in the name) is still running, e.g. in another run. */
function ownerIsAlive(schema: string): boolean {
  const pid = Number(schema.slice(TEST_SCHEMA_PREFIX.length).split("_")[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function dropLeftoverSchemas() {
  await withAdminClient(testDatabaseUrl(), async (client) => {
    const schemas = await client.query<{ nspname: string }>("select nspname from pg_namespace where starts_with(nspname, $1)", [
      TEST_SCHEMA_PREFIX,
    ]);
    for (const { nspname } of schemas.rows) {
      if (!ownerIsAlive(nspname)) await client.query(`drop schema if exists ${quoteIdentifier(nspname)} cascade`);
    }
  });
}

let embedded: { stop: () => Promise<void> } | null = null;

/**
 * Before the PostgreSQL run: starts the run's own throwaway PostgreSQL when
 * vitest.pg.config.ts found none to use; otherwise checks the server is there,
 * failing with the setup steps when it is not, and drops what an interrupted
 * run left behind.
 */
export async function setup() {
  const plan = process.env[EMBEDDED_POSTGRES_PLAN_VARIABLE];
  if (plan) {
    embedded = await startEmbeddedPostgres(JSON.parse(plan) as EmbeddedPostgresPlan);
    return;
  }
  await dropLeftoverSchemas();
}

export async function teardown() {
  if (embedded) {
    await embedded.stop();
    embedded = null;
    return;
  }
  await dropLeftoverSchemas();
}
