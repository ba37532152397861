/**
 * Routes whose page a signed-out visitor sees the same for the same address
 * opt into the server's anonymous page cache (server/page-cache.ts) with
 * `export const handle = PAGE_CACHE_HANDLE`. A page with anything personal
 * or a side effect of being viewed must not. A page with a comment form
 * names its form token with `pageCacheHandle(data => token)`: the cache
 * puts a freshly issued one in each copy it sends.
 */
export const PAGE_CACHE_HANDLE = { pageCache: true } as const;

type PageCacheHandle = {
  pageCache: true;
  pageCacheFormToken?: (loaderData: unknown) => string | undefined;
  /** The page can be rendered as a personal template (app/lib/personal-template.ts) for signed-in hunters' copies. */
  personalTemplate?: boolean;
};

export function pageCacheHandle<Data>(formToken: (loaderData: Data) => string | undefined): PageCacheHandle {
  return { pageCache: true, pageCacheFormToken: (loaderData) => formToken(loaderData as Data) };
}

/** Set by the app on a page that may be cached, naming the nonce it used; the server removes it. */
export const PAGE_CACHE_NONCE_HEADER = "X-Page-Cache-Nonce";
/** Set by the app on such a page when it holds a comment-form token, naming it; the server removes it. */
export const PAGE_CACHE_FORM_TOKEN_HEADER = "X-Page-Cache-Form-Token";

/**
 * Set by the app on a page that offers a personal template: "offered" on a
 * page rendered for a hunter, "template" on the template itself. The server
 * removes it.
 */
export const PAGE_CACHE_PERSONAL_HEADER = "X-Page-Cache-Personal";

export function isPageCacheable(handle: unknown): handle is PageCacheHandle {
  return typeof handle === "object" && handle !== null && (handle as { pageCache?: unknown }).pageCache === true;
}
