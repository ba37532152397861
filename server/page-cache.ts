/**
 * A short-lived store of the public pages as a signed-out visitor sees them
 * (docs/decisions/007-anonymous-page-cache.md, as amended by
 * docs/decisions/022-shared-pages-whole-and-cacheable.md).
 *
 * Most page views come from visitors who are not signed in, and for them the
 * home page, All Discoveries, a Jimmy's page, the Hall of Fame, the map and
 * the privacy page depend on nothing but the address and their reading
 * preferences. The app renders such a page *shared* (app/entry.server.tsx):
 * no nonce, its inline scripts allowed by hash, nothing issued for one
 * visitor. So a copy is a whole answer, and every visitor gets the same
 * bytes for its lifetime:
 *
 * - Only a GET from a signed-out visitor (no Cookie but the preference
 *   cookies, no Authorization) is served from the store; one copy per
 *   address and preferences. Only a 200 the app marked shared
 *   (PAGE_CACHE_SHARED_HEADER) that sets no cookie is stored.
 * - A copy carries an ETag (a hash of its bytes; a `If-None-Match` naming it
 *   gets a 304) and `Cache-Control: public, max-age=0, s-maxage=…,
 *   stale-while-revalidate=…`, so a browser revalidates and a proxy or CDN
 *   may keep it as this process does. Its gzip encoding is made once, by the
 *   first visitor who takes gzip.
 * - A copy is served for at most `ttlMs` (1 s by default), and while the one
 *   render that replaces it is under way. Any POST, PUT, PATCH or DELETE this
 *   process handles empties the store, and a render that started before such
 *   a write is not stored, so whoever has just posted sees their change on
 *   the next page. Another process's write shows within `ttlMs` and one render.
 * - Concurrent misses for one address wait for a single render; at most
 *   200 copies and 32 MB are held, the oldest copy going first.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import { PAGE_CACHE_SHARED_HEADER } from "../app/lib/page-cache.ts";
import { preferenceVariant } from "../app/lib/reader-preferences.ts";

/** Tells operators (and tests) how an answer was produced: hit, miss, or bypass. */
export const PAGE_CACHE_STATUS_HEADER = "X-Page-Cache";

/**
 * How long a proxy may serve a copy after its `s-maxage` while it fetches the
 * next one (ADR 022): a busy page never waits on a render, and a quiet one
 * is at most this much older than the time to live.
 */
export const STALE_WHILE_REVALIDATE_S = 5;

/** What `Cache-Control` a shared copy carries, for a store that keeps copies `ttlMs`. */
export function sharedCacheControl(ttlMs: number): string {
  return `public, max-age=0, s-maxage=${Math.max(1, Math.ceil(ttlMs / 1000))}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
}

/** A stored page: the whole answer, as every visitor of its variant gets it. */
type Entry = {
  status: number;
  statusText: string;
  headers: [name: string, value: string][];
  body: Buffer;
  /** The body's gzip encoding, made the first time someone takes gzip. */
  gzipped: Buffer | null;
  /** A hash of the body, in the ETags of both encodings. */
  hash: string;
  storedAt: number;
  bytes: number;
};

/** A stored page as one visitor gets it. */
export type CachedAnswer = { status: number; headers: Record<string, string | string[]>; body: Buffer };

export type PageCacheOptions = {
  ttlMs: number;
  /** The most addresses kept; the oldest copy goes first. */
  maxEntries?: number;
  /** The most bytes kept, raw and compressed together; the oldest copy goes first. */
  maxBytes?: number;
  now?: () => number;
};

/** What a visitor's request says that picks and validates their copy. */
export type Lookup = {
  method: string;
  /** Path and query. */
  url: string;
  /** Which copy a signed-out visitor gets (sharedVariant); null when they are not one. */
  variant: string | null;
  acceptsGzip: boolean;
  ifNoneMatch: string | null;
};

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** A stored copy's key: the address, and the preferences it is worded in. */
const copyKey = (url: string, variant: string) => (variant ? `${url}\n${variant}` : url);

const etagOf = (entry: Entry, gzip: boolean) => `"${entry.hash}${gzip ? "-gz" : ""}"`;

/** Whether an If-None-Match header names `etag` (weak comparison, as for a GET; "*" names any). */
function namesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((item) => {
    const tag = item.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}

type Render = (request: Request) => Promise<Response>;

/**
 * Whether a request is a signed-out visitor's, and which shared copy of a
 * page is theirs: null when it carries credentials (any cookie but the
 * reading preferences, or an Authorization header); else the preferences its
 * pages are worded in ("" for the defaults, "km", "mi Europe/Paris"…:
 * app/lib/reader-preferences.ts), each of which has copies of its own.
 * app/entry.server.tsx decides which pages to render shared by the same rule.
 */
export function sharedVariant(
  cookie: string | null | undefined,
  authorization: string | null | undefined,
  acceptLanguage: string | null | undefined,
): string | null {
  return authorization ? null : preferenceVariant(cookie, acceptLanguage);
}

export function createPageCache({ ttlMs, maxEntries = 200, maxBytes = 32 * 1024 * 1024, now = Date.now }: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let storedBytes = 0;
  const pending = new Map<string, Promise<Entry | null>>();
  // Goes up when a write starts and when it ends: a render that saw it change may hold data from before the write.
  let generation = 0;
  const cacheControl = sharedCacheControl(ttlMs);

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    storedBytes -= entry.bytes;
  }

  /** Drops the oldest copies until the limits hold. */
  function trim() {
    while (entries.size > maxEntries || storedBytes > maxBytes) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      forget(oldest.value);
    }
  }

  function store(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    storedBytes += entry.bytes;
    trim();
  }

  /** The entry's gzip encoding, made the first time; its bytes count against the limits while the copy is held. */
  function gzipped(key: string, entry: Entry): Buffer {
    if (entry.gzipped) return entry.gzipped;
    entry.gzipped = zlib.gzipSync(entry.body);
    entry.bytes += entry.gzipped.length;
    if (entries.get(key) === entry) {
      storedBytes += entry.gzipped.length;
      trim();
    }
    return entry.gzipped;
  }

  /** The copy as the visitor gets it: the stored answer, gzipped if they take it, or a 304 when they have it already. */
  function send(
    key: string,
    entry: Entry,
    { acceptsGzip, ifNoneMatch }: Pick<Lookup, "acceptsGzip" | "ifNoneMatch">,
    status: "hit" | "miss",
  ) {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of entry.headers) {
      const existing = headers[name];
      headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    const etag = etagOf(entry, acceptsGzip);
    headers["ETag"] = etag;
    headers["Cache-Control"] = cacheControl;
    headers[PAGE_CACHE_STATUS_HEADER] = status;
    if (namesEtag(ifNoneMatch, etag)) {
      // A 304 repeats what describes the copy; nothing of its content.
      const kept = ["ETag", "Cache-Control", "Vary", PAGE_CACHE_STATUS_HEADER];
      return {
        status: 304,
        headers: Object.fromEntries(Object.entries(headers).filter(([name]) => kept.includes(name))),
        body: Buffer.alloc(0),
      };
    }
    if (!acceptsGzip) return { status: entry.status, headers, body: entry.body };
    headers["Content-Encoding"] = "gzip";
    return { status: entry.status, headers, body: gzipped(key, entry) };
  }

  function toResponse(answer: CachedAnswer, statusText = ""): Response {
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const body = answer.status === 304 ? null : new Uint8Array(answer.body);
    return new Response(body, { status: answer.status, statusText: answer.status === 304 ? "" : statusText, headers });
  }

  /** A rendered answer passed on as it is; a shared page that was not stored may still be kept a moment by a browser. */
  function passThrough(response: Response, status: "bypass" | "miss"): Response {
    if (response.headers.has(PAGE_CACHE_SHARED_HEADER)) {
      response.headers.delete(PAGE_CACHE_SHARED_HEADER);
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-cache");
    }
    if (ttlMs > 0) response.headers.set(PAGE_CACHE_STATUS_HEADER, status);
    return response;
  }

  function clear() {
    entries.clear();
    storedBytes = 0;
  }

  /**
   * The copy to send for `key`: a fresh one, else, while its replacement is
   * being rendered, the one it replaces (so visitors who arrive during that
   * render do not wait for it). A write in this process has emptied the
   * store already, so it never holds a copy from before one.
   */
  function sendable(key: string): Entry | null {
    const entry = entries.get(key);
    if (!entry) return null;
    return now() - entry.storedAt < ttlMs || pending.has(key) ? entry : null;
  }

  async function renderAndStore(key: string, request: Request, render: Render, lookup: Lookup) {
    const startedAt = generation;
    let settle: (entry: Entry | null) => void = () => {};
    pending.set(key, new Promise<Entry | null>((resolve) => (settle = resolve)));
    try {
      const response = await render(request);
      if (response.status !== 200 || !response.headers.has(PAGE_CACHE_SHARED_HEADER) || response.headers.has("Set-Cookie")) {
        settle(null);
        return passThrough(response, "bypass");
      }
      response.headers.delete(PAGE_CACHE_SHARED_HEADER);
      const body = Buffer.from(await response.arrayBuffer());
      const entry: Entry = {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers].filter(([name]) => name !== "etag" && name !== "cache-control"),
        body,
        gzipped: null,
        hash: crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32),
        storedAt: now(),
        bytes: body.length,
      };
      const current = startedAt === generation;
      if (current && entry.bytes <= maxBytes) store(key, entry);
      // Requests that arrived after a write render for themselves rather than share a copy from before it.
      settle(current ? entry : null);
      return toResponse(send(key, entry, lookup, "miss"), entry.statusText);
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      pending.delete(key);
    }
  }

  return {
    /**
     * The fast path, before any Request is built: a fresh copy of `url` for a
     * signed-out visitor's GET (or a 304 when they have it), else null.
     */
    lookup(request: Lookup): CachedAnswer | null {
      if (ttlMs <= 0 || request.method !== "GET" || request.variant === null) return null;
      const key = copyKey(request.url, request.variant);
      const entry = sendable(key);
      return entry ? send(key, entry, request, "hit") : null;
    },

    /**
     * Answers `request`, from a fresh copy when there is one, else through
     * `render`. `known.variant`: its sharedVariant when the caller has already
     * worked it out from the same headers (the lookup did), so the cookies are
     * not parsed twice.
     */
    async handle(request: Request, render: Render, known?: { variant: string | null }): Promise<Response> {
      if (!SAFE_METHODS.has(request.method)) {
        generation++;
        clear();
        try {
          return passThrough(await render(request), "bypass");
        } finally {
          generation++;
          clear();
        }
      }
      const variant = known
        ? known.variant
        : sharedVariant(request.headers.get("Cookie"), request.headers.get("Authorization"), request.headers.get("Accept-Language"));
      if (ttlMs <= 0 || request.method !== "GET" || variant === null) return passThrough(await render(request), "bypass");

      const url = new URL(request.url);
      const lookup: Lookup = {
        method: request.method,
        url: url.pathname + url.search,
        variant,
        // A copy is sent gzipped or plain (brotli is for rendered answers only).
        acceptsGzip: acceptsGzip(request.headers.get("Accept-Encoding")),
        ifNoneMatch: request.headers.get("If-None-Match"),
      };
      const key = copyKey(lookup.url, variant);
      const stored = sendable(key);
      if (stored) return toResponse(send(key, stored, lookup, "hit"), stored.statusText);
      const inFlight = pending.get(key);
      if (inFlight) {
        const entry = await inFlight;
        if (entry) return toResponse(send(key, entry, lookup, "hit"), entry.statusText);
        return passThrough(await render(request), "bypass");
      }
      return renderAndStore(key, request, render, lookup);
    },

    /** How many addresses are held (expired copies included until replaced). */
    get size() {
      return entries.size;
    },
    /** The bytes those copies take, raw and compressed. */
    get bytes() {
      return storedBytes;
    },
  };
}

/** Whether an Accept-Encoding header takes gzip (q above 0, by name or by "*"). */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  const weights = new Map<string, number>();
  for (const item of header.split(",")) {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return (weights.get("gzip") ?? weights.get("*") ?? 0) > 0;
}
