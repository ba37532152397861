import { getHuntStats } from "~/models/stats.server";
import { apiJson } from "~/web/api.server";
import { getDb } from "~/infra/db.server";

/** GET /api/stats (SPEC.md §7): the home banner's figures; README explains how each is counted. */
export async function loader() {
  const stats = await getHuntStats(getDb());
  return apiJson({
    activeLocations: stats.activeLocations,
    totalJimmys: stats.totalJimmys,
    totalDiscoveries: stats.totalDiscoveries,
    activeHunters: stats.activeHunters,
  });
}
