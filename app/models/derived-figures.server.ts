import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#db/schema";
import type { Executor } from "~/infra/db.server";
import { journeyMilestones } from "~/lib/journey";
import { displayPlace } from "~/lib/places";
import { saveJourneyFigures } from "./hall-of-fame.server";
import { selectJourney } from "./jimmys.server";
import { saveMilestones } from "./milestones.server";
import { notifyMilestone } from "./notifications.server";

/**
 * Every figure derived from the discoveries table, kept by one function that
 * each writer of discoveries calls in its own transaction (ADR 013):
 *
 * - each Jimmy's row: discovery count, first and last dates, latest position
 *   and its place name, status hidden ⇄ discovered (or possibly missing);
 * - jimmy_journeys: each Jimmy's Hall of Fame figures;
 * - jimmy_places: each Jimmy's distinct places with how many discoveries name them;
 * - hunt_places, hunt_totals: the hunt's distinct places and its number of
 *   discoveries, and the version that moves with every such write (pages the
 *   same for every reader, the Hall of Fame, keep what they read until it moves);
 * - hunter_activity: each hunter's latest discovery;
 * - hunter_figures: each hunter's Hall of Fame figures (discoveries, first
 *   discoveries, countries), each with the moment it was reached.
 *
 * Pages read these few rows instead of counting over every discovery.
 */

/**
 * The place a discovery counts towards, as SQL over a row alias: its city
 * (with state and country) when known, else the US state or country it is in;
 * none when no place is known, so typed text that names no place ("x")
 * counts nowhere (README, "How the figures are counted").
 */
const placeOf = (row: string) =>
  `(case when ${row}.country is not null then coalesce(${row}.city, '') || '|' || coalesce(${row}.region, '') || '|' || ${row}.country end)`;

/**
 * The hunt's discoveries version: it moves with every write that changes what
 * a page shows of any discovery, so what was read of them at one version is
 * current for as long as it reads the same.
 */
export async function readDiscoveriesVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom("hunt_totals").select("discoveries_version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.discoveries_version ?? 0);
}

/** What a write to discoveries touched. */
export type DiscoveriesChange = {
  /** Every Jimmy that gained, lost or changed a discovery (both of them when a discovery moves to another Jimmy). */
  jimmyIds: readonly number[];
  /**
   * Every hunter who gained or lost a discovery, or whose discovery's date,
   * place or first-discovery mark changed (the finder of the next discovery
   * when a Jimmy's first is deleted).
   */
  hunterIds: readonly number[];
  /** The discovery just reported, when that is the write: the milestones it reaches are told to its hunter and the Jimmy's watchers. */
  recorded?: number;
};

/**
 * Brings every derived figure in step with a write to discoveries. Called in
 * the write's own transaction, after it, by every model function that writes
 * discoveries. Costs O(the touched Jimmys' journeys), never the whole table:
 * the hunt's figures move by the difference between each Jimmy's old and new
 * counts. Jimmys are handled in ascending id order, then the hunt's shared
 * rows, then hunters, so concurrent writers on PostgreSQL take their locks in
 * one order.
 */
export async function afterDiscoveriesChanged(trx: Transaction<Database>, change: DiscoveriesChange): Promise<void> {
  const hunt: HuntDelta = { discoveries: 0, places: new Map() };
  for (const jimmyId of ascendingUnique(change.jimmyIds)) await refreshJimmy(trx, jimmyId, hunt, change.recorded);
  await moveHuntFigures(trx, hunt);
  for (const hunterId of ascendingUnique(change.hunterIds)) await refreshHunter(trx, hunterId);
}

/** How the hunt's figures move: its number of discoveries, and each place's count. */
type HuntDelta = { discoveries: number; places: Map<string, number> };

/**
 * The hunt-wide figures counted from scratch over every discovery: plain SQL
 * that any SQLite or PostgreSQL client can run (the browser tests' planted
 * rows use it too). Reads the whole table; for bulk loads and checks, never
 * for a request.
 */
export const RECOUNT_HUNT_FIGURES: readonly string[] = [
  // The row stays, so its discoveries version only ever moves on: a reader never takes a new count for one it read before.
  "insert into hunt_totals (id, discovery_count) select 1, 0 where not exists (select 1 from hunt_totals)",
  "update hunt_totals set discovery_count = (select count(*) from discoveries), discoveries_version = discoveries_version + 1",
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
  "delete from hunter_figures",
  // A country counts from the hunter's first discovery in it; a figure of zero is dated by their first discovery.
  `insert into hunter_figures (user_id, discovery_count, discovery_count_reached_at,
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
   group by d.user_id`,
];

/**
 * Every derived figure recomputed from scratch, in one transaction: for a
 * bulk load that wrote discoveries with plain SQL (the benchmark's data), and
 * for the check that the incremental path stays exact. O(all discoveries).
 */
export async function recountDerivedFigures(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const jimmys = await trx.selectFrom("jimmys").select("id").orderBy("id").execute();
    for (const { id } of jimmys) await refreshJimmy(trx, id, { discoveries: 0, places: new Map() });
    for (const statement of RECOUNT_HUNT_FIGURES) await sql.raw(statement).execute(trx);
  });
}

function ascendingUnique(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * Recomputes one Jimmy's figures from its own discoveries, and adds what
 * changed to the hunt's delta. O(journey length).
 */
async function refreshJimmy(trx: Transaction<Database>, jimmyId: number, hunt: HuntDelta, recorded?: number): Promise<void> {
  // Locks the Jimmy's row first (a write that changes nothing): on PostgreSQL
  // a concurrent write to the same Jimmy waits here until this one has
  // committed, then reads a journey and counts that include it, so neither
  // overwrites the other's figures. SQLite runs one write transaction at a time anyway.
  const current = await trx
    .updateTable("jimmys")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("id", "=", jimmyId)
    .returning(["status", "discovery_count"])
    .executeTakeFirst();
  if (!current) return;
  const [journey, placesBefore, placesNow] = await Promise.all([
    selectJourney(trx, jimmyId).execute(),
    trx.selectFrom("jimmy_places").select(["place_key", "discovery_count"]).where("jimmy_id", "=", jimmyId).execute(),
    trx
      .selectFrom(
        trx
          .selectFrom("discoveries as d")
          .select(sql<string | null>`${sql.raw(placeOf("d"))}`.as("place_key"))
          .where("d.jimmy_id", "=", jimmyId)
          .as("places"),
      )
      .select(["place_key", (eb) => eb.fn.countAll<number>().as("n")])
      .where("place_key", "is not", null)
      .groupBy("place_key")
      .execute(),
  ]);

  await saveJimmyPlaces(
    trx,
    jimmyId,
    new Map(placesBefore.map((p) => [p.place_key, Number(p.discovery_count)])),
    new Map(placesNow.map((p) => [p.place_key!, Number(p.n)])),
    hunt,
  );
  const count = journey.length;
  hunt.discoveries += count - Number(current.discovery_count);

  // Where the Jimmy is now: its latest discovery with coordinates (the map needs
  // them), else its latest with a typed location, named as every page names it
  // (what its finder typed, else its derived place), and dated by that same discovery.
  const latestLocated =
    journey.findLast((d) => d.latitude !== null && d.longitude !== null) ?? journey.findLast((d) => d.location !== null);
  let status = current.status;
  if (count > 0 && status === "hidden") status = "discovered";
  // Every discovery deleted: nothing was ever found, so not "possibly missing" either.
  if (count === 0 && (status === "discovered" || status === "missing")) status = "hidden";
  await trx
    .updateTable("jimmys")
    .set({
      discovery_count: count,
      first_discovery_at: journey[0]?.created_at ?? null,
      last_discovery_at: journey[count - 1]?.created_at ?? null,
      latitude: latestLocated?.latitude ?? null,
      longitude: latestLocated?.longitude ?? null,
      location: latestLocated ? displayPlace({ ...latestLocated, approximate: latestLocated.location_approximate === 1 }) : null,
      located_at: latestLocated?.created_at ?? null,
      location_approximate: latestLocated?.location_approximate ?? 0,
      position_radius_m: latestLocated?.position_radius_m ?? null,
      status,
      // Its journey may have changed: a journey map drawn before is no longer known to be current.
      journey_version: sql<number>`journey_version + 1`,
    })
    .where("id", "=", jimmyId)
    .execute();
  const stops = journey.map((d) => ({
    id: d.id,
    hunterId: d.user_id,
    createdAt: d.created_at,
    latitude: d.latitude,
    longitude: d.longitude,
    city: d.city,
    region: d.region,
    country: d.country,
    approximate: d.location_approximate === 1,
  }));
  await saveJourneyFigures(trx, jimmyId, stops);
  const news = await saveMilestones(trx, jimmyId, journeyMilestones(stops), recorded);
  if (news) await notifyMilestone(trx, { jimmyId, discoveryId: news.discoveryId, hunterId: news.hunterId, reachedAt: news.reachedAt });
}

/** Writes a Jimmy's place counts where they changed, and adds the differences to the hunt's. */
async function saveJimmyPlaces(
  trx: Transaction<Database>,
  jimmyId: number,
  before: Map<string, number>,
  now: Map<string, number>,
  hunt: HuntDelta,
) {
  for (const placeKey of new Set([...before.keys(), ...now.keys()])) {
    const count = now.get(placeKey) ?? 0;
    const delta = count - (before.get(placeKey) ?? 0);
    if (delta === 0) continue;
    if (count === 0) {
      await trx.deleteFrom("jimmy_places").where("jimmy_id", "=", jimmyId).where("place_key", "=", placeKey).execute();
    } else {
      await trx
        .insertInto("jimmy_places")
        .values({ jimmy_id: jimmyId, place_key: placeKey, discovery_count: count })
        .onConflict((oc) => oc.columns(["jimmy_id", "place_key"]).doUpdateSet({ discovery_count: count }))
        .execute();
    }
    hunt.places.set(placeKey, (hunt.places.get(placeKey) ?? 0) + delta);
  }
}

/**
 * Moves the hunt's place counts and total by a write's differences, and its
 * discoveries version (the Hall of Fame is read again): places in key order,
 * then the totals, so concurrent writers on PostgreSQL lock these shared rows
 * in one order and never wait on each other in a circle.
 */
async function moveHuntFigures(trx: Transaction<Database>, hunt: HuntDelta) {
  for (const placeKey of [...hunt.places.keys()].sort()) {
    const delta = hunt.places.get(placeKey)!;
    if (delta === 0) continue;
    await trx
      .insertInto("hunt_places")
      .values({ place_key: placeKey, discovery_count: delta })
      .onConflict((oc) => oc.column("place_key").doUpdateSet({ discovery_count: sql`hunt_places.discovery_count + ${delta}` }))
      .execute();
    if (delta < 0) await trx.deleteFrom("hunt_places").where("place_key", "=", placeKey).where("discovery_count", "<=", 0).execute();
  }
  // Whatever the write changed, what was read of the hunt's discoveries before it may no longer be current.
  await trx
    .updateTable("hunt_totals")
    .set({ discovery_count: sql`discovery_count + ${hunt.discoveries}`, discoveries_version: sql`discoveries_version + 1` })
    .where("id", "=", 1)
    .execute();
}

/**
 * A hunter's latest discovery and Hall of Fame figures, from aggregates over
 * their own discoveries read through the (user_id, created_at) index:
 * O(their discoveries), like a Jimmy's journey. No rows once they have none.
 */
async function refreshHunter(trx: Transaction<Database>, userId: number): Promise<void> {
  // Locks the hunter's row first (a write that changes nothing), as refreshJimmy
  // locks a Jimmy's: on PostgreSQL two writes touching one hunter's discoveries
  // (a report of one Jimmy, an edit of another) take turns, and the second
  // counts what the first wrote. Hunters come last, in ascending id order.
  const hunter = await trx
    .updateTable("users")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", userId)
    .returning("id")
    .executeTakeFirst();
  if (!hunter) return;
  const [totals, countries] = await Promise.all([
    trx
      .selectFrom("discoveries")
      .select((eb) => [
        eb.fn.countAll<number>().as("discoveries"),
        eb.fn.min("created_at").as("first_at"),
        eb.fn.max("created_at").as("last_at"),
        eb.fn.sum<number>("is_first").as("first_discoveries"),
        eb.fn.max<string | null>(eb.case().when("is_first", "=", 1).then(eb.ref("created_at")).end()).as("last_first_at"),
      ])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
    // Each country of theirs, with when they first found a Jimmy in it.
    trx
      .selectFrom("discoveries")
      .select(["country", (eb) => eb.fn.min("created_at").as("first_at")])
      .where("user_id", "=", userId)
      .where("country", "is not", null)
      .groupBy("country")
      .execute(),
  ]);
  const { first_at: firstAt, last_at: lastAt } = totals;
  if (Number(totals.discoveries) === 0 || !firstAt || !lastAt) {
    await trx.deleteFrom("hunter_activity").where("user_id", "=", userId).execute();
    await trx.deleteFrom("hunter_figures").where("user_id", "=", userId).execute();
    return;
  }
  await trx
    .insertInto("hunter_activity")
    .values({ user_id: userId, last_discovery_at: lastAt })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ last_discovery_at: lastAt }))
    .execute();
  // A figure is reached by the discovery that brought it to its value; a figure of zero dates from their first discovery.
  const figures = {
    discovery_count: Number(totals.discoveries),
    discovery_count_reached_at: lastAt,
    first_discovery_count: Number(totals.first_discoveries ?? 0),
    first_discovery_count_reached_at: totals.last_first_at ?? firstAt,
    country_count: countries.length,
    country_count_reached_at: countries.reduce((latest, { first_at }) => (first_at > latest ? first_at : latest), firstAt),
  };
  await trx
    .insertInto("hunter_figures")
    .values({ user_id: userId, ...figures })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(figures))
    .execute();
}
