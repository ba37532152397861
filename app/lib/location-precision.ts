import { msg, type MessageKey } from "./language";

/**
 * How precisely a hunter's own position is published (issue 25, item 5): the
 * exact spot (the default: the next hunter needs the hiding spot), or about
 * a kilometre, rounded before anything is stored.
 */
export type LocationPrecision = "exact" | "approximate";

export const LOCATION_PRECISIONS: readonly LocationPrecision[] = ["exact", "approximate"];

/** Two decimals of a degree: 1.1 km north–south, less east–west away from the equator; the spot moves by half that at most. */
const APPROXIMATE_DECIMALS = 2;

/** What an approximate position is stored with (position_radius_m): how far it may be from the spot. */
export const APPROXIMATE_RADIUS_M = 1000;

/** The radius stored with a position published at this precision: null when it is the measured spot. */
export function positionRadius(precision: LocationPrecision): number | null {
  return precision === "approximate" ? APPROXIMATE_RADIUS_M : null;
}

/** A `t` (useT's or requestT's): without one, the words are English. */
type Words = (key: MessageKey, values?: Record<string, string | number>) => string;

/** "about 1 km", "about 300 m". */
export function aboutDistance(radiusM: number, t?: Words): string {
  if (!t) return radiusM >= 1000 ? `about ${Math.round(radiusM / 100) / 10} km` : `about ${Math.round(radiusM)} m`;
  return radiusM >= 1000
    ? t("about {km, number} km", { km: Math.round(radiusM / 100) / 10 })
    : t("about {m, number} m", { m: Math.round(radiusM) });
}

/**
 * A position as pages show it: 4 decimals (6 on the map card, SPEC.md §5)
 * when measured; when rounded by its hunter, only the decimals that are
 * true (2 for about 1 km) and the distance said, never made-up zeros.
 */
export function positionText(latitude: number, longitude: number, radiusM: number | null, decimals: 4 | 6 = 4, t?: Words): string {
  if (!radiusM) return `${latitude.toFixed(decimals)}, ${longitude.toFixed(decimals)}`;
  // A degree of latitude is 111 km: 1 km is told by 2 decimals, 100 m by 3.
  const shown = Math.min(decimals, Math.max(0, Math.round(Math.log10(111_000 / radiusM))));
  if (t) {
    return t("{latitude}, {longitude} ({distance})", {
      latitude: latitude.toFixed(shown),
      longitude: longitude.toFixed(shown),
      distance: aboutDistance(radiusM, t),
    });
  }
  return `${latitude.toFixed(shown)}, ${longitude.toFixed(shown)} (${aboutDistance(radiusM)})`;
}

export function publishedPosition<T extends { latitude: number; longitude: number }>(position: T, precision: LocationPrecision): T {
  if (precision === "exact") return position;
  const round = (value: number) => Number(value.toFixed(APPROXIMATE_DECIMALS));
  return { ...position, latitude: round(position.latitude), longitude: round(position.longitude) };
}

export const PRECISION_LABELS: Record<LocationPrecision, string> = {
  exact: msg("The exact spot (the next hunter needs the hiding spot)"),
  approximate: msg("Approximate (about 1 km): rounded before it is stored"),
};
