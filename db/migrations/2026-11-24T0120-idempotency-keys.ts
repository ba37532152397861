import type { Kysely } from "kysely";

/**
 * Idempotency keys (issue 19): each report, comment and like may carry a key
 * chosen by the client; the row here is written in the same transaction as
 * what the request created, and `result` is what the first request answered,
 * so a repeat (a lost answer retried, a form posted twice) gets that answer
 * back instead of creating a second row. Unique per (scope, key): the scope
 * is the hunter (`user:12`), or for a comment form the form's per-copy token.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("result", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_created_idx").on("idempotency_keys").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
