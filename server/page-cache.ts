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
 * - A copy is served for at most `ttlMs` (1 s by default), and while the
 *   one render that replaces it is under way. Any POST, PUT,
 *   PATCH or DELETE this process handles empties the cache, and a render that
 *   started before such a write is not stored, so whoever has just posted
 *   sees their change on the next page. Another process's write (several app
 *   processes on one PostgreSQL) shows within `ttlMs` and one render.
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
 *
 * A signed-in hunter's page, where the route offers it (the home page), is
 * made the same way from a *personal template* (docs/decisions/008-personal-page-templates.md):
 * the page rendered for nobody with markers where each hunter's parts go
 * (app/lib/personal-template.ts), kept under the same rules, and filled for
 * each request with the hunter's values, which the app gives
 * (`personalize`). Whatever does not fit falls back to a render.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
// Set by the app on a page that may be cached; names the nonce it used. Never sent to the browser.
import { PAGE_CACHE_FORM_TOKEN_HEADER, PAGE_CACHE_NONCE_HEADER, PAGE_CACHE_PERSONAL_HEADER } from "../app/lib/page-cache.ts";
import { MARK_CLOSE, MARK_OPEN } from "../app/lib/personal-template.ts";
import { preferenceVariant } from "../app/lib/reader-preferences.ts";
import { combineCrc32, zeroBytesOperator, type Operator } from "./crc32-combine.ts";

/** Tells operators (and tests) how an answer was produced: hit, miss, or bypass. */
export const PAGE_CACHE_STATUS_HEADER = "X-Page-Cache";

/** What goes between two parts of a stored page: a fresh nonce, or a fresh comment-form token. */
type Slot = "nonce" | "token";
type Fresh = { nonce: string; token: string | null };

/** What a stored copy and a stored template both hold. */
type Stored = {
  status: number;
  statusText: string;
  /** The answer's headers; values that held the nonce are split at it. */
  headers: [name: string, parts: string[]][];
  storedAt: number;
  bytes: number;
};

type Entry = Stored & {
  /** The HTML split at its nonce and its form token. */
  parts: Buffer[];
  /** What goes between part i and part i + 1. */
  slots: Slot[];
  /** Each part raw-deflated (all but the last flushed to a byte boundary, the last one final), once a copy is first sent gzipped. */
  deflated: Deflated | null;
};

/**
 * A copy's parts ready for gzip: deflated, with each part's CRC-32 and the map
 * that carries a CRC over its length, so an answer's checksum reads only its
 * fresh values and combines the parts' instead of reading the whole page again
 * (it was a sixth of the CPU of answering a Jimmy page's copy).
 */
type Deflated = { blocks: Buffer[]; crcs: number[]; over: Operator[] };

/** One piece of a personal page template (app/lib/personal-template.ts). */
type TemplatePiece =
  | { kind: "text"; text: Buffer }
  | { kind: "nonce" }
  /** A value in the page's loader data: the hunter's value as JSON. */
  | { kind: "data"; key: string }
  /** Markup the app made for the hunter ({ html }). */
  | { kind: "html"; key: string }
  /** The variant named by the hunter's value. */
  | { kind: "choice"; key: string; variants: Map<string, Buffer> };

type PersonalTemplate = Stored & {
  pieces: TemplatePiece[];
  /** Every key the pieces name, once. */
  keys: string[];
};

/** A signed-in hunter's values for a template's keys, from their Cookie header (app/web/personal-page.server.tsx), or null to render their page instead. */
export type Personalize = (cookieHeader: string, keys: readonly string[]) => Promise<Record<string, unknown> | null>;

/** What the server's render takes besides the request: `personalTemplate` asks for a personal page template with that tag. */
export type RenderContext = { personalTemplate?: string };

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
  /** Gives a signed-in hunter's values for a personal page template; without it, signed-in hunters' pages are always rendered. */
  personalize?: Personalize;
};

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Whether a request is a signed-out visitor's, and which copy of a page is
 * theirs: null when it carries credentials (any cookie but the reading
 * preferences, or an Authorization header); else the preferences its pages
 * are worded in ("mi", "km Europe/Paris"…: app/lib/reader-preferences.ts),
 * each of which has copies of its own.
 */
export function anonymousVariant(
  cookie: string | null | undefined,
  authorization: string | null | undefined,
  acceptLanguage: string | null | undefined,
) {
  return authorization ? null : preferenceVariant(cookie, acceptLanguage);
}

/** A stored copy's key: the address, and the preferences it is worded in. */
const copyKey = (url: string, variant: string) => (variant ? `${url}\n${variant}` : url);

type Render = (request: Request, context?: RenderContext) => Promise<Response>;

/**
 * Brotli at quality 1 with a 128 KB window: a 73 KB home page in about
 * 0.13 ms to 10.5 KB, against 0.29 ms and 9.7 KB at quality 2 and 0.6 ms and
 * 8.9 KB at the compression middleware's quality 4 (measured one after the
 * other, 1,000 times each); gzip at level 1 takes 0.16 ms for 11.4 KB.
 */
const BROTLI_FAST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 17 } };

/** "br" or "gzip" when the Accept-Encoding header takes it (brotli first), else null. */
export function preferredEncoding(header: string | null): "br" | "gzip" | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const item of header.split(",")) {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const takes = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : null;
}
// A gzip member's header: deflate, no name or time, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function makeEntry(response: Response, html: string, fresh: Fresh, storedAt: number): Entry {
  const { nonce, token } = fresh;
  const pieces = html.split(
    new RegExp(
      `(${[nonce, token]
        .filter((value) => value !== null)
        .map(escapeRegExp)
        .join("|")})`,
    ),
  );
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

/** Stored headers (split at the nonce) with `nonce` put back, a repeated header as a list. */
function joinHeaders(stored: [name: string, parts: string[]][], nonce: string): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, parts] of stored) {
    const value = parts.join(nonce);
    const existing = headers[name];
    headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return headers;
}

const byteLength = (buffers: Buffer[]) => buffers.reduce((sum, buffer) => sum + buffer.length, 0);

function deflateParts(parts: Buffer[]): Deflated {
  return {
    blocks: parts.map((part, i) =>
      zlib.deflateRawSync(part, { finishFlush: i === parts.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH }),
    ),
    crcs: parts.map((part) => zlib.crc32(part)),
    over: parts.map((part) => zeroBytesOperator(part.length)),
  };
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
function gzipWithFresh(entry: Entry, deflated: Deflated, fresh: Fresh): Buffer {
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
    pieces.push(deflated.blocks[i]!);
    crc = i === 0 ? deflated.crcs[0]! : combineCrc32(crc, deflated.crcs[i]!, deflated.over[i]!);
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

/**
 * Splits a rendered template at its nonce and at the markers carrying its
 * tag (anything else is text, whatever characters it holds); null when the
 * markers do not make sense (a choice not closed, a nonce or marker inside one).
 */
export function parseTemplate(html: string, nonce: string, tag: string): TemplatePiece[] | null {
  const pieces: TemplatePiece[] = [];
  // After the tag: ":key" (a value), "?key=variant" (a choice's variant), "/key" (a choice's end).
  const mark = `${MARK_OPEN}${escapeRegExp(tag)}([:?/][^${MARK_CLOSE}]*)${MARK_CLOSE}`;
  const pattern = new RegExp(`${escapeRegExp(nonce)}|\\\\"${mark}\\\\"|${mark}`, "g");
  let choice: { key: string; variants: Map<string, Buffer>; variant: string } | null = null;
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    const before = html.slice(last, match.index);
    last = match.index + match[0].length;
    const [token, quoted, bare] = match;
    const marker = quoted ?? bare ?? "";
    const kind = marker[0];
    const body = marker.slice(1);
    if (choice) {
      // Only the choice's next variant or its end may follow: no nonce, value or other choice inside one.
      choice.variants.set(choice.variant, Buffer.from(before));
      const [key, variant, ...rest] = body.split("=");
      if (
        bare !== undefined &&
        kind === "?" &&
        key === choice.key &&
        variant !== undefined &&
        rest.length === 0 &&
        !choice.variants.has(variant)
      ) {
        choice.variant = variant;
        continue;
      }
      if (bare === undefined || kind !== "/" || body !== choice.key) return null;
      pieces.push({ kind: "choice", key: choice.key, variants: choice.variants });
      choice = null;
      continue;
    }
    if (before) pieces.push({ kind: "text", text: Buffer.from(before) });
    if (token === nonce) {
      pieces.push({ kind: "nonce" });
      continue;
    }
    if (kind === ":" && body) pieces.push({ kind: quoted !== undefined ? "data" : "html", key: body });
    else if (kind === "?" && bare !== undefined) {
      const [key, variant, ...rest] = body.split("=");
      if (!key || variant === undefined || rest.length > 0) return null;
      choice = { key, variants: new Map(), variant };
    } else return null;
  }
  if (choice) return null;
  const rest = html.slice(last);
  if (rest) pieces.push({ kind: "text", text: Buffer.from(rest) });
  return pieces;
}

/** A value in the stream script's string literal: JSON for turbo-stream, inside a JSON string, HTML-safe (as Remix writes it). */
function scriptValue(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new Error("not a JSON value");
  return JSON.stringify(json)
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The template with the hunter's values; null when one is missing or of the wrong kind. */
function fillTemplate(pieces: TemplatePiece[], nonce: string, values: Record<string, unknown>): Buffer | null {
  const out: Buffer[] = [];
  const nonceBytes = Buffer.from(nonce);
  for (const piece of pieces) {
    if (piece.kind === "text") out.push(piece.text);
    else if (piece.kind === "nonce") out.push(nonceBytes);
    else {
      if (!Object.hasOwn(values, piece.key)) return null;
      const value = values[piece.key];
      if (piece.kind === "data") {
        if (value === undefined) return null;
        out.push(Buffer.from(scriptValue(value)));
      } else if (piece.kind === "html") {
        const html = typeof value === "object" && value !== null ? (value as { html?: unknown }).html : undefined;
        if (typeof html !== "string") return null;
        out.push(Buffer.from(html));
      } else {
        const variant = piece.variants.get(String(value));
        if (!variant) return null;
        out.push(variant);
      }
    }
  }
  return Buffer.concat(out);
}

export function createPageCache({
  ttlMs,
  maxEntries = 200,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
  createNonce = () => crypto.randomBytes(16).toString("base64"),
  issueFormToken,
  personalize,
}: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  /** Personal page templates by address, under the same limits and rules as the copies. */
  const templates = new Map<string, PersonalTemplate>();
  const pendingTemplates = new Map<string, Promise<PersonalTemplate | null>>();
  /** Addresses whose page, rendered for a hunter, said it offers a template. */
  const offered = new Set<string>();
  let storedBytes = 0;
  const pending = new Map<string, Promise<Entry | null>>();
  // Goes up when a write starts and when it ends: a render that saw it change may hold data from before the write.
  let generation = 0;

  function headersWith(entry: Entry, nonce: string, status: "hit" | "miss"): Record<string, string | string[]> {
    const headers = joinHeaders(entry.headers, nonce);
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
    response.headers.delete(PAGE_CACHE_PERSONAL_HEADER);
    if (ttlMs > 0) response.headers.set(PAGE_CACHE_STATUS_HEADER, status);
    return response;
  }

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    storedBytes -= entry.bytes;
  }

  function forgetTemplate(key: string) {
    const template = templates.get(key);
    if (!template) return;
    templates.delete(key);
    storedBytes -= template.bytes;
  }

  /** Drops the oldest copy or template until the limits hold. */
  function trim() {
    while (entries.size + templates.size > maxEntries || storedBytes > maxBytes) {
      const [entryKey, entry] = entries.entries().next().value ?? [];
      const [templateKey, template] = templates.entries().next().value ?? [];
      if (entryKey !== undefined && (template === undefined || entry!.storedAt <= template.storedAt)) forget(entryKey);
      else if (templateKey !== undefined) forgetTemplate(templateKey);
      else break;
    }
  }

  function store(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    storedBytes += entry.bytes;
    trim();
  }

  /** The entry's parts deflated, compressing them the first time; the bytes count against the limits while the copy is held. */
  function deflatedParts(key: string, entry: Entry): Deflated {
    if (entry.deflated) return entry.deflated;
    const deflated = deflateParts(entry.parts);
    entry.deflated = deflated;
    // Each part's map is 32 numbers of 4 bytes.
    const added = byteLength(deflated.blocks) + deflated.over.length * 128;
    entry.bytes += added;
    if (entries.get(key) === entry) {
      storedBytes += added;
      trim();
    }
    return deflated;
  }

  function clear() {
    entries.clear();
    templates.clear();
    storedBytes = 0;
  }

  /** What `map` holds for `key` if it is younger than the time to live. */
  function fresh<T extends Stored>(map: Map<string, T>, key: string): T | null {
    const stored = map.get(key);
    return stored && now() - stored.storedAt < ttlMs ? stored : null;
  }

  /**
   * The copy to send for `key`: a fresh one, else, while its replacement is
   * being rendered, the one it replaces. Without that, every visitor who
   * arrived during the render waited for it, once per time to live: a busy
   * page stalled for tens of milliseconds each second. A copy is thus at most
   * one render older than the time to live; a write in this process has
   * emptied the cache already, so it never holds a copy from before one.
   */
  function sendable(key: string): Entry | null {
    return fresh(entries, key) ?? (pending.has(key) ? (entries.get(key) ?? null) : null);
  }

  async function renderAndStore(key: string, request: Request, render: Render) {
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
      // A signed-out copy of a page that offers hunters a template is stored and sent like any other.
      response.headers.delete(PAGE_CACHE_PERSONAL_HEADER);
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

  /** Renders the page at `key` as a personal template, stores it (unless a write overlapped) and returns it; null when it cannot be one. */
  async function renderTemplate(key: string, request: Request, render: Render): Promise<PersonalTemplate | null> {
    const startedAt = generation;
    let settle: (template: PersonalTemplate | null) => void = () => {};
    pendingTemplates.set(key, new Promise((resolve) => (settle = resolve)));
    let template: PersonalTemplate | null = null;
    try {
      // Rendered for nobody: without the hunter's cookie or credentials.
      const headers = new Headers(request.headers);
      headers.delete("Cookie");
      headers.delete("Authorization");
      // A tag nobody else knows, so nothing in the page's content can pass for one of its markers.
      const tag = crypto.randomBytes(12).toString("base64url");
      const response = await render(new Request(request.url, { method: "GET", headers, signal: request.signal }), {
        personalTemplate: tag,
      });
      const nonce = response.headers.get(PAGE_CACHE_NONCE_HEADER);
      const usable =
        nonce !== null &&
        response.status === 200 &&
        response.headers.get(PAGE_CACHE_PERSONAL_HEADER) === "template" &&
        !response.headers.has(PAGE_CACHE_FORM_TOKEN_HEADER) &&
        !response.headers.has("Set-Cookie");
      const html = await response.text();
      const pieces = usable ? parseTemplate(html, nonce, tag) : null;
      if (!pieces || nonce === null) {
        offered.delete(key);
        return null;
      }
      for (const name of [PAGE_CACHE_NONCE_HEADER, PAGE_CACHE_PERSONAL_HEADER]) response.headers.delete(name);
      const keys = [...new Set(pieces.flatMap((piece) => ("key" in piece ? [piece.key] : [])))];
      const bytes = pieces.reduce(
        (sum, piece) =>
          sum + (piece.kind === "text" ? piece.text.length : piece.kind === "choice" ? byteLength([...piece.variants.values()]) : 0),
        0,
      );
      template = {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers].map(([name, value]) => [name, value.split(nonce)]),
        pieces,
        keys,
        storedAt: now(),
        bytes,
      };
      if (startedAt === generation && bytes <= maxBytes) {
        forgetTemplate(key);
        templates.set(key, template);
        storedBytes += bytes;
        trim();
      }
      return template;
    } finally {
      settle(startedAt === generation ? template : null);
      pendingTemplates.delete(key);
    }
  }

  /** Whether a page rendered for a hunter at `url` has said it offers a template (and templates are on). */
  function offers(url: string): boolean {
    return ttlMs > 0 && personalize !== undefined && offered.has(url);
  }

  /** The hunter's copy of `key`'s page from its template; null when it must be rendered for them. */
  async function personalAnswer(
    key: string,
    cookie: string,
    acceptEncoding: string | null,
    request: () => Request,
    render: Render,
  ): Promise<CachedAnswer | null> {
    // Hunters who arrive while the template is being rendered wait for that one render.
    const inFlight = pendingTemplates.get(key);
    const template = fresh(templates, key) ?? (inFlight ? await inFlight : await renderTemplate(key, request(), render));
    if (!template) return null;
    const values = await personalize!(cookie, template.keys);
    if (!values) return null;
    const nonce = createNonce();
    const body = fillTemplate(template.pieces, nonce, values);
    if (!body) return null;
    const headers = joinHeaders(template.headers, nonce);
    headers[PAGE_CACHE_STATUS_HEADER] = "personal";
    headers["Vary"] = "Accept-Encoding";
    // Compressed here, in one pass at a fast setting, rather than by the compression middleware's stream.
    const encoding = preferredEncoding(acceptEncoding);
    if (encoding) headers["Content-Encoding"] = encoding;
    const sent =
      encoding === "br" ? zlib.brotliCompressSync(body, BROTLI_FAST) : encoding === "gzip" ? zlib.gzipSync(body, { level: 1 }) : body;
    return { status: template.status, headers, body: sent };
  }

  return {
    /**
     * The fast path, before any Request is built: a fresh copy of `url` (path
     * and query) for a signed-out visitor's GET, with a nonce of its own and
     * gzip-compressed when the client takes gzip; else null.
     */
    lookup({
      method,
      url,
      anonymous,
      variant = "",
      acceptsGzip,
    }: {
      method: string;
      url: string;
      anonymous: boolean;
      /** Which copy a signed-out visitor gets: their reading preferences (anonymousVariant). */
      variant?: string;
      acceptsGzip: boolean;
    }): CachedAnswer | null {
      if (ttlMs <= 0 || method !== "GET" || !anonymous) return null;
      const key = copyKey(url, variant);
      const entry = sendable(key);
      if (!entry) return null;
      const values = freshValues(entry);
      const headers = headersWith(entry, values.nonce, "hit");
      if (!acceptsGzip) return { status: entry.status, headers, body: plainWithFresh(entry, values) };
      headers["Content-Encoding"] = "gzip";
      return { status: entry.status, headers, body: gzipWithFresh(entry, deflatedParts(key, entry), values) };
    },

    /**
     * A signed-in hunter's GET of `url` (path and query) as a copy of the
     * page's personal template, once a page rendered for a hunter at that
     * address has said it offers one: the template is rendered at most once
     * a `ttlMs` (through `render` with `request()`, without its cookie), and
     * the hunter's values come from `personalize`. Null when the page must
     * be rendered for them (`handle`): it offers no template, nobody is
     * signed in by `cookie`, a toast is waiting, or the template did not work out.
     */
    async personal({
      url,
      cookie,
      acceptEncoding,
      request,
      render,
    }: {
      url: string;
      cookie: string;
      acceptEncoding: string | null;
      request: () => Request;
      render: Render;
    }): Promise<CachedAnswer | null> {
      if (!offers(url)) return null;
      try {
        return await personalAnswer(url, cookie, acceptEncoding, request, render);
      } catch (error) {
        // The hunter still gets their page, rendered as before; the error is for the operator.
        console.error("[page-cache] a personal copy failed; rendering the page instead:", error);
        return null;
      }
    },

    offers,

    /** Answers `request`, from a fresh copy when there is one, else through `render`. */
    async handle(request: Request, render: Render): Promise<Response> {
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
      const variant = anonymousVariant(
        request.headers.get("Cookie"),
        request.headers.get("Authorization"),
        request.headers.get("Accept-Language"),
      );
      if (ttlMs <= 0 || request.method !== "GET" || variant === null) {
        const response = await render(request);
        if (ttlMs > 0 && personalize && response.status === 200 && response.headers.get(PAGE_CACHE_PERSONAL_HEADER) === "offered") {
          // From now on hunters get this address as a copy of its template (`personal`).
          const url = new URL(request.url);
          offered.delete(url.pathname + url.search);
          offered.add(url.pathname + url.search);
          if (offered.size > maxEntries) offered.delete(offered.values().next().value as string);
        }
        return passThrough(response, "bypass");
      }

      const url = new URL(request.url);
      const key = copyKey(url.pathname + url.search, variant);
      const stored = sendable(key);
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
    /** How many personal page templates are held. */
    get templates() {
      return templates.size;
    },
    /** The bytes those copies take, raw and compressed. */
    get bytes() {
      return storedBytes;
    },
  };
}
