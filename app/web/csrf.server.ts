import { env } from "~/infra/env.server";

/**
 * Rejects a state-changing request that a browser sent from another site.
 * Browsers mark every cross-site request with `Sec-Fetch-Site: cross-site`
 * and every POST with an `Origin` header; either one pointing elsewhere is
 * refused with 403. Requests with neither (command-line clients, which carry
 * no ambient cookies) pass; they still need a session to do anything.
 */
export function requireSameOrigin(request: Request): void {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site") throw crossSite();
  const origin = request.headers.get("Origin");
  if (origin === null) return;
  const allowed = new Set([env().publicUrl.origin, new URL(request.url).origin]);
  if (!allowed.has(origin)) throw crossSite();
}

function crossSite(): Response {
  return new Response("This request came from another site, so it was refused. Please use the form on this site.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
