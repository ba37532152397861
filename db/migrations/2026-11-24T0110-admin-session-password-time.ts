import type { Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one instead.
// When the admin last typed the password in this session: the destructive
// admin actions ask for it again once it is older than a few minutes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("password_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("password_at").execute();
}
