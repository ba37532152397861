/**
 * Routes whose page a signed-out visitor sees the same for the same address
 * opt into the server's page cache (server/page-cache.ts) with
 * `export const handle = PAGE_CACHE_HANDLE`. A page with anything personal
 * or a side effect of being viewed must not. Such a page, rendered for a
 * signed-out visitor, is the same bytes for everyone who shares its variant
 * (docs/decisions/022-shared-pages-whole-and-cacheable.md): no nonce, nothing
 * issued per visitor. A page that sometimes holds such a value (the Jimmy
 * page opened at its comment form, whose token is issued for that visitor)
 * says when with `pageCacheHandle(data => …)`, and is then rendered for the
 * request like any personal page.
 */
export const PAGE_CACHE_HANDLE = { pageCache: true } as const;

type PageCacheHandle = {
  pageCache: true;
  /** Whether this render holds a value issued for this visitor alone (then it is not shared). */
  personal?: (loaderData: unknown) => boolean;
};

export function pageCacheHandle<Data>(personal: (loaderData: Data) => boolean): PageCacheHandle {
  return { pageCache: true, personal: (loaderData) => personal(loaderData as Data) };
}

/**
 * Set by the app on a page rendered to be shared (no nonce, scripts allowed
 * by hash), naming nothing; the server stores such a page and removes the header.
 */
export const PAGE_CACHE_SHARED_HEADER = "X-Page-Cache-Shared";

export function isPageCacheable(handle: unknown): handle is PageCacheHandle {
  return typeof handle === "object" && handle !== null && (handle as { pageCache?: unknown }).pageCache === true;
}
