const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Words a message in the page's language: the page's `t` (useT), or
 * `translator(language)`. Taken as a parameter because this module is also
 * the service worker's, which has no catalogue and stays in English.
 */
export type Words = (key: string | number, values?: Record<string, string | number>) => string;

/** How old a saved copy of a page is, as the offline banner says it: 'just now', '14 min ago', '3 h ago', '2 days ago'. */
export function savedCopyAge(savedAt: string, t: Words, now: number = Date.now()): string {
  const ms = Math.max(0, now - Date.parse(savedAt));
  if (!Number.isFinite(ms) || ms < MINUTE) return t("just now");
  if (ms < HOUR) return t("{minutes, number} min ago", { minutes: Math.floor(ms / MINUTE) });
  if (ms < DAY) return t("{hours, number} h ago", { hours: Math.floor(ms / HOUR) });
  return t("{days, plural, one {# day ago} other {# days ago}}", { days: Math.floor(ms / DAY) });
}

export function savedCopyBanner(savedAt: string, t: Words, now?: number): string {
  return t("Offline — saved copy from {age}", { age: savedCopyAge(savedAt, t, now) });
}

/** The service worker's cache of pages the hunter has opened (app/service-worker). */
export const SAVED_PAGES_CACHE = "jimmy-pages-v1";

/** When the worker saved a page (an ISO date on the saved copy). */
export const SAVED_AT_HEADER = "X-Saved-At";

/** Whose the saved pages are: the id of the hunter they were shown to ("" for nobody), in a cache of its own. */
const OWNER_CACHE = "jimmy-pages-owner-v1";
const OWNER_KEY = "/saved-pages-owner";

/**
 * A saved copy is found by its address alone: it is this device's hunter's
 * copy of that page, whatever the headers of the request asking for it
 * (a shared page says `Vary: Cookie, Accept-Language`, which the Cache API
 * would otherwise compare).
 */
export const BY_ADDRESS: CacheQueryOptions = { ignoreVary: true };

/**
 * A page loaded from the network says who this browser's session is now
 * (`owner`: the hunter's id, "" for nobody). When that is not whom the saved
 * pages were shown to (their session ended on another device, the account
 * was deleted, another hunter signed in), every page saved before `since`
 * goes: offline, the next person holding the device sees none of them.
 * Pages saved since then were answered for this session and stay.
 *
 * Run by the service worker only, in turn with its saves (a copy saved while
 * this reads the saved pages is never the one it deletes), and `since` is on
 * the worker's clock, the one the saved copies are dated by.
 */
export async function keepSavedPagesOf(owner: string, since: number): Promise<void> {
  const marker = await caches.open(OWNER_CACHE);
  if ((await (await marker.match(OWNER_KEY))?.text()) === owner) return;
  const pages = await caches.open(SAVED_PAGES_CACHE);
  for (const request of await pages.keys()) {
    const savedAt = Date.parse((await pages.match(request, BY_ADDRESS))?.headers.get(SAVED_AT_HEADER) ?? "");
    if (!(savedAt >= since)) await pages.delete(request, BY_ADDRESS);
  }
  await marker.put(OWNER_KEY, new Response(owner));
}

/** A page's key in that cache: its address without the fragment. */
export function savedCopyKey(url: URL): string {
  return `${url.origin}${url.pathname}${url.search}`;
}

/** Whether this device holds a saved copy of the page at `url` (false where there are no caches). */
export async function hasSavedCopy(url: URL): Promise<boolean> {
  if (typeof caches === "undefined") return false;
  try {
    return (await (await caches.open(SAVED_PAGES_CACHE)).match(savedCopyKey(url), BY_ADDRESS)) !== undefined;
  } catch {
    return false;
  }
}
