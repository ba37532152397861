import { type Language, msg, translate } from "./language";
import type { DistanceUnit } from "./reader-preferences";

/** Statute mile in kilometres (exact by definition). */
export const KM_PER_MILE = 1.609344;

const number = new Map<string, Intl.NumberFormat>();

function formatNumber(value: number, fractionDigits: { min: number; max: number }, language: Language): string {
  const key = `${language}-${fractionDigits.min}-${fractionDigits.max}`;
  let format = number.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: fractionDigits.min, maximumFractionDigits: fractionDigits.max });
    number.set(key, format);
  }
  return format.format(value);
}

/** Miles in the reader's unit. */
export function inUnit(miles: number, unit: DistanceUnit): number {
  return unit === "km" ? miles * KM_PER_MILE : miles;
}

type DistanceOptions = { fixed?: boolean; language?: Language };

/** The figure's digits: one decimal with `fixed`, else one under 10 and none above. */
function digits(value: number, fixed: boolean): { min: number; max: number } {
  return fixed ? { min: 1, max: 1 } : { min: 0, max: value < 10 ? 1 : 0 };
}

/**
 * A distance given in miles, worded in the reader's unit and language: "12.3
 * miles" or "19.8 km" with `fixed` one decimal (the Hall of Fame's records,
 * which are compared to a tenth), else one decimal under 10 and none above
 * ("4.2 km", "1,240 miles").
 */
export function formatDistance(miles: number, unit: DistanceUnit, { fixed = false, language = "en" }: DistanceOptions = {}): string {
  const value = inUnit(miles, unit);
  const shape = digits(value, fixed);
  const distance = formatNumber(value, shape, language);
  if (unit === "km") return translate(language, msg("{distance} km"), { distance });
  // The plural follows the figure as shown: "1.0 mile", "0.96" shown as "1 mile".
  const count = shape.max ? Math.round(value * 10) / 10 : Math.round(value);
  return translate(language, msg("{count, plural, one {{distance} mile} other {{distance} miles}}"), { count, distance });
}

/** Just the figure of formatDistance: "12.3", "1,240". */
export function distanceFigure(miles: number, unit: DistanceUnit, { fixed = false, language = "en" }: DistanceOptions = {}): string {
  const value = inUnit(miles, unit);
  return formatNumber(value, digits(value, fixed), language);
}

/** Both units, the reader's first: "12 mi (19 km)" or "19 km (12 mi)". */
export function formatBothUnits(miles: number, unit: DistanceUnit, language: Language = "en"): string {
  const format = (value: number) => formatNumber(value, digits(value, false), language);
  const values = { mi: format(miles), km: format(miles * KM_PER_MILE) };
  return unit === "km" ? translate(language, msg("{km} km ({mi} mi)"), values) : translate(language, msg("{mi} mi ({km} km)"), values);
}

/** "in miles" / "in kilometres", for definitions that name the unit. */
export function unitPhrase(unit: DistanceUnit, language: Language = "en"): string {
  return unit === "km" ? translate(language, msg("in kilometres")) : translate(language, msg("in miles"));
}
