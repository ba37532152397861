/**
 * What the map page is sent (app/services/hunt-map.server.ts makes it): a
 * bounded view of the hunt, the same size at 100,000 Jimmys as at 100.
 */
import type { BBox, Cluster, MapPoint } from "./clustering";

/** How many areas the list shows at first, and how many more each "Show more areas" adds. */
export const AREAS_PER_PAGE = 50;
/** The most areas one page lists (a longer list is a search, not a map). */
export const MAX_AREAS_SHOWN = 1000;
/** The most Jimmys the selected area lists; the rest are counted. */
export const AREA_MEMBERS_SHOWN = 200;

/** A discovered Jimmy with a known position, as GET /api/jimmys-locations describes it (SPEC.md §3). */
export type MapJimmy = MapPoint & {
  serialNumber: number;
  name: string;
  status: "hidden" | "discovered" | "missing" | "retired";
  discoveryCount: number;
  lastDiscoveryDate: string | null;
  locatedAt: string | null;
  locationApproximate: boolean;
  /** How far (metres) the position may be from the spot, when its hunter published it approximately. */
  positionRadiusM: number | null;
};

/** An area as the list and the markers show it, without its members. */
export type MapArea = Omit<Cluster, "members">;

export type HuntMap = {
  totalJimmys: number;
  discoveredCount: number;
  /** Discovered Jimmys with no known position: not on the map. */
  unplaced: number;
  /** Every area at this zoom level. */
  areaCount: number;
  /** The largest areas, as many as asked for. */
  areas: MapArea[];
  selectedArea: (MapArea & { members: MapJimmy[] }) | null;
  selectedJimmy: MapJimmy | null;
  view: BBox;
};

/** Reads ?areas=N: how many areas the list shows, in whole pages; the first page when absent or unreadable. */
export function areasShownParam(value: string | null): number {
  if (value === null || !/^\d{1,4}$/.test(value)) return AREAS_PER_PAGE;
  const pages = Math.max(1, Math.ceil(Number(value) / AREAS_PER_PAGE));
  return Math.min(pages * AREAS_PER_PAGE, MAX_AREAS_SHOWN);
}
