import crypto from "node:crypto";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { COMMON_SECURITY_HEADERS } from "~/lib/security-headers.server";
import { env } from "~/infra/env.server";
import { storageBrowserOrigins } from "~/infra/storage.server";
import type { StoredObject } from "~/infra/storage/contract.server";
import { randomString } from "~/infra/random.server";

export function createNonce(): string {
  return randomString(16, "base64");
}

/** Extra origins other parts of the app need (storage, profile pictures...). */
export type CspSources = {
  img?: string[];
  connect?: string[];
  frame?: string[];
};

const extraSources: Required<CspSources> = { img: [], connect: [], frame: [] };

/** Lets a module (e.g. OAuth sign-in) declare an origin the browser must reach. */
export function allowCspSources(sources: CspSources): void {
  for (const key of ["img", "connect", "frame"] as const) {
    for (const origin of sources[key] ?? []) {
      if (!extraSources[key].includes(origin)) extraSources[key].push(origin);
    }
  }
}

/**
 * How a page's inline scripts are allowed: a page rendered for one request
 * by a nonce of its own; a page every signed-out visitor shares (the page
 * cache's copies, docs/decisions/022-shared-pages-whole-and-cacheable.md) by
 * the hashes of the inline scripts it holds, so its bytes are the same for
 * everyone.
 */
export type ScriptSources = { nonce: string } | { hashes: readonly string[] };

/**
 * The CSP hash sources of a page's inline scripts (every `<script>` without a
 * `src`), computed from the markup as the browser will read it: the text
 * between the tags, as UTF-8.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? "")) continue;
    hashes.add(
      `'sha256-${crypto
        .createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

export function contentSecurityPolicy(scripts: ScriptSources): string {
  const config = env();
  const list = (items: string[]) => [...new Set(items)].join(" ");
  const storage = storageBrowserOrigins(config);
  const directives = [
    "default-src 'self'",
    // The page's own modules load under 'self'; its inline scripts by nonce or hash. Not 'strict-dynamic':
    // in Chromium a hash-allowed inline module's import() is refused under it (a nonce is passed on to the
    // import, a hash is not), and Remix's inline module starts the app with one.
    `script-src 'self' ${"nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.join(" ")}`.trimEnd(),
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    // Map tiles (MAP_TILE_URL): the pan-and-zoom map's, and those under the drawn maps at city scale. Images, never fetched by script.
    `img-src ${list(["'self'", "data:", "blob:", config.mapTiles.origin, ...storage.img, ...extraSources.img])}`,
    "font-src 'self'",
    // /map asks the embedded map's origin whether it answers before relying on its iframe.
    `connect-src ${list(["'self'", config.mapEmbedOrigin, ...storage.connect, ...extraSources.connect])}`,
    `frame-src ${list([config.mapEmbedOrigin, ...extraSources.frame])}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (config.isProduction && config.publicUrl.protocol === "https:") directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers every HTML page carries. */
export function applyDocumentSecurityHeaders(headers: Headers, scripts: ScriptSources): void {
  const config = env();
  headers.set("Content-Security-Policy", contentSecurityPolicy(scripts));
  applyCommonSecurityHeaders(headers);
  headers.set("Permissions-Policy", "camera=(self), geolocation=(self), microphone=(), payment=(), usb=()");
  if (config.isProduction && config.publicUrl.protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
}

/** Headers for every response the app renders, HTML or not. */
export function applyCommonSecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
}

/** A stored file sent as it is: its size, the given type and caching, sandboxed (never run as a page), with the common headers. */
export function storedFileResponse(object: StoredObject, contentType: string, cacheControl: string): Response {
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Length": String(object.size),
    "Cache-Control": cacheControl,
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  applyCommonSecurityHeaders(headers);
  return new Response(createReadableStreamFromReadable(object.body), { headers });
}
