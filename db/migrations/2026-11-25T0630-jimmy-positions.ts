import { sql, type Kysely } from "kysely";

// Frozen: never edit a migration that has shipped; add a new one instead.
// "Hunt near me" finds the Jimmys last seen around a point without reading
// every Jimmy: an index on each Jimmy's last known position, by tenth-of-a-
// degree band of latitude (about 11 km) and then longitude, so a strip of a
// circle around a point is one short index range per band. An index on an
// expression, so the position has one source (the columns every report
// already writes); it also holds what the search reads of each Jimmy
// (latitude, status, serial), so the search never visits the table itself.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index jimmys_position_idx on jimmys ((floor(latitude * 10)), longitude, latitude, status, serial_number)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index jimmys_position_idx`.execute(db);
}
