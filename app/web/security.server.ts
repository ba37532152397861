import crypto from "node:crypto";
import { COMMON_SECURITY_HEADERS } from "~/lib/security-headers";
import { env } from "~/infra/env.server";
import { storageBrowserOrigins } from "~/infra/storage.server";

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
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

export function contentSecurityPolicy(nonce: string): string {
  const config = env();
  const list = (items: string[]) => [...new Set(items)].join(" ");
  const storage = storageBrowserOrigins(config);
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
export function applyDocumentSecurityHeaders(headers: Headers, nonce: string): void {
  const config = env();
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
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
