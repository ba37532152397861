import type { Kysely } from "kysely";
import { idColumn, idColumnType } from "./dialect";

/**
 * Sign-in by a one-time code sent by email (issue 29, item 5). A row is one
 * code asked for one address: never the code itself, only its keyed hash;
 * how many wrong codes were typed against it; when it was used (once).
 * Rows live minutes and are pruned as new codes are asked for.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sign_in_codes")
    .addColumn("id", idColumnType(db), idColumn(db))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("wrong_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("sign_in_codes_email_idx").on("sign_in_codes").column("email").execute();
  await db.schema.createIndex("sign_in_codes_expires_at_idx").on("sign_in_codes").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sign_in_codes").execute();
}
