import type { Language } from "~/lib/language";
import { localDate, localDateTime, readerZone } from "~/lib/local-time";
import { type ReaderPreferences, requestPreferences } from "~/lib/reader-preferences";
import { discoveryZone } from "~/services/time-zones.server";

type Dated = { id: number; createdAt: string; latitude: string | number | null; longitude: string | number | null };

const coordinate = (value: string | number | null) => (value === null || value === "" ? null : Number(value));

/**
 * A discovery's date and time as pages show it: in the time zone of the
 * place it was found ("Nov 21, 2026, 6:01 PM CST"), else in the reader's
 * (which then names itself, e.g. "… 12:01 AM UTC" before their browser has
 * said where they are), in `language` (requestLanguage(request)).
 */
export function discoveryDateTime(discovery: Omit<Dated, "id">, readerTimeZone: string | null, language: Language = "en"): string {
  const zone = discoveryZone({ latitude: coordinate(discovery.latitude), longitude: coordinate(discovery.longitude) }, readerTimeZone);
  return localDateTime(discovery.createdAt, zone.timeZone, language);
}

/** Just the calendar date of something that happened at a place, in that place's zone (else the reader's). */
export function placeDate(
  at: string,
  place: { latitude: string | number | null; longitude: string | number | null },
  readerTimeZone: string | null,
  language: Language = "en",
) {
  const zone = discoveryZone({ latitude: coordinate(place.latitude), longitude: coordinate(place.longitude) }, readerTimeZone);
  return localDate(at, zone.timeZone, language);
}

/** Discovery id → its date and time (discoveryDateTime), for a page's loader data. */
export function discoveryDateTimes(
  discoveries: readonly Dated[],
  preferences: ReaderPreferences,
  language: Language = "en",
): Record<number, string> {
  return Object.fromEntries(discoveries.map((d) => [d.id, discoveryDateTime(d, preferences.timeZone, language)]));
}

/** A date that belongs to no place (a comment's, a hunter's first day), in the reader's zone. */
export function readerDate(at: string | Date, preferences: ReaderPreferences, language: Language = "en"): string {
  return localDate(at, readerZone(preferences.timeZone).timeZone, language);
}

/** A moment that belongs to no place (an admin's action), date and time in the reader's zone, which it names. */
export function readerDateTime(at: string | Date, preferences: ReaderPreferences, language: Language = "en"): string {
  return localDateTime(at, readerZone(preferences.timeZone).timeZone, language);
}

export { requestPreferences };
