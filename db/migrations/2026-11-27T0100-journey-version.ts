import type { Kysely } from "kysely";

/**
 * `jimmys.journey_version`: moved by every write to a Jimmy's discoveries
 * (afterDiscoveriesChanged, ADR 013), so the Jimmy page can tell that the
 * journey map it drew last is still its journey from one indexed read,
 * instead of reading every stop (20,000 for a Jimmy of a million-discovery
 * hunt, 72 ms of each view of its page).
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("jimmys")
    .addColumn("journey_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jimmys").dropColumn("journey_version").execute();
}
