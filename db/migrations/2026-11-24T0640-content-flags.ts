import { sql, type Kysely } from "kysely";
import { idColumn, idColumnType } from "./dialect";

/**
 * Hunters in control of what they posted (issue 20, item 5): a comment edited
 * by its author says so (`edited_at`), and anyone may flag a discovery or a
 * comment for the admin. A flag names exactly one of the two; it goes with
 * what it flags when that is deleted (the decision stays in the audit log).
 * `resolved_at`/`resolution` mark a dismissed flag, which leaves the queue.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("comments").addColumn("edited_at", "text").execute();
  await db.schema
    .createTable("flags")
    .addColumn("id", idColumnType(db), idColumn(db))
    .addColumn("discovery_id", "integer", (c) => c.references("discoveries.id").onDelete("cascade"))
    .addColumn("comment_id", "integer", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("client_address", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .addColumn("resolution", "text")
    .addCheckConstraint("flags_one_target_check", sql`(discovery_id is null) <> (comment_id is null)`)
    .addCheckConstraint("flags_reason_check", sql`reason in ('inappropriate', 'not_a_jimmy', 'spam', 'private_information')`)
    .addCheckConstraint("flags_resolution_check", sql`resolution is null or resolution = 'dismissed'`)
    .execute();
  await db.schema.createIndex("flags_discovery_idx").on("flags").columns(["discovery_id", "resolved_at"]).execute();
  await db.schema.createIndex("flags_comment_idx").on("flags").columns(["comment_id", "resolved_at"]).execute();
  await db.schema.createIndex("flags_open_idx").on("flags").columns(["resolved_at", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("flags").execute();
  await db.schema.alterTable("comments").dropColumn("edited_at").execute();
}
