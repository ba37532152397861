/**
 * Routes whose page a signed-out visitor sees the same for the same address
 * opt into the server's anonymous page cache (scripts/page-cache.ts) with
 * `export const handle = PAGE_CACHE_HANDLE`. A page with anything personal,
 * a form token, or a side effect of being viewed must not.
 */
export const PAGE_CACHE_HANDLE = { pageCache: true } as const;

/** Set by the app on a page that may be cached, naming the nonce it used; the server removes it. */
export const PAGE_CACHE_NONCE_HEADER = "X-Page-Cache-Nonce";

export function isPageCacheable(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { pageCache?: unknown }).pageCache === true;
}
