import type { Kysely } from "kysely";
import { idColumn, idColumnType } from "./dialect";

/**
 * "Download my data" (issue 25, item 3): each archive a hunter (or an admin,
 * for a request by email) asks for, built by a job outside the request,
 * stored at `storage_key` until `expires_at`, then deleted.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("data_exports")
    .addColumn("id", idColumnType(db), idColumn(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("requested_by", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("storage_key", "text")
    .addColumn("size", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("ready_at", "text")
    .addColumn("expires_at", "text")
    .execute();
  await db.schema.createIndex("data_exports_user_idx").on("data_exports").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("data_exports").execute();
}
