import { quoteIdentifier, TEST_SCHEMA_PREFIX, testDatabaseUrl, withAdminClient } from "./postgres";

async function dropTestSchemas() {
  await withAdminClient(testDatabaseUrl(), async (client) => {
    const leftovers = await client.query<{ nspname: string }>("select nspname from pg_namespace where starts_with(nspname, $1)", [
      TEST_SCHEMA_PREFIX,
    ]);
    for (const { nspname } of leftovers.rows) await client.query(`drop schema if exists ${quoteIdentifier(nspname)} cascade`);
  });
}

/**
 * Before the PostgreSQL run: checks the server is there, failing with the
 * setup steps when it is not, and drops what an interrupted run left behind.
 */
export async function setup() {
  await dropTestSchemas();
}

export async function teardown() {
  await dropTestSchemas();
}
