import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one instead.
// The permanent key a temporary upload is being published under, written
// before the photo's variants are: if the process dies before the discovery
// is recorded, the sweeper knows which objects to remove.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("temp_uploads").addColumn("photo_key", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("temp_uploads").dropColumn("photo_key").execute();
}
