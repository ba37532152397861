/**
 * Dates in the reader's terms (issue: a discovery at 6:01 pm in Chicago on
 * 21 November is the 21st, for everyone): a discovery's date and time in the
 * time zone of the place it was found, else in the reader's own, else in UTC
 * — and always saying which zone when it is not the place's. Worded on the
 * server, so the page after hydration says exactly what the first render did.
 */

import { formatDate, intlLocale, wordedOnce } from "./dates";
import type { Language } from "./language";

/** A time zone and whether it is the place's (true) or the reader's (false). */
export type DateZone = { timeZone: string; ofPlace: boolean };

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** "Nov 21, 2026" in `timeZone`, in `language`. */
export function localDate(date: Date | string, timeZone: string, language: Language = "en"): string {
  return formatDate(date, timeZone, language);
}

/** "Nov 21, 2026, 6:01 PM CST" in `timeZone` (its short name, or "GMT+1" where it has none in English), in `language`. */
export function localDateTime(date: Date | string, timeZone: string, language: Language = "en"): string {
  return wordedOnce(`date and time ${language}`, date, timeZone, (value) => {
    // A formatter costs about 70 µs to build and 2 µs to use: one per zone and language, kept.
    const key = `${language} ${timeZone}`;
    let format = dateTimes.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(intlLocale(language), {
        timeZone,
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      });
      dateTimes.set(key, format);
    }
    // U+202F (narrow no-break space) before AM/PM is how ICU writes it; a plain space reads the same and copies better.
    return format.format(value).replace(/\u202f/g, " ");
  });
}

/** The zone a reader's own dates are shown in: theirs once their browser has said it, else UTC. */
export function readerZone(readerTimeZone: string | null): DateZone {
  return { timeZone: readerTimeZone ?? "UTC", ofPlace: false };
}
