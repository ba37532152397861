/**
 * "Hunt near me": the Jimmys last seen nearest to a hunter. The pure parts —
 * reading the page's address, the search box around a point, how far and
 * which way — shared by the page (app/routes/near-me.tsx) and the search
 * (app/services/near-me.server.ts).
 */
import { EARTH_RADIUS_MILES, greatCircleMiles, type LatLng } from "./distance";
import { type Language, type MessageKey, translator } from "./language";
import type { DistanceUnit } from "./reader-preferences";
import { formatBothUnits, KM_PER_MILE } from "./units";

/** How many Jimmys the page lists. */
export const NEAR_ME_COUNT = 20;
/**
 * How far the page looks: a Jimmy further away than this is not one to go
 * and find from here (and the search stays small wherever the hunter is).
 */
export const NEAR_ME_MAX_KM = 2000;
/** A Jimmy last seen longer ago than this is marked: it may well have moved on. */
export const LONG_AGO_DAYS = 365;
/**
 * The hunter's position is rounded to this many decimals (about a kilometre)
 * before it goes into the page's address, so the address, history and any
 * log hold a neighbourhood, not a doorstep.
 */
export const POSITION_DECIMALS = 2;
/** Latitude bands of the position index (db/migrations/2026-11-25T0630-jimmy-positions.ts): a tenth of a degree, about 11 km. */
export const BANDS_PER_DEGREE = 10;

/** A degree of arc on the sphere greatCircleMiles measures on. */
export const KM_PER_DEGREE = (EARTH_RADIUS_MILES * KM_PER_MILE * Math.PI) / 180;

export type NearMeQuery =
  | { kind: "none" }
  | { kind: "point"; point: LatLng }
  | { kind: "place"; text: string }
  | { kind: "invalid"; message: string; text: string };

export const MAX_PLACE_LENGTH = 200;

/** `t` in the reader's language (useT in a page, requestT on the server). */
type Words = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * Reads the page's address: `?at=lat,lng` (what the browser's location
 * gives, with JavaScript) or `?place=…` (typed, without it). A position wins
 * when both are there. A message is worded with `t` (English when not given).
 */
export function parseNearMe(params: URLSearchParams, t: Words = translator("en")): NearMeQuery {
  const at = params.get("at")?.trim();
  const text = params.get("place")?.trim() ?? "";
  if (at) {
    const match = /^(-?\d{1,2}(?:\.\d{1,8})?),\s*(-?\d{1,3}(?:\.\d{1,8})?)$/.exec(at);
    const latitude = match ? Number(match[1]) : NaN;
    const longitude = match ? Number(match[2]) : NaN;
    if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) {
      return { kind: "invalid", message: t("That position is not one on Earth. Type a place instead."), text };
    }
    return { kind: "point", point: roundPosition({ latitude, longitude }) };
  }
  if (params.has("place")) {
    if (!text) return { kind: "invalid", message: t("Type a place to search from, like “Austin, TX” or “Paris, France”."), text };
    if (text.length > MAX_PLACE_LENGTH) {
      return {
        kind: "invalid",
        message: t("A place is at most {max, number} characters.", { max: MAX_PLACE_LENGTH }),
        text: text.slice(0, MAX_PLACE_LENGTH),
      };
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

/** "0.4 mi (0.6 km)", "12 mi (19 km)", "1,240 mi (1,996 km)": both units, the reader's first, as hunters here use either. */
export function formatDistance(km: number, unit: DistanceUnit = "mi", language: Language = "en"): string {
  return formatBothUnits(km / KM_PER_MILE, unit, language);
}

/** Where a Jimmy is from the hunter: "12 mi (19 km) northeast"; "here" within 100 m. Worded with `t` in `language` (English when not given). */
export function formatHeading(
  km: number,
  bearing: number,
  unit: DistanceUnit = "mi",
  t: Words = translator("en"),
  language: Language = "en",
): string {
  if (km < 0.1) return t("Right here (within 100 m)");
  return t(
    "{distance} {direction, select, north {north} northeast {northeast} east {east} southeast {southeast} south {south} southwest {southwest} west {west} other {northwest}}",
    { distance: formatDistance(km, unit, language), direction: compassPoint(bearing) },
  );
}

/** Half the Earth's circumference: a circle this wide covers the whole sphere. */
export const HALF_CIRCUMFERENCE_KM = 180 * KM_PER_DEGREE;

/** A band of latitude and the longitudes read in it (null: all of them). */
export type Strip = { band: number; longitudes: [number, number][] | null };

/**
 * What to read to find every Jimmy within `radiusKm` of `center`: each band
 * of latitude the circle spans, with the circle's widest reach in longitude
 * over that band. It follows the circle's outline, so a crowd just outside
 * the circle is not read (a box would take in its corners); null when the
 * circle covers the Earth.
 */
export function circleStrips(center: LatLng, radiusKm: number): Strip[] | null {
  if (radiusKm >= HALF_CIRCUMFERENCE_KM) return null;
  const r = radiusKm / KM_PER_DEGREE;
  const south = Math.max(-90, center.latitude - r);
  const north = Math.min(90, center.latitude + r);
  const rad = Math.PI / 180;
  const φ0 = center.latitude * rad;
  const cosR = Math.cos(r * rad);
  // Half the circle's width in longitude (degrees) at latitude φ; 180 where it goes all the way round.
  const reachAt = (φ: number) => {
    const across = Math.cos(φ0) * Math.cos(φ);
    if (across < 1e-12) return 180;
    const x = (cosR - Math.sin(φ0) * Math.sin(φ)) / across;
    if (x <= -1) return 180;
    return x >= 1 ? 0 : Math.acos(x) / rad;
  };
  // The circle is widest where sin φ = sin φ0 / cos r (when it does not reach a pole).
  const widest = cosR > 0 && Math.abs(Math.sin(φ0) / cosR) <= 1 ? Math.asin(Math.sin(φ0) / cosR) : null;
  const strips: Strip[] = [];
  for (let band = Math.floor(south * BANDS_PER_DEGREE); band <= Math.floor(north * BANDS_PER_DEGREE); band++) {
    const low = Math.max(south, band / BANDS_PER_DEGREE) * rad;
    const high = Math.min(north, (band + 1) / BANDS_PER_DEGREE) * rad;
    let reach = r >= 90 ? 180 : Math.max(reachAt(low), reachAt(high));
    if (widest !== null && widest > low && widest < high) reach = Math.max(reach, reachAt(widest));
    strips.push({ band, longitudes: longitudeRanges(center.longitude, Math.min(180, reach * 1.000001 + 1e-9)) });
  }
  return strips;
}

function longitudeRanges(longitude: number, half: number): [number, number][] | null {
  if (half >= 180) return null;
  const west = longitude - half;
  const east = longitude + half;
  if (west < -180)
    return [
      [west + 360, 180],
      [-180, east],
    ];
  if (east > 180)
    return [
      [west, 180],
      [-180, east - 360],
    ];
  return [[west, east]];
}

/** Days between two instants, rounded down. */
export function daysBetween(from: string, to: Date): number {
  return Math.floor((to.getTime() - new Date(from).getTime()) / 86_400_000);
}
