import type { Kysely } from "kysely";

/**
 * A hunter can see where they are signed in and sign a device out (issue 25,
 * item 2): each session keeps the browser that started it (its User-Agent,
 * cut to 300 characters) and when it was last used (updated at most every
 * few minutes, so reading pages stays free of writes). Sessions started
 * before this have neither: they show as "an unknown browser", last used
 * when they began.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.alterTable("sessions").dropColumn("user_agent").execute();
}
