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
import { msg } from "./language.ts";

/** What the refusal says, wherever it is made. */
export const CROSS_SITE_REFUSAL = msg("This request came from another site, so it was refused. Please use the form on this site.");
/** What a state-changing request to an address that cannot be read is told. */
export const UNREADABLE_PATH_REFUSAL = msg("This request's address could not be read, so it was refused.");

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

/**
 * The POSTs a browser may send from another site, each on one exact route:
 * Apple's form_post sign-in answer (its state cookie proves it), and a mail
 * program's one-click unsubscribe (RFC 8058: the signed token in the path
 * proves it, and all it can do is stop email).
 */
const CROSS_SITE_ROUTES: readonly ((segments: readonly string[]) => boolean)[] = [
  (s) => s.length === 4 && s[0] === "api" && s[1] === "auth" && s[2] === "callback" && s[3] === "apple",
  (s) => s.length === 4 && s[0] === "email" && s[1] === "unsubscribe" && isPlainSegment(s[2]!) && s[3] === "one-click",
];

/** A segment that is one name, nothing that a router or a file system could read as a step elsewhere. */
const isPlainSegment = (segment: string) => /^[A-Za-z0-9._~-]+$/.test(segment) && segment !== "." && segment !== "..";

/**
 * What the cross-site rule makes of a request's path (as sent, before any
 * decoding): "exempt" when it is one of the exact cross-site routes,
 * "unreadable" when it cannot be read with certainty (it does not start with
 * one slash, or a %-escape does not decode), otherwise "ordinary".
 *
 * The path is matched as the app will route it: resolved as a URL does
 * (backslashes are slashes, `.`, `..` and their %2e forms are steps), then
 * each segment %-decoded. A segment that decodes to a slash, a backslash or a
 * step, or an empty one (a double slash), is in no exempt route, so
 * `/email/unsubscribe/..\account/one-click` is ordinary, and refused from
 * another site like any other path.
 */
export function classifyCrossSitePath(rawPath: string): "exempt" | "ordinary" | "unreadable" {
  if (!rawPath.startsWith("/") || /\p{Cc}/u.test(rawPath)) return "unreadable";
  let segments: string[];
  try {
    const { pathname } = new URL(`http://path.invalid${rawPath}`);
    segments = pathname.slice(1).split("/").map(decodeURIComponent);
  } catch {
    return "unreadable";
  }
  return CROSS_SITE_ROUTES.some((route) => route(segments)) ? "exempt" : "ordinary";
}
