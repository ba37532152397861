import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * One mechanism for figures derived from discoveries (ADR 013): the hunt's
 * places, totals and hunters' activity and each Jimmy's places were kept by
 * triggers (2026-11-22T1200-hunt-stats, 2026-11-22T1500-jimmy-places,
 * 2026-11-24T0650-real-places), written twice (SQLite, plpgsql), while each
 * Jimmy's other figures were kept by the application. The application now
 * keeps all of them (app/models/derived-figures.server.ts), so the triggers
 * go, and what they kept is counted once again from the discoveries.
 */

/** The place a discovery counts towards, as 2026-11-24T0650-real-places defines it. */
const placeOf = (row: string) =>
  `(case when ${row}.country is not null then coalesce(${row}.city, '') || '|' || coalesce(${row}.region, '') || '|' || ${row}.country end)`;

const SQLITE_TRIGGERS = [
  "discoveries_stats_insert",
  "discoveries_stats_delete",
  "discoveries_stats_place_update",
  "discoveries_stats_hunter_update",
  "discoveries_jimmy_places_insert",
  "discoveries_jimmy_places_delete",
  "discoveries_jimmy_places_update",
];

const RECOUNT = [
  "delete from hunt_totals",
  "insert into hunt_totals (id, discovery_count) select 1, count(*) from discoveries",
  "delete from hunt_places",
  `insert into hunt_places (place_key, discovery_count)
   select place_key, count(*) from (select ${placeOf("d")} as place_key from discoveries d) places
   where place_key is not null group by place_key`,
  "delete from jimmy_places",
  `insert into jimmy_places (jimmy_id, place_key, discovery_count)
   select jimmy_id, place_key, count(*) from (select d.jimmy_id, ${placeOf("d")} as place_key from discoveries d) places
   where place_key is not null group by jimmy_id, place_key`,
  "delete from hunter_activity",
  "insert into hunter_activity (user_id, last_discovery_at) select user_id, max(created_at) from discoveries group by user_id",
];

const addPlace = (table: "hunt_places" | "jimmy_places") =>
  table === "hunt_places"
    ? `insert into hunt_places (place_key, discovery_count) select ${placeOf("new")}, 1 where ${placeOf("new")} is not null
         on conflict (place_key) do update set discovery_count = hunt_places.discovery_count + 1;`
    : `insert into jimmy_places (jimmy_id, place_key, discovery_count) select new.jimmy_id, ${placeOf("new")}, 1 where ${placeOf("new")} is not null
         on conflict (jimmy_id, place_key) do update set discovery_count = jimmy_places.discovery_count + 1;`;
const removePlace = (table: "hunt_places" | "jimmy_places") => {
  const where = table === "hunt_places" ? `place_key = ${placeOf("old")}` : `jimmy_id = old.jimmy_id and place_key = ${placeOf("old")}`;
  return `update ${table} set discovery_count = discovery_count - 1 where ${where};
     delete from ${table} where ${where} and discovery_count <= 0;`;
};
const ADD_HUNTER = `insert into hunter_activity (user_id, last_discovery_at) values (new.user_id, new.created_at)
     on conflict (user_id) do update set last_discovery_at = case when excluded.last_discovery_at > hunter_activity.last_discovery_at
       then excluded.last_discovery_at else hunter_activity.last_discovery_at end;`;
const REMOVE_HUNTER = `delete from hunter_activity where user_id = old.user_id and not exists (select 1 from discoveries where user_id = old.user_id);
     update hunter_activity set last_discovery_at = (select max(created_at) from discoveries where user_id = old.user_id) where user_id = old.user_id;`;

/** The SQLite triggers as 2026-11-24T0650-real-places left them, for down(). */
const SQLITE_TRIGGER_DEFINITIONS = [
  `create trigger discoveries_stats_insert after insert on discoveries begin
     update hunt_totals set discovery_count = discovery_count + 1; ${addPlace("hunt_places")} ${ADD_HUNTER} end`,
  `create trigger discoveries_stats_delete after delete on discoveries begin
     update hunt_totals set discovery_count = discovery_count - 1; ${removePlace("hunt_places")} ${REMOVE_HUNTER} end`,
  `create trigger discoveries_stats_place_update after update of city, region, country on discoveries
   when ${placeOf("old")} is not ${placeOf("new")} begin ${removePlace("hunt_places")} ${addPlace("hunt_places")} end`,
  `create trigger discoveries_stats_hunter_update after update of user_id, created_at on discoveries begin ${REMOVE_HUNTER} ${ADD_HUNTER} end`,
  `create trigger discoveries_jimmy_places_insert after insert on discoveries begin ${addPlace("jimmy_places")} end`,
  `create trigger discoveries_jimmy_places_delete after delete on discoveries begin ${removePlace("jimmy_places")} end`,
  `create trigger discoveries_jimmy_places_update after update of jimmy_id, city, region, country on discoveries
   when old.jimmy_id is not new.jimmy_id or ${placeOf("old")} is not ${placeOf("new")} begin ${removePlace("jimmy_places")} ${addPlace("jimmy_places")} end`,
];

/** The PostgreSQL trigger functions and triggers as 2026-11-24T0650-real-places left them, for down(). */
const POSTGRES_TRIGGER_DEFINITIONS = [
  `create function discoveries_hunt_stats() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then update hunt_totals set discovery_count = discovery_count + 1; end if;
     if tg_op = 'DELETE' then update hunt_totals set discovery_count = discovery_count - 1; end if;
     if tg_op = 'UPDATE' and ${placeOf("old")} is not distinct from ${placeOf("new")} then null;
     else
       if tg_op in ('DELETE', 'UPDATE') then ${removePlace("hunt_places")} end if;
       if tg_op in ('INSERT', 'UPDATE') then ${addPlace("hunt_places")} end if;
     end if;
     if tg_op in ('DELETE', 'UPDATE') then ${REMOVE_HUNTER} end if;
     if tg_op in ('INSERT', 'UPDATE') then ${ADD_HUNTER} end if;
     return null;
   end
   $$`,
  `create trigger discoveries_hunt_stats after insert or delete or update of city, region, country, user_id, created_at
   on discoveries for each row execute function discoveries_hunt_stats()`,
  `create function discoveries_jimmy_places() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' and old.jimmy_id is not distinct from new.jimmy_id and ${placeOf("old")} is not distinct from ${placeOf("new")} then
       return null;
     end if;
     if tg_op in ('DELETE', 'UPDATE') then ${removePlace("jimmy_places")} end if;
     if tg_op in ('INSERT', 'UPDATE') then ${addPlace("jimmy_places")} end if;
     return null;
   end
   $$`,
  `create trigger discoveries_jimmy_places after insert or delete or update of jimmy_id, city, region, country
   on discoveries for each row execute function discoveries_jimmy_places()`,
];

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger discoveries_hunt_stats on discoveries`.execute(db);
    await sql`drop function discoveries_hunt_stats()`.execute(db);
    await sql`drop trigger discoveries_jimmy_places on discoveries`.execute(db);
    await sql`drop function discoveries_jimmy_places()`.execute(db);
  } else {
    for (const name of SQLITE_TRIGGERS) await sql.raw(`drop trigger ${name}`).execute(db);
  }
  for (const statement of RECOUNT) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of RECOUNT) await sql.raw(statement).execute(db);
  for (const statement of isPostgres(db) ? POSTGRES_TRIGGER_DEFINITIONS : SQLITE_TRIGGER_DEFINITIONS) await sql.raw(statement).execute(db);
}
