import type { Kysely } from "kysely";

/**
 * `language` on users: the language a hunter chose for the hunt's words to
 * them (its emails above all; app/lib/language.ts names the languages). Null
 * for a hunter who never chose: their emails are written in English.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("language", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("language").execute();
}
