import type { Kysely } from "kysely";

/**
 * `hunt_totals.discoveries_version`: moved by every write that changes what a
 * page shows of any discovery (afterDiscoveriesChanged, ADR 013, and a
 * discovery's photo being replaced), as `jimmys.journey_version` is for one
 * Jimmy's. The Hall of Fame, the same for every reader, is read again only
 * when it has moved: one read of this row instead of a query per record and
 * two per holder's journey.
 */
// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("hunt_totals")
    .addColumn("discoveries_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("hunt_totals").dropColumn("discoveries_version").execute();
}
