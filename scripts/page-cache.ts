/**
 * A very short-lived cache of the public pages as a signed-out visitor sees
 * them (docs/performance.md, "The anonymous page cache").
 *
 * Most page views come from visitors who are not signed in, and for them the
 * home page, All Discoveries, a Jimmy's page, the Hall of Fame, the map and
 * the privacy page depend on nothing but the address. Rendering one costs tens of
 * milliseconds; sending a copy rendered a moment ago costs well under one.
 * So, in front of Remix:
 *
 * - Only a GET without a Cookie or Authorization header is served from the
 *   cache or stored; everyone else — signed-in hunters, admins, a visitor
 *   with a flash message pending — always gets a fresh render.
 * - Only pages whose route opts in (`handle.pageCache`, marked by
 *   app/entry.server.tsx with the PAGE_CACHE_NONCE_HEADER) are stored, and
 *   only a 200 that sets no cookie.
 * - A copy is served for at most `ttlMs` (1 s by default). Any POST, PUT,
 *   PATCH or DELETE this process handles empties the cache, and a render that
 *   started before such a write is not stored, so whoever has just posted
 *   sees their change on the next page. Another process's write (several app
 *   processes on one PostgreSQL) shows within `ttlMs`.
 * - Each answer still carries a Content-Security-Policy nonce of its own:
 *   the copy is kept split at its nonce, and every answer is joined with a
 *   fresh one. A page with a comment form (the Jimmy page) is split at its
 *   form token too (PAGE_CACHE_FORM_TOKEN_HEADER), and each answer gets a
 *   token issued as it is sent, so the form's minimum fill time counts from
 *   when this visitor got the page, as it does for a rendered one. Compressed answers cost almost nothing more: the parts
 *   between the nonces are deflated once, when the copy is first sent
 *   compressed (a page nobody asks for again costs no compression), each flushed to a byte
 *   boundary, and an answer strings them together with its nonce in
 *   uncompressed ("stored") deflate blocks between them — one valid gzip
 *   stream (RFC 1951 §3.2.4, RFC 1952).
 * - Concurrent misses for one address wait for a single render; at most
 *   200 addresses and 32 MB are held, the oldest copy going first.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
// Set by the app on a page that may be cached; names the nonce it used. Never sent to the browser.
import { PAGE_CACHE_FORM_TOKEN_HEADER, PAGE_CACHE_NONCE_HEADER } from "../app/lib/page-cache.ts";

/** Tells operators (and tests) how an answer was produced: hit, miss, or bypass. */
export const PAGE_CACHE_STATUS_HEADER = "X-Page-Cache";

export const DEFAULT_PAGE_CACHE_TTL_MS = 1000;
const MAX_TTL_MS = 60_000;

/** What goes between two parts of a stored page: a fresh nonce, or a fresh comment-form token. */
type Slot = "nonce" | "token";
type Fresh = { nonce: string; token: string | null };

type Entry = {
  status: number;
  statusText: string;
  /** The answer's headers; values that held the nonce are split at it. */
  headers: [name: string, parts: string[]][];
  /** The HTML split at its nonce and its form token. */
  parts: Buffer[];
  /** What goes between part i and part i + 1. */
  slots: Slot[];
  /** Each part raw-deflated (all but the last flushed to a byte boundary, the last one final), once a copy is first sent gzipped. */
  deflated: Buffer[] | null;
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
  createNonce?: () => string;
  /** Issues a comment-form token (app/services/comment-guard.server.ts); without it, pages with one are not stored. */
  issueFormToken?: () => string;
};

const SAFE_METHODS = new Set(["GET", "HEAD"]);
// A gzip member's header: deflate, no name or time, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Reads PAGE_CACHE_TTL_MS: a whole number of milliseconds from 0 (no cache)
 * to 60,000; unset means the default. Anything else is a configuration error.
 */
export function pageCacheTtlFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_PAGE_CACHE_TTL_MS;
  const ttl = Number(value);
  if (!Number.isInteger(ttl) || ttl < 0 || ttl > MAX_TTL_MS) {
    throw new Error(`PAGE_CACHE_TTL_MS must be a whole number of milliseconds from 0 to ${MAX_TTL_MS}; it is "${value}".`);
  }
  return ttl;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function makeEntry(response: Response, html: string, fresh: Fresh, storedAt: number): Entry {
  const { nonce, token } = fresh;
  const pieces = html.split(new RegExp(`(${[nonce, token].filter((value) => value !== null).map(escapeRegExp).join("|")})`));
  const parts = pieces.filter((_, i) => i % 2 === 0).map((part) => Buffer.from(part));
  const slots = pieces.filter((_, i) => i % 2 === 1).map((value): Slot => (value === nonce ? "nonce" : "token"));
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers].map(([name, value]) => [name, value.split(nonce)]),
    parts,
    slots,
    deflated: null,
    storedAt,
    bytes: byteLength(parts),
  };
}

const byteLength = (buffers: Buffer[]) => buffers.reduce((sum, buffer) => sum + buffer.length, 0);

function deflateParts(parts: Buffer[]): Buffer[] {
  return parts.map((part, i) =>
    zlib.deflateRawSync(part, { finishFlush: i === parts.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH }),
  );
}

/** A non-final deflate block holding `data` uncompressed (at most 65,535 bytes), starting on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0; // BFINAL 0, BTYPE 00, then padding to the byte boundary
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

function slotBytes(fresh: Fresh): Record<Slot, Buffer> {
  return { nonce: Buffer.from(fresh.nonce), token: Buffer.from(fresh.token ?? "") };
}

/** The page with `fresh` values, as a gzip stream made of the stored deflated parts and the values between them. */
function gzipWithFresh(entry: Entry, deflated: Buffer[], fresh: Fresh): Buffer {
  const values = slotBytes(fresh);
  const blocks = { nonce: storedBlock(values.nonce), token: storedBlock(values.token) };
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  entry.parts.forEach((part, i) => {
    if (i > 0) {
      const slot = entry.slots[i - 1]!;
      pieces.push(blocks[slot]);
      crc = zlib.crc32(values[slot], crc);
      length += values[slot].length;
    }
    pieces.push(deflated[i]!);
    crc = zlib.crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

function plainWithFresh(entry: Entry, fresh: Fresh): Buffer {
  const values = slotBytes(fresh);
  return Buffer.concat(entry.parts.flatMap((part, i) => (i === 0 ? [part] : [values[entry.slots[i - 1]!], part])));
}

export function createPageCache({
  ttlMs,
  maxEntries = 200,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
  createNonce = () => crypto.randomBytes(16).toString("base64"),
  issueFormToken,
}: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  let storedBytes = 0;
  const pending = new Map<string, Promise<Entry | null>>();
  // Goes up when a write starts and when it ends: a render that saw it change may hold data from before the write.
  let generation = 0;

  function headersWith(entry: Entry, nonce: string, status: "hit" | "miss"): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (const [name, parts] of entry.headers) {
      const value = parts.join(nonce);
      const existing = headers[name];
      headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    headers[PAGE_CACHE_STATUS_HEADER] = status;
    headers["Vary"] = "Accept-Encoding";
    return headers;
  }

  function freshValues(entry: Entry): Fresh {
    return { nonce: createNonce(), token: entry.slots.includes("token") ? issueFormToken!() : null };
  }

  function answer(entry: Entry, status: "hit" | "miss", fresh = freshValues(entry)): Response {
    const headers = new Headers();
    for (const [name, value] of Object.entries(headersWith(entry, fresh.nonce, status))) {
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    return new Response(new Uint8Array(plainWithFresh(entry, fresh)), { status: entry.status, statusText: entry.statusText, headers });
  }

  function passThrough(response: Response, status: "bypass" | "miss"): Response {
    response.headers.delete(PAGE_CACHE_NONCE_HEADER);
    response.headers.delete(PAGE_CACHE_FORM_TOKEN_HEADER);
    if (ttlMs > 0) response.headers.set(PAGE_CACHE_STATUS_HEADER, status);
    return response;
  }

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    storedBytes -= entry.bytes;
  }

  /** Drops the oldest copies until the limits hold. */
  function trim() {
    while (entries.size > maxEntries || (entries.size > 0 && storedBytes > maxBytes)) forget(entries.keys().next().value as string);
  }

  function store(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    storedBytes += entry.bytes;
    trim();
  }

  /** The entry's parts deflated, compressing them the first time; the bytes count against the limits while the copy is held. */
  function deflatedParts(key: string, entry: Entry): Buffer[] {
    if (entry.deflated) return entry.deflated;
    const deflated = deflateParts(entry.parts);
    entry.deflated = deflated;
    const added = byteLength(deflated);
    entry.bytes += added;
    if (entries.get(key) === entry) {
      storedBytes += added;
      trim();
    }
    return deflated;
  }

  function clear() {
    entries.clear();
    storedBytes = 0;
  }

  function freshEntry(key: string): Entry | null {
    const stored = entries.get(key);
    return stored && now() - stored.storedAt < ttlMs ? stored : null;
  }

  async function renderAndStore(key: string, request: Request, render: (request: Request) => Promise<Response>) {
    const startedAt = generation;
    let settle: (entry: Entry | null) => void = () => {};
    pending.set(key, new Promise<Entry | null>((resolve) => (settle = resolve)));
    try {
      const response = await render(request);
      const nonce = response.headers.get(PAGE_CACHE_NONCE_HEADER);
      const token = response.headers.get(PAGE_CACHE_FORM_TOKEN_HEADER);
      if (!nonce || response.status !== 200 || response.headers.has("Set-Cookie") || (token !== null && !issueFormToken)) {
        settle(null);
        return passThrough(response, "bypass");
      }
      response.headers.delete(PAGE_CACHE_NONCE_HEADER);
      response.headers.delete(PAGE_CACHE_FORM_TOKEN_HEADER);
      const fresh = { nonce, token };
      const entry = makeEntry(response, await response.text(), fresh, now());
      const current = startedAt === generation;
      if (current && entry.bytes <= maxBytes) store(key, entry);
      // Requests that arrived after a write render for themselves rather than share a copy from before it.
      settle(current ? entry : null);
      return answer(entry, "miss", fresh);
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      pending.delete(key);
    }
  }

  return {
    /**
     * The fast path, before any Request is built: a fresh copy of `url` (path
     * and query) for a signed-out visitor's GET, with a nonce of its own and
     * gzip-compressed when the client takes gzip; else null.
     */
    lookup({ method, url, anonymous, acceptsGzip }: { method: string; url: string; anonymous: boolean; acceptsGzip: boolean }): CachedAnswer | null {
      if (ttlMs <= 0 || method !== "GET" || !anonymous) return null;
      const entry = freshEntry(url);
      if (!entry) return null;
      const values = freshValues(entry);
      const headers = headersWith(entry, values.nonce, "hit");
      if (!acceptsGzip) return { status: entry.status, headers, body: plainWithFresh(entry, values) };
      headers["Content-Encoding"] = "gzip";
      return { status: entry.status, headers, body: gzipWithFresh(entry, deflatedParts(url, entry), values) };
    },

    /** Answers `request`, from a fresh copy when there is one, else through `render`. */
    async handle(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
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
      const anonymous = !request.headers.has("Cookie") && !request.headers.has("Authorization");
      if (ttlMs <= 0 || request.method !== "GET" || !anonymous) return passThrough(await render(request), "bypass");

      const url = new URL(request.url);
      const key = url.pathname + url.search;
      const stored = freshEntry(key);
      if (stored) return answer(stored, "hit");
      const inFlight = pending.get(key);
      if (inFlight) {
        const entry = await inFlight;
        if (entry) return answer(entry, "hit");
        return passThrough(await render(request), "bypass");
      }
      return renderAndStore(key, request, render);
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
