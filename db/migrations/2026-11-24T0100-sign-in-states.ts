import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one instead.
// Each provider sign-in's state, kept on the server (as its SHA-256) from the
// redirect to the provider until the callback consumes it, so a callback can
// complete one sign-in only, even against a provider that would accept its
// code twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sign_in_states")
    .addColumn("state_hash", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sign_in_states_expires_at_idx").on("sign_in_states").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sign_in_states").execute();
}
