import { sql, type Kysely } from "kysely";

/**
 * A hunter chooses their display name and profile photo (issue 25, item 1),
 * and a later sign-in must not undo it:
 * - `name_chosen`: 1 once they set their name here; the provider's name no
 *   longer replaces it.
 * - `photo_choice`: 'provider' (the provider's picture, as before), 'upload'
 *   (their own, re-encoded and stored at `photo_key`) or 'none'.
 * - `provider_image_url`: the provider's latest picture, kept apart from the
 *   one shown, so "use my provider's photo" can come back to it.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("name_chosen", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("photo_choice", "text", (c) => c.notNull().defaultTo("provider"))
    .execute();
  await db.schema.alterTable("users").addColumn("photo_key", "text").execute();
  await db.schema.alterTable("users").addColumn("provider_image_url", "text").execute();
  await sql`update users set provider_image_url = profile_image_url`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["provider_image_url", "photo_key", "photo_choice", "name_chosen"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
