import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one instead.
// "Hunt near me" finds the Jimmys last seen around a point without reading
// every Jimmy: an index on each Jimmy's last known position, by tenth-of-a-
// degree band of latitude (about 11 km) and then longitude, so a box around
// a point is one short index range per band. An index on an expression, so
// the position has one source (the columns every report already writes).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index jimmys_position_idx on jimmys ((floor(latitude * 10)), longitude)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index jimmys_position_idx`.execute(db);
}
