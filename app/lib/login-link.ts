/**
 * The /login link that brings the visitor back to `path`, a path this app
 * gave (a route, the router's location). /login checks redirectTo again on
 * the server (safeRedirect), so this stays small enough for every page's
 * first load; anything from outside goes through `loginHref` instead.
 */
export function loginLink(path: string): string {
  return path === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(path)}`;
}
