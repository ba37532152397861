import { sql, type Kysely } from "kysely";

/**
 * The Hall of Fame's hunter leaderboards (issue 23): each hunter's number of
 * discoveries, of first discoveries and of distinct countries, kept with
 * every write to discoveries (app/models/derived-figures.server.ts), so a
 * page view reads the top of each board from an index instead of counting
 * over every discovery. Each figure keeps the moment it was reached: ties go
 * to the hunter who got there first. A hunter without discoveries has no row.
 */
const FIGURES = ["discovery_count", "first_discovery_count", "country_count"] as const;

/**
 * Every hunter's figures counted from the discoveries; the same statement as
 * RECOUNT_HUNT_FIGURES in app/models/derived-figures.server.ts. A country
 * counts from the hunter's first discovery in it; a figure of zero is dated
 * by the hunter's first discovery.
 */
const COUNT = `insert into hunter_figures (user_id, discovery_count, discovery_count_reached_at,
     first_discovery_count, first_discovery_count_reached_at, country_count, country_count_reached_at)
   select d.user_id, count(*), max(d.created_at),
     sum(d.is_first), coalesce(max(case when d.is_first = 1 then d.created_at end), min(d.created_at)),
     coalesce(max(c.country_count), 0), coalesce(max(c.reached_at), min(d.created_at))
   from discoveries d
   left join (
     select user_id, count(*) as country_count, max(first_at) as reached_at
     from (select user_id, country, min(created_at) as first_at from discoveries where country is not null group by user_id, country) firsts
     group by user_id
   ) c on c.user_id = d.user_id
   group by d.user_id`;

// Frozen: never edit a migration that has shipped; add a new one instead.
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable("hunter_figures")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"));
  for (const name of FIGURES) {
    table = table.addColumn(name, "integer", (c) => c.notNull()).addColumn(`${name}_reached_at`, "text", (c) => c.notNull());
  }
  await table.execute();
  // Each board's top is the first entries of its index: highest figure, then earliest reached.
  for (const name of FIGURES) {
    await db.schema
      .createIndex(`hunter_figures_${name}_idx`)
      .on("hunter_figures")
      .columns([`${name} desc`, `${name}_reached_at`, "user_id"])
      .execute();
  }
  await sql.raw(COUNT).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("hunter_figures").execute();
}
