import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * Each Jimmy's distinct places, kept by the database on every write to
 * discoveries (triggers), like the hunt's own in 2026-11-22T1200-hunt-stats.
 * A Jimmy's page showed "N locations" by counting distinct places over all of
 * its discoveries on every view: a Jimmy found 20,000 times made its page
 * 3.5× slower than one found 200 times, although both show 20 discoveries.
 * It now counts a few rows of jimmy_places.
 *
 * jimmy_places: (Jimmy, place) with how many of its discoveries name it; a
 * place is a city with state and country, else the typed location
 * lower-cased (placeKey in app/models/stats.server.ts).
 */

/** The place a discovery counts towards; the same expression as placeKey in app/models/stats.server.ts. */
const placeOf = (row: string) =>
  `coalesce(${row}.city || '|' || coalesce(${row}.region, '') || '|' || coalesce(${row}.country, ''), lower(trim(${row}.location)))`;

const add = (row: string) =>
  `insert into jimmy_places (jimmy_id, place_key, discovery_count) select ${row}.jimmy_id, ${placeOf(row)}, 1 where ${placeOf(row)} is not null
     on conflict (jimmy_id, place_key) do update set discovery_count = jimmy_places.discovery_count + 1;`;
const remove = (row: string) =>
  `update jimmy_places set discovery_count = discovery_count - 1 where jimmy_id = ${row}.jimmy_id and place_key = ${placeOf(row)};
     delete from jimmy_places where jimmy_id = ${row}.jimmy_id and place_key = ${placeOf(row)} and discovery_count <= 0;`;

const SQLITE_TRIGGERS = [
  `create trigger discoveries_jimmy_places_insert after insert on discoveries begin ${add("new")} end`,
  `create trigger discoveries_jimmy_places_delete after delete on discoveries begin ${remove("old")} end`,
  `create trigger discoveries_jimmy_places_update after update of jimmy_id, city, region, country, location on discoveries
   when old.jimmy_id is not new.jimmy_id or ${placeOf("old")} is not ${placeOf("new")} begin ${remove("old")} ${add("new")} end`,
];

const POSTGRES_TRIGGER = [
  `create function discoveries_jimmy_places() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' and old.jimmy_id is not distinct from new.jimmy_id and ${placeOf("old")} is not distinct from ${placeOf("new")} then
       return null;
     end if;
     if tg_op in ('DELETE', 'UPDATE') then ${remove("old")} end if;
     if tg_op in ('INSERT', 'UPDATE') then
       if ${placeOf("new")} is not null then
         insert into jimmy_places (jimmy_id, place_key, discovery_count) values (new.jimmy_id, ${placeOf("new")}, 1)
           on conflict (jimmy_id, place_key) do update set discovery_count = jimmy_places.discovery_count + 1;
       end if;
     end if;
     return null;
   end
   $$`,
  `create trigger discoveries_jimmy_places after insert or delete or update of jimmy_id, city, region, country, location
   on discoveries for each row execute function discoveries_jimmy_places()`,
];

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("jimmy_places")
    .addColumn("jimmy_id", "integer", (c) => c.notNull().references("jimmys.id").onDelete("cascade"))
    .addColumn("place_key", "text", (c) => c.notNull())
    .addColumn("discovery_count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("jimmy_places_pk", ["jimmy_id", "place_key"])
    .execute();

  // What already exists, counted once.
  await sql
    .raw(
      `insert into jimmy_places (jimmy_id, place_key, discovery_count)
       select jimmy_id, place_key, count(*) from (select d.jimmy_id, ${placeOf("d")} as place_key from discoveries d) places
       where place_key is not null group by jimmy_id, place_key`,
    )
    .execute(db);

  for (const statement of isPostgres(db) ? POSTGRES_TRIGGER : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger discoveries_jimmy_places on discoveries`.execute(db);
    await sql`drop function discoveries_jimmy_places()`.execute(db);
  } else {
    for (const name of ["discoveries_jimmy_places_insert", "discoveries_jimmy_places_delete", "discoveries_jimmy_places_update"]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropTable("jimmy_places").execute();
}
