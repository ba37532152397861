import type { Kysely } from "kysely";

/**
 * `position_radius_m` on discoveries and jimmys: how far, in metres, a
 * published position may be from where the hunter stood, when they chose to
 * publish it approximately (1000: rounded to about 1 km before it was
 * stored). Null for a position published as measured, or for none. A town
 * centre guessed from typed text stays `location_approximate`. Rows written
 * before it cannot be told apart, so they stay null: shown as they were.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("discoveries").addColumn("position_radius_m", "integer").execute();
  await db.schema.alterTable("jimmys").addColumn("position_radius_m", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jimmys").dropColumn("position_radius_m").execute();
  await db.schema.alterTable("discoveries").dropColumn("position_radius_m").execute();
}
