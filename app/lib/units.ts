import type { DistanceUnit } from "./reader-preferences";

/** Statute mile in kilometres (exact by definition). */
export const KM_PER_MILE = 1.609344;

const number = new Map<string, Intl.NumberFormat>();

function formatNumber(value: number, fractionDigits: { min: number; max: number }): string {
  const key = `${fractionDigits.min}-${fractionDigits.max}`;
  let format = number.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: fractionDigits.min, maximumFractionDigits: fractionDigits.max });
    number.set(key, format);
  }
  return format.format(value);
}

/** Miles in the reader's unit. */
export function inUnit(miles: number, unit: DistanceUnit): number {
  return unit === "km" ? miles * KM_PER_MILE : miles;
}

/** "mile"/"miles" or "km". */
export function unitName(value: string, unit: DistanceUnit): string {
  return unit === "km" ? "km" : value === "1" || value === "1.0" ? "mile" : "miles";
}

/**
 * A distance given in miles, worded in the reader's unit: "12.3 miles" or
 * "19.8 km" with `fixed` one decimal (the Hall of Fame's records, which are
 * compared to a tenth), else one decimal under 10 and none above ("4.2 km",
 * "1,240 miles").
 */
export function formatDistance(miles: number, unit: DistanceUnit, { fixed = false }: { fixed?: boolean } = {}): string {
  const text = distanceFigure(miles, unit, { fixed });
  return `${text} ${unitName(text, unit)}`;
}

/** Just the figure of formatDistance: "12.3", "1,240". */
export function distanceFigure(miles: number, unit: DistanceUnit, { fixed = false }: { fixed?: boolean } = {}): string {
  const value = inUnit(miles, unit);
  return fixed ? formatNumber(value, { min: 1, max: 1 }) : formatNumber(value, { min: 0, max: value < 10 ? 1 : 0 });
}

/** Both units, the reader's first: "12 mi (19 km)" or "19 km (12 mi)". */
export function formatBothUnits(miles: number, unit: DistanceUnit): string {
  const format = (value: number) => formatNumber(value, { min: 0, max: value < 10 ? 1 : 0 });
  const mi = `${format(miles)} mi`;
  const km = `${format(miles * KM_PER_MILE)} km`;
  return unit === "km" ? `${km} (${mi})` : `${mi} (${km})`;
}

/** "in miles" / "in kilometres", for definitions that name the unit. */
export function unitPhrase(unit: DistanceUnit): string {
  return unit === "km" ? "in kilometres" : "in miles";
}
