/**
 * "Hunt near me": the Jimmys last seen nearest to a hunter. The pure parts —
 * reading the page's address, the search box around a point, how far and
 * which way — shared by the page (app/routes/near-me.tsx) and the search
 * (app/services/near-me.server.ts).
 */
import { EARTH_RADIUS_MILES, greatCircleMiles, type LatLng } from "./distance";

/** How many Jimmys the page lists. */
export const NEAR_ME_COUNT = 20;
/** A Jimmy last seen longer ago than this is marked: it may well have moved on. */
export const LONG_AGO_DAYS = 365;
/**
 * The hunter's position is rounded to this many decimals (about a kilometre)
 * before it goes into the page's address, so the address, history and any
 * log hold a neighbourhood, not a doorstep.
 */
export const POSITION_DECIMALS = 2;
/** Latitude bands of the position index (db/migrations/…-jimmy-positions.ts): a tenth of a degree, about 11 km. */
export const BANDS_PER_DEGREE = 10;

const KM_PER_MILE = 1.609344;
/** A degree of arc on the sphere greatCircleMiles measures on. */
export const KM_PER_DEGREE = (EARTH_RADIUS_MILES * KM_PER_MILE * Math.PI) / 180;

export type NearMeQuery =
  | { kind: "none" }
  | { kind: "point"; point: LatLng }
  | { kind: "place"; text: string }
  | { kind: "invalid"; message: string; text: string };

export const MAX_PLACE_LENGTH = 200;

/**
 * Reads the page's address: `?at=lat,lng` (what the browser's location
 * gives, with JavaScript) or `?place=…` (typed, without it). A position wins
 * when both are there.
 */
export function parseNearMe(params: URLSearchParams): NearMeQuery {
  const at = params.get("at")?.trim();
  const text = params.get("place")?.trim() ?? "";
  if (at) {
    const match = /^(-?\d{1,2}(?:\.\d{1,8})?),\s*(-?\d{1,3}(?:\.\d{1,8})?)$/.exec(at);
    const latitude = match ? Number(match[1]) : NaN;
    const longitude = match ? Number(match[2]) : NaN;
    if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) {
      return { kind: "invalid", message: "That position is not one on Earth. Type a place instead.", text };
    }
    return { kind: "point", point: roundPosition({ latitude, longitude }) };
  }
  if (params.has("place")) {
    if (!text) return { kind: "invalid", message: "Type a place to search from, like “Austin, TX” or “Paris, France”.", text };
    if (text.length > MAX_PLACE_LENGTH) {
      return { kind: "invalid", message: `A place is at most ${MAX_PLACE_LENGTH} characters.`, text: text.slice(0, MAX_PLACE_LENGTH) };
    }
    return { kind: "place", text };
  }
  return { kind: "none" };
}

/** A position to about a kilometre (POSITION_DECIMALS), as the page's address carries it. */
export function roundPosition({ latitude, longitude }: LatLng): LatLng {
  const k = 10 ** POSITION_DECIMALS;
  // `+ 0` turns -0 into 0, so the address never says "-0".
  return { latitude: Math.round(latitude * k) / k + 0, longitude: Math.round(longitude * k) / k + 0 };
}

/** The address the browser's location leads to. */
export function nearMeHref(point: LatLng): string {
  const { latitude, longitude } = roundPosition(point);
  return `/near-me?at=${latitude},${longitude}`;
}

export function distanceKm(from: LatLng, to: LatLng): number {
  return greatCircleMiles(from, to) * KM_PER_MILE;
}

/** The initial bearing from `from` to `to`, in degrees clockwise from north. */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const φ1 = from.latitude * rad;
  const φ2 = to.latitude * rad;
  const Δλ = (to.longitude - from.longitude) * rad;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

const COMPASS = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"] as const;
export type Compass = (typeof COMPASS)[number];

/** The nearest of the eight compass points. */
export function compassPoint(bearing: number): Compass {
  return COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8]!;
}

/** "0.4 mi (0.6 km)", "12 mi (19 km)", "1,240 mi (1,996 km)": both units, as hunters here use either. */
export function formatDistance(km: number): string {
  const miles = km / KM_PER_MILE;
  const format = (value: number) =>
    new Intl.NumberFormat("en-US", { maximumFractionDigits: value < 10 ? 1 : 0, minimumFractionDigits: 0 }).format(value);
  return `${format(miles)} mi (${format(km)} km)`;
}

/** Where a Jimmy is from the hunter: "12 mi (19 km) northeast"; "here" within 100 m. */
export function formatHeading(km: number, bearing: number): string {
  return km < 0.1 ? "Right here (within 100 m)" : `${formatDistance(km)} ${compassPoint(bearing)}`;
}

/**
 * The box searched around a point: the latitude bands it covers, and the
 * longitude ranges (two when it crosses the antimeridian, none when it goes
 * round the world), for a box `halfHeight` degrees of latitude each way and
 * as wide in kilometres at its widest-reaching latitude.
 */
export type SearchBox = {
  bands: number[];
  longitudes: [number, number][] | null;
  /** Every point within this many km of the centre is inside the box. */
  radiusKm: number;
};

export function searchBox(center: LatLng, halfHeight: number): SearchBox {
  const south = Math.max(-90, center.latitude - halfHeight);
  const north = Math.min(90, center.latitude + halfHeight);
  const bands: number[] = [];
  for (let band = Math.floor(south * BANDS_PER_DEGREE); band <= Math.floor(north * BANDS_PER_DEGREE); band++) bands.push(band);
  // A degree of longitude is shortest at the box's edge nearest a pole: the box is that wide there.
  const poleward = Math.max(Math.abs(south), Math.abs(north));
  const cos = Math.cos((poleward * Math.PI) / 180);
  const halfWidth = cos < 1e-6 ? 360 : halfHeight / cos;
  let longitudes: [number, number][] | null;
  if (halfWidth >= 180) longitudes = null;
  else {
    const west = center.longitude - halfWidth;
    const east = center.longitude + halfWidth;
    if (west < -180)
      longitudes = [
        [west + 360, 180],
        [-180, east],
      ];
    else if (east > 180)
      longitudes = [
        [west, 180],
        [-180, east - 360],
      ];
    else longitudes = [[west, east]];
  }
  // A point closer than halfHeight degrees of arc is inside: its latitude is, and so is the path
  // to it, where a degree of longitude is at least `cos` degrees of arc long.
  return { bands, longitudes, radiusKm: south === -90 && north === 90 ? Infinity : halfHeight * KM_PER_DEGREE };
}

/** Days between two instants, rounded down. */
export function daysBetween(from: string, to: Date): number {
  return Math.floor((to.getTime() - new Date(from).getTime()) / 86_400_000);
}
