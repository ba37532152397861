import { sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";

/**
 * The home page's totals, kept by the database on every write to discoveries
 * (triggers), so a page view reads a few small rows instead of counting
 * distinct places and hunters over every discovery. Triggers see every
 * write — the app's, the seed's, an operator's SQL — and stay exact with
 * several app processes sharing one database.
 *
 * - hunt_places: each distinct place (city with state and country, else the
 *   typed location lower-cased) with how many discoveries name it;
 * - hunter_activity: each hunter's latest discovery, for "active in the last
 *   30 days";
 * - hunt_totals: one row, the number of discoveries.
 */

/** The place a discovery counts towards; the same expression as placeKey in app/models/stats.server.ts. */
const placeOf = (row: string) =>
  `coalesce(${row}.city || '|' || coalesce(${row}.region, '') || '|' || coalesce(${row}.country, ''), lower(trim(${row}.location)))`;

const SQLITE_TRIGGERS = [
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
  `create trigger discoveries_stats_place_update after update of city, region, country, location on discoveries
   when ${placeOf("old")} is not ${placeOf("new")} begin
     update hunt_places set discovery_count = discovery_count - 1 where place_key = ${placeOf("old")};
     delete from hunt_places where place_key = ${placeOf("old")} and discovery_count <= 0;
     insert into hunt_places (place_key, discovery_count) select ${placeOf("new")}, 1 where ${placeOf("new")} is not null
       on conflict (place_key) do update set discovery_count = hunt_places.discovery_count + 1;
   end`,
  `create trigger discoveries_stats_hunter_update after update of user_id, created_at on discoveries begin
     delete from hunter_activity where user_id = old.user_id and not exists (select 1 from discoveries where user_id = old.user_id);
     update hunter_activity set last_discovery_at = (select max(created_at) from discoveries where user_id = old.user_id) where user_id = old.user_id;
     insert into hunter_activity (user_id, last_discovery_at) values (new.user_id, new.created_at)
       on conflict (user_id) do update set last_discovery_at = case when excluded.last_discovery_at > hunter_activity.last_discovery_at
         then excluded.last_discovery_at else hunter_activity.last_discovery_at end;
   end`,
];

const POSTGRES_TRIGGER = [
  `create function discoveries_hunt_stats() returns trigger language plpgsql as $$
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
  `create trigger discoveries_hunt_stats after insert or delete or update of city, region, country, location, user_id, created_at
   on discoveries for each row execute function discoveries_hunt_stats()`,
];

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("hunt_places")
    .addColumn("place_key", "text", (c) => c.primaryKey())
    .addColumn("discovery_count", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("hunter_activity")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("last_discovery_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("hunter_activity_last_discovery_idx").on("hunter_activity").column("last_discovery_at").execute();
  await db.schema
    .createTable("hunt_totals")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("discovery_count", "integer", (c) => c.notNull())
    .addCheckConstraint("hunt_totals_single_row", sql`id = 1`)
    .execute();

  // What already exists, counted once.
  await sql`insert into hunt_totals (id, discovery_count) select 1, count(*) from discoveries`.execute(db);
  await sql
    .raw(
      `insert into hunt_places (place_key, discovery_count)
       select place_key, count(*) from (select ${placeOf("d")} as place_key from discoveries d) places
       where place_key is not null group by place_key`,
    )
    .execute(db);
  await sql`insert into hunter_activity (user_id, last_discovery_at) select user_id, max(created_at) from discoveries group by user_id`.execute(
    db,
  );

  for (const statement of isPostgres(db) ? POSTGRES_TRIGGER : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger discoveries_hunt_stats on discoveries`.execute(db);
    await sql`drop function discoveries_hunt_stats()`.execute(db);
  } else {
    for (const name of [
      "discoveries_stats_insert",
      "discoveries_stats_delete",
      "discoveries_stats_place_update",
      "discoveries_stats_hunter_update",
    ]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  for (const table of ["hunt_totals", "hunter_activity", "hunt_places"]) await db.schema.dropTable(table).execute();
}
