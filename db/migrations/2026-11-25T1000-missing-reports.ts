import { type Kysely } from "kysely";
import { idColumn, idColumnType } from "./dialect";

/**
 * "It wasn't there" (issue 23, item 5): a signed-in hunter who went to a
 * Jimmy's last place and did not find it says so, with an optional note.
 * One report per hunter per Jimmy counts; reports from two hunters (or an
 * admin's word) make the Jimmy "possibly missing" (`jimmys.status =
 * 'missing'`, already allowed by the status check), and the next find clears
 * both. Reports go with their Jimmy, and with a hunter who leaves.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("missing_reports")
    .addColumn("id", idColumnType(db), idColumn(db))
    .addColumn("jimmy_id", "integer", (c) => c.notNull().references("jimmys.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("missing_reports_one_per_hunter", ["jimmy_id", "user_id"])
    .execute();
  // The admin's queue: the Jimmys with reports, newest first.
  await db.schema.createIndex("missing_reports_created_idx").on("missing_reports").columns(["created_at"]).execute();
  // ...and those marked possibly missing by an admin without reports: few among many.
  await db.schema.createIndex("jimmys_status_idx").on("jimmys").columns(["status"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("jimmys_status_idx").execute();
  await db.schema.dropTable("missing_reports").execute();
}
