/**
 * "Hunt near me": the Jimmys last seen nearest to a point, found through the
 * position index a box at a time (never by reading every Jimmy), and drawn on
 * the offline basemap.
 */
import type { LatLng } from "~/lib/distance";
import { frameFor, projection, type MapView } from "~/lib/journey-map";
import {
  bearingDegrees,
  daysBetween,
  distanceKm,
  KM_PER_DEGREE,
  LONG_AGO_DAYS,
  NEAR_ME_COUNT,
  searchBox,
  type SearchBox,
} from "~/lib/near-me";
import type { Executor } from "~/infra/db.server";
import { jimmysInBox, type PositionedJimmy } from "~/models/jimmys.server";
import { basemapPath } from "./basemap.server";

export type NearbyJimmy = PositionedJimmy & {
  distanceKm: number;
  /** Degrees clockwise from north, from the hunter to the Jimmy. */
  bearing: number;
  /** Last seen more than LONG_AGO_DAYS ago. */
  longAgo: boolean;
};

/** The first box searched: a quarter of a degree each way (about 28 km). */
const FIRST_HALF_HEIGHT = 0.25;
/** The most Jimmys one probe reads; a box holding more is made smaller. */
const ROWS_PER_BOX = 400;
/** Boxes are not made smaller than this (about 110 m each way). */
const SMALLEST_HALF_HEIGHT = 0.001;
const MAX_PROBES = 14;

/**
 * The `count` Jimmys last seen nearest to `origin`, nearest first.
 *
 * Probes read the Jimmys in a box around the origin, at most ROWS_PER_BOX
 * each: a box with fewer than `count` grows, one with too many to read
 * shrinks. When a box read in full has its count-th nearest inside the
 * circle the box contains, nothing outside can be nearer: that is the
 * answer. Otherwise the count-th nearest found says how far the answer
 * reaches at most, and one last query takes the nearest in the box around
 * that circle, ordered by the database. The cost follows how crowded the
 * origin's surroundings are, not how many Jimmys the hunt has.
 */
export async function jimmysNear(db: Executor, origin: LatLng, count = NEAR_ME_COUNT, now = new Date()): Promise<NearbyJimmy[]> {
  const rank = (found: readonly PositionedJimmy[]): NearbyJimmy[] =>
    found
      .map((jimmy) => ({
        ...jimmy,
        distanceKm: distanceKm(origin, jimmy),
        bearing: bearingDegrees(origin, jimmy),
        longAgo: jimmy.locatedAt !== null && daysBetween(jimmy.locatedAt, now) > LONG_AGO_DAYS,
      }))
      .sort((a, b) => a.distanceKm - b.distanceKm || a.serialNumber - b.serialNumber);

  let half = FIRST_HALF_HEIGHT;
  let tooFew = 0; // the largest box known to hold fewer than `count`
  let tooMany = Infinity; // the smallest box known to hold more than a probe reads
  let enough: { box: SearchBox; ranked: NearbyJimmy[]; complete: boolean } | null = null;
  for (let probe = 0; probe < MAX_PROBES; probe++) {
    const box = searchBox(origin, half);
    const found = await jimmysInBox(db, box, ROWS_PER_BOX);
    if (found.length < count && box.radiusKm !== Infinity) {
      tooFew = half;
      half = tooMany === Infinity ? Math.min(180, half * 4) : (half + tooMany) / 2;
      continue;
    }
    const complete = found.length < ROWS_PER_BOX;
    enough = { box, ranked: rank(found), complete };
    if (complete || half <= SMALLEST_HALF_HEIGHT) break;
    tooMany = half;
    half = Math.max(SMALLEST_HALF_HEIGHT, (tooFew + half) / 2);
  }
  if (!enough) return [];
  const { box, ranked, complete } = enough;
  const last = ranked[Math.min(count, ranked.length) - 1];
  if (!last) return [];
  if (complete && (box.radiusKm === Infinity || last.distanceKm <= box.radiusKm)) return ranked.slice(0, count);
  // Hundreds of Jimmys within about 110 m: they are all "right here", and any of them will do.
  if (!complete && box.radiusKm <= SMALLEST_HALF_HEIGHT * KM_PER_DEGREE) return ranked.slice(0, count);
  // The count-th nearest of some Jimmys is at least as far as the count-th nearest of all: the
  // answer lies within that circle.
  const reach = searchBox(origin, Math.min(180, (last.distanceKm / KM_PER_DEGREE) * 1.0001 + 1e-6));
  return rank(await jimmysInBox(db, reach, count, origin)).slice(0, count);
}

export const NEAR_ME_MAP_SIZE = { width: 640, height: 360 } as const;

export type NearMeDrawing = {
  width: number;
  height: number;
  view: MapView;
  basemap: string;
  origin: { x: number; y: number };
  /** In the order listed (nearest first). */
  jimmys: { serialNumber: number; x: number; y: number }[];
};

/** The hunter and the listed Jimmys on the offline basemap, framed to show them all. */
export function drawNearMe(origin: LatLng, jimmys: readonly NearbyJimmy[]): NearMeDrawing {
  const size = NEAR_ME_MAP_SIZE;
  const { view, frameLng } = frameFor([origin, ...jimmys], size);
  const project = projection(view, size);
  const at = (point: LatLng) => {
    const [x, y] = project(frameLng(point.longitude), point.latitude);
    return { x, y };
  };
  return {
    ...size,
    view,
    basemap: basemapPath(view, size),
    origin: at(origin),
    jimmys: jimmys.map((jimmy) => ({ serialNumber: jimmy.serialNumber, ...at(jimmy) })),
  };
}
