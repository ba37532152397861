import type { Kysely } from "kysely";

/**
 * A discovery's own page (issue 24, item 1) is where share buttons lead, so
 * its link must stay meaningful after the discovery is deleted: 410 Gone
 * with a friendly page, not 404. Deleting a discovery leaves a row here with
 * its id and its Jimmy (nothing personal: no photo, caption or hunter).
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("removed_discoveries")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("jimmy_id", "integer", (c) => c.references("jimmys.id").onDelete("set null"))
    .addColumn("removed_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("removed_discoveries").execute();
}
