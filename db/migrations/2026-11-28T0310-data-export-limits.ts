import { sql, type Kysely } from "kysely";

/**
 * At most one archive of a hunter's data is being prepared at a time, held by
 * the database rather than by a check before the insert (twenty requests at
 * once made up to eight): app/services/data-export.server.ts inserts with
 * ON CONFLICT DO NOTHING against this index.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  // Archives the old check let through twice: the newest of each hunter's stays pending, the others are
  // marked failed (their build job skips anything not pending), so the index can be built.
  await db
    .updateTable("data_exports")
    .set({ status: "failed" })
    .where("status", "=", "pending")
    .where(
      "id",
      "not in",
      db
        .selectFrom("data_exports")
        .select((eb) => eb.fn.max("id").as("id"))
        .where("status", "=", "pending")
        .groupBy("user_id"),
    )
    .execute();
  await db.schema
    .createIndex("data_exports_one_pending")
    .on("data_exports")
    .column("user_id")
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("data_exports_one_pending").execute();
}
