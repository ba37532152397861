/**
 * The one rule for a state-changing request a browser sent from another
 * site, used at the server's edge (server/cross-site.ts, before any route
 * runs) and again by each action (`requireSameOrigin` in
 * app/web/csrf.server.ts).
 *
 * Browsers mark every cross-site request with `Sec-Fetch-Site: cross-site`
 * and every POST with an `Origin` header; either one pointing elsewhere
 * (`Origin: null` included, which a sandboxed frame or a privacy redirect
 * sends) makes the request cross-site. A request with neither (a command-line
 * client, which carries no ambient cookies) is not; it still needs a session
 * to do anything.
 *
 * No `~/` import: plain Node loads this file for the server.
 */

/** What the refusal says, wherever it is made. */
export const CROSS_SITE_REFUSAL = "This request came from another site, so it was refused. Please use the form on this site.";

/**
 * Whether a request with these `Origin` and `Sec-Fetch-Site` header values
 * came from another site than `allowedOrigins` (the public address's origin
 * and the origin the request was addressed to).
 */
export function comesFromAnotherSite(
  headers: { origin: string | null | undefined; fetchSite: string | null | undefined },
  allowedOrigins: readonly string[],
): boolean {
  if (headers.fetchSite === "cross-site") return true;
  if (headers.origin === null || headers.origin === undefined) return false;
  return !allowedOrigins.includes(headers.origin);
}
