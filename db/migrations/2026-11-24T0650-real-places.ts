import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * Places count only when they are real (issue 27, items 4 and 5).
 *
 * - The hunt's Locations figure and each Jimmy's counted every distinct typed
 *   text that named no place ("x", "somewhere private"). A discovery now counts
 *   towards a place only when its place is known: its city (with state and
 *   country), else the state or country it is in. The triggers of
 *   2026-11-22T1200-hunt-stats and 2026-11-22T1500-jimmy-places are replaced by
 *   ones with that key, and both tables are counted again.
 * - The map's "Last seen" showed one discovery's place with a later one's date,
 *   and coordinates guessed from a typed city as if measured: jimmys gains the
 *   date of the discovery its position comes from (located_at) and whether that
 *   position is approximate.
 */

/** The place a discovery counts towards; the same expression as placeKey in app/models/stats.server.ts. */
const knownPlace = (row: string) =>
  `(case when ${row}.country is not null then coalesce(${row}.city, '') || '|' || coalesce(${row}.region, '') || '|' || ${row}.country end)`;
/** What the replaced triggers counted: the typed text when no city was known. */
const placeOrText = (row: string) =>
  `coalesce(${row}.city || '|' || coalesce(${row}.region, '') || '|' || coalesce(${row}.country, ''), lower(trim(${row}.location)))`;

/** The SQLite triggers of 2026-11-22T1200-hunt-stats and 2026-11-22T1500-jimmy-places that count places. */
const PLACE_TRIGGERS = [
  "discoveries_stats_insert",
  "discoveries_stats_delete",
  "discoveries_stats_place_update",
  "discoveries_jimmy_places_insert",
  "discoveries_jimmy_places_delete",
  "discoveries_jimmy_places_update",
];

type PlaceOf = (row: string) => string;

/** The triggers of the two earlier migrations, by the same names, with a given place key. */
const sqliteTriggers = (placeOf: PlaceOf, placeColumns: string) => [
  `create trigger discoveries_stats_insert after insert on discoveries begin
     update hunt_totals set discovery_count = discovery_count + 1;
     insert into hunt_places (place_key, discovery_count) select ${placeOf("new")}, 1 where ${placeOf("new")} is not null
       on conflict (place_key) do update set discovery_count = hunt_places.discovery_count + 1;
     insert into hunter_activity (user_id, last_discovery_at) values (new.user_id, new.created_at)
       on conflict (user_id) do update set last_discovery_at = case when excluded.last_discovery_at > hunter_activity.last_discovery_at
         then excluded.last_discovery_at else hunter_activity.last_discovery_at end;
   end`,
  `create trigger discoveries_stats_delete after delete on discoveries begin
     update hunt_totals set discovery_count = discovery_count - 1;
     update hunt_places set discovery_count = discovery_count - 1 where place_key = ${placeOf("old")};
     delete from hunt_places where place_key = ${placeOf("old")} and discovery_count <= 0;
     delete from hunter_activity where user_id = old.user_id and not exists (select 1 from discoveries where user_id = old.user_id);
     update hunter_activity set last_discovery_at = (select max(created_at) from discoveries where user_id = old.user_id) where user_id = old.user_id;
   end`,
  `create trigger discoveries_stats_place_update after update of ${placeColumns} on discoveries
   when ${placeOf("old")} is not ${placeOf("new")} begin
     update hunt_places set discovery_count = discovery_count - 1 where place_key = ${placeOf("old")};
     delete from hunt_places where place_key = ${placeOf("old")} and discovery_count <= 0;
     insert into hunt_places (place_key, discovery_count) select ${placeOf("new")}, 1 where ${placeOf("new")} is not null
       on conflict (place_key) do update set discovery_count = hunt_places.discovery_count + 1;
   end`,
  `create trigger discoveries_jimmy_places_insert after insert on discoveries begin
     insert into jimmy_places (jimmy_id, place_key, discovery_count) select new.jimmy_id, ${placeOf("new")}, 1 where ${placeOf("new")} is not null
       on conflict (jimmy_id, place_key) do update set discovery_count = jimmy_places.discovery_count + 1;
   end`,
  `create trigger discoveries_jimmy_places_delete after delete on discoveries begin
     update jimmy_places set discovery_count = discovery_count - 1 where jimmy_id = old.jimmy_id and place_key = ${placeOf("old")};
     delete from jimmy_places where jimmy_id = old.jimmy_id and place_key = ${placeOf("old")} and discovery_count <= 0;
   end`,
  `create trigger discoveries_jimmy_places_update after update of jimmy_id, ${placeColumns} on discoveries
   when old.jimmy_id is not new.jimmy_id or ${placeOf("old")} is not ${placeOf("new")} begin
     update jimmy_places set discovery_count = discovery_count - 1 where jimmy_id = old.jimmy_id and place_key = ${placeOf("old")};
     delete from jimmy_places where jimmy_id = old.jimmy_id and place_key = ${placeOf("old")} and discovery_count <= 0;
     insert into jimmy_places (jimmy_id, place_key, discovery_count) select new.jimmy_id, ${placeOf("new")}, 1 where ${placeOf("new")} is not null
       on conflict (jimmy_id, place_key) do update set discovery_count = jimmy_places.discovery_count + 1;
   end`,
];

/** The PostgreSQL trigger functions and triggers of the two earlier migrations, with a given place key. */
const postgresTriggers = (placeOf: PlaceOf, placeColumns: string) => [
  `create or replace function discoveries_hunt_stats() returns trigger language plpgsql as $$
   declare
     old_place text;
     new_place text;
   begin
     if tg_op in ('DELETE', 'UPDATE') then old_place := ${placeOf("old")}; end if;
     if tg_op in ('INSERT', 'UPDATE') then new_place := ${placeOf("new")}; end if;
     if tg_op = 'INSERT' then update hunt_totals set discovery_count = discovery_count + 1; end if;
     if tg_op = 'DELETE' then update hunt_totals set discovery_count = discovery_count - 1; end if;
     if old_place is distinct from new_place then
       if old_place is not null then
         update hunt_places set discovery_count = discovery_count - 1 where place_key = old_place;
         delete from hunt_places where place_key = old_place and discovery_count <= 0;
       end if;
       if new_place is not null then
         insert into hunt_places (place_key, discovery_count) values (new_place, 1)
           on conflict (place_key) do update set discovery_count = hunt_places.discovery_count + 1;
       end if;
     end if;
     if tg_op in ('DELETE', 'UPDATE') then
       delete from hunter_activity where user_id = old.user_id and not exists (select 1 from discoveries where user_id = old.user_id);
       update hunter_activity set last_discovery_at = (select max(created_at) from discoveries where user_id = old.user_id) where user_id = old.user_id;
     end if;
     if tg_op in ('INSERT', 'UPDATE') then
       insert into hunter_activity (user_id, last_discovery_at) values (new.user_id, new.created_at)
         on conflict (user_id) do update set last_discovery_at = greatest(excluded.last_discovery_at, hunter_activity.last_discovery_at);
     end if;
     return null;
   end
   $$`,
  `create or replace function discoveries_jimmy_places() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' and old.jimmy_id is not distinct from new.jimmy_id and ${placeOf("old")} is not distinct from ${placeOf("new")} then
       return null;
     end if;
     if tg_op in ('DELETE', 'UPDATE') then
       update jimmy_places set discovery_count = discovery_count - 1 where jimmy_id = old.jimmy_id and place_key = ${placeOf("old")};
       delete from jimmy_places where jimmy_id = old.jimmy_id and place_key = ${placeOf("old")} and discovery_count <= 0;
     end if;
     if tg_op in ('INSERT', 'UPDATE') then
       if ${placeOf("new")} is not null then
         insert into jimmy_places (jimmy_id, place_key, discovery_count) values (new.jimmy_id, ${placeOf("new")}, 1)
           on conflict (jimmy_id, place_key) do update set discovery_count = jimmy_places.discovery_count + 1;
       end if;
     end if;
     return null;
   end
   $$`,
  `drop trigger discoveries_hunt_stats on discoveries`,
  `create trigger discoveries_hunt_stats after insert or delete or update of ${placeColumns}, user_id, created_at
   on discoveries for each row execute function discoveries_hunt_stats()`,
  `drop trigger discoveries_jimmy_places on discoveries`,
  `create trigger discoveries_jimmy_places after insert or delete or update of jimmy_id, ${placeColumns}
   on discoveries for each row execute function discoveries_jimmy_places()`,
];

async function countPlaces(db: Kysely<any>, placeOf: PlaceOf, placeColumns: string): Promise<void> {
  if (isPostgres(db)) {
    for (const statement of postgresTriggers(placeOf, placeColumns)) await sql.raw(statement).execute(db);
  } else {
    for (const name of PLACE_TRIGGERS) await sql.raw(`drop trigger ${name}`).execute(db);
    for (const statement of sqliteTriggers(placeOf, placeColumns)) await sql.raw(statement).execute(db);
  }

  // Everything counted again with the new key.
  await sql`delete from hunt_places`.execute(db);
  await sql`delete from jimmy_places`.execute(db);
  await sql
    .raw(
      `insert into hunt_places (place_key, discovery_count)
       select place_key, count(*) from (select ${placeOf("d")} as place_key from discoveries d) places
       where place_key is not null group by place_key`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into jimmy_places (jimmy_id, place_key, discovery_count)
       select jimmy_id, place_key, count(*) from (select d.jimmy_id, ${placeOf("d")} as place_key from discoveries d) places
       where place_key is not null group by jimmy_id, place_key`,
    )
    .execute(db);
}

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  // A change of typed text alone no longer moves a place.
  await countPlaces(db, knownPlace, "city, region, country");

  await db.schema.alterTable("jimmys").addColumn("located_at", "text").execute();
  await db.schema
    .alterTable("jimmys")
    .addColumn("location_approximate", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The discovery each Jimmy's position comes from (as refreshJimmyAggregates chooses it):
  // its latest with coordinates, else its latest with a typed location.
  const source = (column: string) => `(select d.${column} from discoveries d where d.jimmy_id = jimmys.id
      and (d.latitude is not null and d.longitude is not null
        or d.location is not null and not exists (select 1 from discoveries c where c.jimmy_id = jimmys.id and c.latitude is not null and c.longitude is not null))
      order by d.created_at desc, d.id desc limit 1)`;
  await sql
    .raw(
      `update jimmys set located_at = ${source("created_at")}, location_approximate = coalesce(${source("location_approximate")}, 0)
       where discovery_count > 0`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("jimmys").dropColumn("location_approximate").execute();
  await db.schema.alterTable("jimmys").dropColumn("located_at").execute();
  await countPlaces(db, placeOrText, "city, region, country, location");
}
