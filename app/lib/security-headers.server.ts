/**
 * The protective headers every answer carries, HTML or not: resource routes,
 * static files, errors and the server's own refusals (applied to each
 * response by server/security-headers.ts, and to the app's own by
 * app/web/security.server.ts).
 */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Headers the app passes to the page cache and that no client may see (X-Page-Cache-Shared). */
export const INTERNAL_HEADER = /^x-page-cache-/i;

/** Whether `hostname` (from a URL or a Host header, IPv6 in brackets or not) names this machine's loopback interface. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}
