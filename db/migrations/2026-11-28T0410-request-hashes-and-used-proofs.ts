import type { Kysely } from "kysely";

/**
 * `idempotency_keys.request_hash`: a hash of what the first request asked
 * (method, path and the fields that define it), so the same key sent with a
 * different request is refused instead of answered with the first's result.
 * Null for keys stored before it: those replay as they did.
 *
 * `used_scan_proofs`: the hash of every scan proof a discovery was recorded
 * with, kept until the proof expires, so a proof serves one report.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("idempotency_keys").addColumn("request_hash", "text").execute();
  await db.schema
    .createTable("used_scan_proofs")
    .addColumn("proof_hash", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("used_scan_proofs_expires_idx").on("used_scan_proofs").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("used_scan_proofs").execute();
  await db.schema.alterTable("idempotency_keys").dropColumn("request_hash").execute();
}
