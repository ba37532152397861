/*
 * Dates and ages in words, in the reader's language (ICU plurals for ages, Intl for dates): the feed cards' "2h ago", the comments' "1 day
 * ago" and calendar dates, the same on the server and in the browser. Apart
 * from ./format (names and numbers), which every page loads: only the pages
 * with cards or comments load this (vite.config.ts, "card-parts").
 */
import { type Language, translator } from "./language";
import { RecentlyUsed } from "./recently-used";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function elapsed(date: Date | string, now: Date | string): number {
  return Math.max(0, new Date(now).getTime() - new Date(date).getTime());
}

/** Feed cards (SPEC.md §9): 'Just now', 'Nh ago', 'Nd ago', in `language`. */
export function relativeAge(date: Date | string, now: Date | string, language: Language = "en"): string {
  const t = translator(language);
  const ms = elapsed(date, now);
  if (ms < HOUR) return t("Just now");
  if (ms < DAY) return t("{hours, plural, other {#h ago}}", { hours: Math.floor(ms / HOUR) });
  return t("{days, plural, other {#d ago}}", { days: Math.floor(ms / DAY) });
}

/**
 * Comments (SPEC.md §9): 'Just now', '{h}h ago', '1 day ago', '{n} days ago', then the date (in the reader's
 * `timeZone`), in `language`.
 */
export function commentTime(date: Date | string, now: Date | string, timeZone = "UTC", language: Language = "en"): string {
  const t = translator(language);
  const ms = elapsed(date, now);
  if (ms < HOUR) return t("Just now");
  if (ms < DAY) return t("{hours, plural, other {#h ago}}", { hours: Math.floor(ms / HOUR) });
  const days = Math.floor(ms / DAY);
  if (days < 7) return t("{days, plural, one {# day ago} other {# days ago}}", { days });
  return formatDate(date, timeZone, language);
}

/** The locale Intl words `language` in: English as the hunt has always written it (US month-day order). */
export function intlLocale(language: Language): string {
  return language === "en" || language === "en-XA" ? "en-US" : language;
}

// One formatter per time zone for the life of the process: toLocaleDateString with
// options builds a new one on every call (about 70 µs, against 2 µs to format), and
// a page can show dozens of dates.
const calendarDates = new Map<string, Intl.DateTimeFormat>();

/**
 * Dates already worded, by zone and instant: a page words the same dates on
 * every request (the Hall of Fame nearly two hundred), and a lookup costs a
 * tenth of formatting again.
 */
const wordedDates = new RecentlyUsed<string, string>(10_000);

/**
 * `word(value)` for a date in `timeZone`, kept in `wordedDates` under `kind`
 * (each way of wording a date has its own).
 */
export function wordedOnce(kind: string, date: Date | string, timeZone: string, word: (value: Date) => string): string {
  const key = `${kind} ${timeZone} ${typeof date === "string" ? date : date.getTime()}`;
  const known = wordedDates.get(key);
  if (known !== undefined) return known;
  const value = new Date(date);
  // As toLocaleDateString says it, where format() would throw.
  const text = Number.isNaN(value.getTime()) ? "Invalid Date" : word(value);
  wordedDates.set(key, text);
  return text;
}

/**
 * A calendar date in `timeZone` (UTC unless told), the same on the server and
 * in every browser: pages pass the zone the server worded their other dates in.
 */
export function formatDate(date: Date | string, timeZone = "UTC", language: Language = "en"): string {
  return wordedOnce(`date ${language}`, date, timeZone, (value) => {
    const key = `${language} ${timeZone}`;
    let format = calendarDates.get(key);
    if (!format)
      calendarDates.set(
        key,
        (format = new Intl.DateTimeFormat(intlLocale(language), { timeZone, year: "numeric", month: "short", day: "numeric" })),
      );
    return format.format(value);
  });
}
