/**
 * How a reader likes dates and distances, remembered in two small cookies
 * that hold nothing personal: `tz`, the browser's time zone (set by
 * app/entry.client.tsx), and `units`, miles or kilometres (chosen with the
 * plain form of app/routes/preferences.units.tsx). Pages word dates and
 * distances on the server from these, so the first render and the page after
 * hydration say the same thing. The anonymous page cache keeps one copy per
 * preference (server/page-cache.ts).
 */
import { isLanguage, LANGUAGES, negotiateLanguage, PSEUDO_LANGUAGE } from "./language.ts";

export type DistanceUnit = "mi" | "km";

export const UNITS_COOKIE = "units";
export const TIME_ZONE_COOKIE = "tz";
/** The language the reader chose (app/web/language.server.ts). */
export const LANGUAGE_COOKIE = "lang";
const PREFERENCE_COOKIES: ReadonlySet<string> = new Set([UNITS_COOKIE, TIME_ZONE_COOKIE, LANGUAGE_COOKIE]);

/** Where road distances are read in miles; everywhere else, kilometres. */
const MILE_REGIONS = new Set(["US", "GB", "LR", "MM", "PR", "VI", "GU", "AS", "MP", "UM"]);

/**
 * The unit a reader who has not chosen expects, from their browser's first
 * language: en-US (and the few other mile countries) → miles; another region
 * → kilometres; a bare "en", or no header at all, → miles, the hunt's own default.
 */
export function unitsForLanguage(acceptLanguage: string | null | undefined): DistanceUnit {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim();
  if (!first || first === "*") return "mi";
  const [language, ...subtags] = first.split(/[-_]/);
  const region = subtags.find((tag) => /^[A-Za-z]{2}$|^\d{3}$/.test(tag))?.toUpperCase();
  if (region) return MILE_REGIONS.has(region) ? "mi" : "km";
  return language?.toLowerCase() === "en" ? "mi" : "km";
}

export function isDistanceUnit(value: unknown): value is DistanceUnit {
  return value === "mi" || value === "km";
}

const knownZones = new Map<string, boolean>();

/** Whether `value` names a time zone this runtime knows (answers are remembered: checking builds a formatter). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  const known = knownZones.get(value);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    valid = true;
  } catch {
    valid = false;
  }
  if (knownZones.size < 1000) knownZones.set(value, valid);
  return valid;
}

export type ReaderPreferences = {
  units: DistanceUnit;
  /** Whether the reader chose `units` (else it follows their browser's language). */
  unitsChosen: boolean;
  /** The reader's time zone, once their browser has told it; null until then (dates are then in UTC, and say so). */
  timeZone: string | null;
};

/** The named cookies of a Cookie header (later duplicates lose). */
export function cookieValues(cookieHeader: string | null | undefined): Map<string, string> {
  const values = new Map<string, string>();
  for (const pair of cookieHeader?.split(";") ?? []) {
    const at = pair.indexOf("=");
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (!name || values.has(name)) continue;
    let value = pair.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // Left as sent.
    }
    values.set(name, value);
  }
  return values;
}

export function readerPreferences(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): ReaderPreferences {
  const cookies = cookieValues(cookieHeader);
  const chosen = cookies.get(UNITS_COOKIE);
  const zone = cookies.get(TIME_ZONE_COOKIE);
  return {
    units: isDistanceUnit(chosen) ? chosen : unitsForLanguage(acceptLanguage),
    unitsChosen: isDistanceUnit(chosen),
    timeZone: zone && isTimeZone(zone) ? zone : null,
  };
}

/** A request's preferences, as every loader that words a date or a distance reads them. */
export function requestPreferences(request: Request): ReaderPreferences {
  return readerPreferences(request.headers.get("Cookie"), request.headers.get("Accept-Language"));
}

/**
 * For the anonymous page cache: which copy of a page a request without a
 * session gets — its preferences, as text ("" for the defaults) — or null when its Cookie header
 * holds anything besides the preference cookies (then it is rendered for it).
 */
export function preferenceVariant(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): string | null {
  if (cookieHeader) for (const name of cookieValues(cookieHeader).keys()) if (!PREFERENCE_COOKIES.has(name)) return null;
  const { units, timeZone } = readerPreferences(cookieHeader, acceptLanguage);
  // "" for the hunt's defaults (miles, UTC, English), "km", "mi Europe/Paris", "km|fr"…
  const chosen = cookieHeader ? cookieValues(cookieHeader).get(LANGUAGE_COOKIE) : undefined;
  const language = isLanguage(chosen, [...LANGUAGES, PSEUDO_LANGUAGE]) ? chosen : (negotiateLanguage(acceptLanguage) ?? "en");
  const base = timeZone ? `${units} ${timeZone}` : units === "mi" ? "" : units;
  return language === "en" ? base : `${base}|${language}`;
}

/**
 * In the browser: tells the server the reader's time zone (the `tz` cookie),
 * for it to word their dates in from the next page on. Run once a page has
 * settled (app/components/OfflineShell.tsx): no page needs it to become interactive.
 */
export function rememberTimeZone(): void {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && !document.cookie.split("; ").includes(`${TIME_ZONE_COOKIE}=${zone}`))
      document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Their dates then stay in UTC, and say so.
  }
}

/** The `units` cookie: a year, readable by the server only. */
export function unitsCookie(units: DistanceUnit, secure: boolean): string {
  return `${UNITS_COOKIE}=${units}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
