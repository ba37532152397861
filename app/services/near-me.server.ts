/**
 * "Hunt near me": the Jimmys last seen nearest to a point, found through the
 * position index a circle at a time (never by reading every Jimmy), and drawn
 * on the offline basemap.
 */
import type { LatLng } from "~/lib/distance";
import { basemapPath, frameFor, projection, type MapView } from "~/lib/journey-map";
import { bearingDegrees, circleStrips, daysBetween, distanceKm, LONG_AGO_DAYS, NEAR_ME_COUNT, NEAR_ME_MAX_KM } from "~/lib/near-me";
import type { Executor } from "~/infra/db.server";
import { findPositionedJimmys, jimmyPositionsIn, type JimmyPosition, type PositionedJimmy } from "~/models/jimmys.server";

export type NearbyJimmy = PositionedJimmy & {
  distanceKm: number;
  /** Degrees clockwise from north, from the hunter to the Jimmy. */
  bearing: number;
  /** Last seen more than LONG_AGO_DAYS ago. */
  longAgo: boolean;
};

/** The first circle searched: about 25 km. */
const FIRST_RADIUS_KM = 25;
/** The most Jimmys one search reads; a circle holding more is made smaller. */
const ROWS_PER_SEARCH = 400;
/** Circles are not made smaller than this: closer than that, every Jimmy is "right here". */
const SMALLEST_RADIUS_KM = 0.1;
const MAX_SEARCHES = 24;
/**
 * How much farther than the true nearest a listed Jimmy may be, as a share of
 * its distance, when a crowd lies just past the search's edge: 2%, 10 km at
 * 500 km, nothing a hunter that far away could tell.
 */
const CLOSE_ENOUGH = 0.02;

type Measured = JimmyPosition & { distanceKm: number };

/**
 * The `count` Jimmys last seen nearest to `origin` within NEAR_ME_MAX_KM,
 * nearest first.
 *
 * Each search reads the positions in the strips that cover a circle around
 * the origin (circleStrips), at most ROWS_PER_SEARCH of them, from the
 * position index alone. A circle read in full that holds `count` Jimmys is
 * the answer: nothing outside it is nearer. One that holds fewer grows (×4,
 * up to NEAR_ME_MAX_KM, or halfway to the smallest too-crowded one); one too crowded to read in
 * full shrinks (halfway to the largest too-empty one). The cost follows how
 * crowded the origin's surroundings are, not how many Jimmys the hunt has.
 */
export async function jimmysNear(db: Executor, origin: LatLng, count = NEAR_ME_COUNT, now = new Date()): Promise<NearbyJimmy[]> {
  const measure = (found: readonly JimmyPosition[]): Measured[] =>
    found
      .map((jimmy) => ({ ...jimmy, distanceKm: distanceKm(origin, jimmy) }))
      .sort((a, b) => a.distanceKm - b.distanceKm || a.serialNumber - b.serialNumber);

  let radius = FIRST_RADIUS_KM;
  let tooFew = 0; // the largest circle known to hold fewer than `count`
  let tooMany = Infinity; // the smallest circle known to hold more than a search reads
  let sure: Measured[] = []; // every Jimmy within `tooFew`
  let crowd: Measured[] = [];
  let nearest: Measured[] | null = null;
  for (let search = 0; search < MAX_SEARCHES && nearest === null; search++) {
    const strips = circleStrips(origin, radius);
    const found = measure(await jimmyPositionsIn(db, strips, ROWS_PER_SEARCH, { center: origin, radiusKm: radius }));
    if (found.length >= ROWS_PER_SEARCH) {
      crowd = found;
      // Hundreds of Jimmys within 100 m: they are all "right here", and any of them will do.
      if (radius <= SMALLEST_RADIUS_KM) break;
      // Hundreds of Jimmys just past a circle that holds too few (a town at the edge of a long
      // search): every one of them is within CLOSE_ENOUGH of the true nearest, and the nearest
      // of those read will do.
      if (radius - tooFew <= radius * CLOSE_ENOUGH) break;
      tooMany = radius;
      // Nothing yet known to hold too few: shrink as fast as circles grow (a quarter); else halfway.
      radius = Math.max(SMALLEST_RADIUS_KM, tooFew === 0 ? radius / 4 : (tooFew + radius) / 2);
      continue;
    }
    const inside = found.filter((jimmy) => jimmy.distanceKm <= radius);
    if (inside.length >= count || radius >= NEAR_ME_MAX_KM) nearest = inside.slice(0, count);
    sure = inside;
    tooFew = radius;
    radius = tooMany === Infinity ? Math.min(NEAR_ME_MAX_KM, radius * 4) : (radius + tooMany) / 2;
  }
  // Else a crowd at one distance (hundreds of Jimmys on one spot, or just past the edge of a
  // circle holding too few): every Jimmy nearer than it, then the nearest read from it.
  const listed = new Set(sure.map((jimmy) => jimmy.serialNumber));
  nearest ??= [...sure, ...crowd.filter((jimmy) => !listed.has(jimmy.serialNumber))].slice(0, count);

  const details = new Map(
    (
      await findPositionedJimmys(
        db,
        nearest.map((j) => j.serialNumber),
      )
    ).map((j) => [j.serialNumber, j]),
  );
  return nearest.flatMap(({ serialNumber, distanceKm }) => {
    const jimmy = details.get(serialNumber);
    if (!jimmy) return []; // retired or moved since the search read it
    return [
      {
        ...jimmy,
        distanceKm,
        bearing: bearingDegrees(origin, jimmy),
        longAgo: jimmy.locatedAt !== null && daysBetween(jimmy.locatedAt, now) > LONG_AGO_DAYS,
      },
    ];
  });
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
