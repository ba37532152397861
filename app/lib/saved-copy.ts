const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How old a saved copy of a page is, as the offline banner says it: 'just now', '14 min ago', '3 h ago', '2 days ago'. */
export function savedCopyAge(savedAt: string, now: number = Date.now()): string {
  const ms = Math.max(0, now - Date.parse(savedAt));
  if (!Number.isFinite(ms) || ms < MINUTE) return "just now";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
  const days = Math.floor(ms / DAY);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}

export function savedCopyBanner(savedAt: string, now?: number): string {
  return `Offline — saved copy from ${savedCopyAge(savedAt, now)}`;
}

/** The service worker's cache of pages the hunter has opened (app/service-worker). */
export const SAVED_PAGES_CACHE = "jimmy-pages-v1";

/** A page's key in that cache: its address without the fragment. */
export function savedCopyKey(url: URL): string {
  return `${url.origin}${url.pathname}${url.search}`;
}

/** Whether this device holds a saved copy of the page at `url` (false where there are no caches). */
export async function hasSavedCopy(url: URL): Promise<boolean> {
  if (typeof caches === "undefined") return false;
  try {
    return (await (await caches.open(SAVED_PAGES_CACHE)).match(savedCopyKey(url))) !== undefined;
  } catch {
    return false;
  }
}
