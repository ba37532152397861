import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { milesMoved, roundMiles } from "~/lib/journey";

/** A hunter as their profile shows them (issue 23): who, since when, and what their finds add up to. */
export type HunterProfile = {
  id: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  joinedAt: string;
  figures: {
    discoveries: number;
    /** Distinct Jimmys they found. */
    jimmys: number;
    /** Jimmys they were the first to find. */
    firstFinds: number;
    countries: number;
    /** US states (and DC). */
    states: number;
    cities: number;
    /** How far their finds moved the Jimmys: each find's leg from the Jimmy's previous located stop, as the Hall of Fame counts a path. */
    miles: number;
  };
};

/**
 * A hunter's profile, or null when there is no such hunter. Reads their own
 * discoveries and the journeys of the Jimmys they found (for the miles), so
 * it costs what they did, not what the hunt holds.
 */
export async function getHunterProfile(db: Kysely<Database>, userId: number): Promise<HunterProfile | null> {
  const user = await db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "profile_image_url", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const [counts, journeys] = await Promise.all([
    db
      .selectFrom("discoveries")
      .select((eb) => [
        eb.fn.countAll<number>().as("discoveries"),
        eb.fn.count<number>("jimmy_id").distinct().as("jimmys"),
        eb.fn.sum<number>("is_first").as("first_finds"),
        eb.fn.count<number>("country").distinct().as("countries"),
        eb.fn
          .count<number>(eb.case().when("country", "=", "US").then(eb.ref("region")).end())
          .distinct()
          .as("states"),
      ])
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("discoveries")
      .select(["jimmy_id", "user_id", "created_at", "latitude", "longitude", "location_approximate", "city", "region", "country"])
      .where("jimmy_id", "in", (eb) => eb.selectFrom("discoveries").select("jimmy_id").where("user_id", "=", userId))
      .orderBy("jimmy_id")
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);

  // Cities are told apart by state and country too (Portland, OR and Portland, ME).
  const cities = new Set<string>();
  let miles = 0;
  for (let start = 0; start < journeys.length;) {
    let end = start;
    while (end < journeys.length && journeys[end]!.jimmy_id === journeys[start]!.jimmy_id) end++;
    const journey = journeys.slice(start, end);
    const moved = milesMoved(
      journey.map((d) => ({
        createdAt: d.created_at,
        latitude: d.latitude === null ? null : Number(d.latitude),
        longitude: d.longitude === null ? null : Number(d.longitude),
        city: d.city,
        region: d.region,
        country: d.country,
        approximate: d.location_approximate === 1,
      })),
    );
    journey.forEach((d, i) => {
      if (d.user_id !== userId) return;
      miles += moved[i] ?? 0;
      if (d.city && d.country) cities.add(`${d.city}\u0000${d.region ?? ""}\u0000${d.country}`);
    });
    start = end;
  }

  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    profileImageUrl: user.profile_image_url,
    joinedAt: user.created_at,
    figures: {
      discoveries: Number(counts.discoveries),
      jimmys: Number(counts.jimmys),
      firstFinds: Number(counts.first_finds ?? 0),
      countries: Number(counts.countries),
      states: Number(counts.states),
      cities: cities.size,
      miles: roundMiles(miles),
    },
  };
}
