import { type Language, translator } from "./language";

/**
 * English only: 1 → "st", 2 → "nd", 3 → "rd", 11–13 → "th", 21 → "st", 111 → "th". A sentence with an
 * ordinal says it in its own message instead: `{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}`.
 */
export function ordinalSuffix(n: number): "st" | "nd" | "rd" | "th" {
  const lastTwo = Math.abs(n) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return "th";
  switch (Math.abs(n) % 10) {
    case 1:
      return "st";
    case 2:
      return "nd";
    case 3:
      return "rd";
    default:
      return "th";
  }
}

const plainNumbers = new Map<Language, Intl.NumberFormat>();

/** "1st", "22nd", "1000th" in `language` (CLDR's ordinal rules; the number as digits, without grouping). */
export function ordinal(n: number, language: Language = "en"): string {
  let digits = plainNumbers.get(language);
  if (!digits) plainNumbers.set(language, (digits = new Intl.NumberFormat(language, { useGrouping: false })));
  const shown = digits.format(n);
  const t = translator(language);
  const worded = t("{n, selectordinal, one {{digits}st} two {{digits}nd} few {{digits}rd} other {{digits}th}}", {
    n,
    digits: shown,
  });
  // No catalogue registered (a unit test that starts no server) gives the message's source back: say it in English.
  return worded.startsWith("{") ? `${shown}${ordinalSuffix(n)}` : worded;
}

/** Coordinates are shown with 4 decimals (6 on the map card). */
export function formatCoordinate(value: number, decimals: 4 | 6 = 4): string {
  return value.toFixed(decimals);
}

export function formatCoordinates(latitude: number, longitude: number, decimals: 4 | 6 = 4): string {
  return `${formatCoordinate(latitude, decimals)}, ${formatCoordinate(longitude, decimals)}`;
}

export function initials(firstName: string, lastName: string): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return letters || "?";
}

export function fullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}

// toLocaleString builds a formatter on every call: one per language, kept.
const counts = new Map<Language, Intl.NumberFormat>();

/** 1,234 in `language` (English as "en-US" writes it). */
export function formatCount(n: number, language: Language = "en"): string {
  let found = counts.get(language);
  if (!found) counts.set(language, (found = new Intl.NumberFormat(language === "en" || language === "en-XA" ? "en-US" : language)));
  return found.format(n);
}

/** English only: a sentence with a count says it in its own message, `{count, plural, one {# like} other {# likes}}`. */
export function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
