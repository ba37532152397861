import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { compiledOnce, type Executor } from "~/infra/db.server";

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
  const row = (await huntStatsQuery(db, since)).rows[0]!;
  return {
    activeLocations: Number(row.places ?? 0),
    totalJimmys: Number(row.jimmys ?? 0),
    totalDiscoveries: Number(row.discoveries ?? 0),
    activeHunters: Number(row.hunters ?? 0),
  };
}

/**
 * One statement, so one round trip and one snapshot for the four figures;
 * the home page runs it on every request, so it is built and compiled once
 * per database.
 */
const huntStatsQuery = compiledOnce((db: Executor, since: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom("hunt_places").select(eb.fn.countAll<number>().as("n")).as("places"),
    eb.selectFrom("jimmys").select(eb.fn.countAll<number>().as("n")).as("jimmys"),
    eb.selectFrom("hunt_totals").select("discovery_count").where("id", "=", 1).as("discoveries"),
    eb.selectFrom("hunter_activity").select(eb.fn.countAll<number>().as("n")).where("last_discovery_at", ">=", since).as("hunters"),
  ]),
);
