import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one instead.
// Each hunter's display name folded for comparison (case, look-alike
// characters, invisible characters: app/services/names.server.ts), so an
// anonymous comment cannot take a registered hunter's name. Null until the
// app computes it: existing rows are filled in the first time a name is checked.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("name_key_lower", "text").execute();
  await db.schema.alterTable("users").addColumn("name_key_upper", "text").execute();
  await db.schema.createIndex("users_name_key_lower_idx").on("users").column("name_key_lower").execute();
  await db.schema.createIndex("users_name_key_upper_idx").on("users").column("name_key_upper").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_name_key_upper_idx").execute();
  await db.schema.dropIndex("users_name_key_lower_idx").execute();
  await db.schema.alterTable("users").dropColumn("name_key_upper").execute();
  await db.schema.alterTable("users").dropColumn("name_key_lower").execute();
}
