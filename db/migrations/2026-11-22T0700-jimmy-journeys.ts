import type { Kysely } from "kysely";
import { doubleType } from "./dialect";

/**
 * Each discovered Jimmy's Hall of Fame figures, recomputed from its own
 * discoveries on every write, so the Hall of Fame reads one indexed row per
 * record instead of scanning discoveries. Each figure keeps the moment it was
 * reached: ties go to the Jimmy that got there first.
 */
const FIGURES = [
  ["discovery_count", "integer"],
  ["path_miles", doubleType],
  ["furthest_miles", doubleType],
  ["journey_days", "integer"],
  ["country_count", "integer"],
  ["state_count", "integer"],
  ["city_count", "integer"],
] as const;

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable("jimmy_journeys")
    .addColumn("jimmy_id", "integer", (c) => c.primaryKey().references("jimmys.id").onDelete("cascade"));
  for (const [name, type] of FIGURES) {
    table = table.addColumn(name, type, (c) => c.notNull()).addColumn(`${name}_reached_at`, "text", (c) => c.notNull());
  }
  await table
    // JSON arrays, in order of first visit: country codes, US state codes, {city, region, country}.
    .addColumn("countries", "text", (c) => c.notNull())
    .addColumn("states", "text", (c) => c.notNull())
    .addColumn("cities", "text", (c) => c.notNull())
    .execute();
  for (const [name] of FIGURES) {
    await db.schema
      .createIndex(`jimmy_journeys_${name}_idx`)
      .on("jimmy_journeys")
      .columns([`${name} desc`, `${name}_reached_at`, "jimmy_id"])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jimmy_journeys").execute();
}
