import type { Kysely } from "kysely";
import type { Database } from "#db/schema";

import type { HuntStats } from "~/lib/stats";

export type { HuntStats };

/** A hunter is active if they reported a discovery in this many days. */
export const ACTIVE_HUNTER_DAYS = 30;

/**
 * The home page's figures (definitions in README): distinct places with a
 * discovery, minted Jimmys, discoveries, and hunters who reported in the last
 * 30 days. Places, discoveries and hunters' latest reports are kept with
 * every write to discoveries (derived-figures.server.ts), so this reads a few
 * small rows however many discoveries there are.
 */
export async function getHuntStats(db: Kysely<Database>, now = new Date()): Promise<HuntStats> {
  const since = new Date(now.getTime() - ACTIVE_HUNTER_DAYS * 86_400_000).toISOString();
  const [places, jimmys, discoveries, hunters] = await Promise.all([
    db
      .selectFrom("hunt_places")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("jimmys")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db.selectFrom("hunt_totals").select("discovery_count as n").where("id", "=", 1).executeTakeFirst(),
    db
      .selectFrom("hunter_activity")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("last_discovery_at", ">=", since)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    activeLocations: Number(places.n ?? 0),
    totalJimmys: Number(jimmys.n ?? 0),
    totalDiscoveries: Number(discoveries?.n ?? 0),
    activeHunters: Number(hunters.n ?? 0),
  };
}
