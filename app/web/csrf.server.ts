import { env } from "~/infra/env.server";
import { comesFromAnotherSite, CROSS_SITE_REFUSAL } from "~/lib/same-origin.server";
import { requestT } from "./language.server";

/**
 * Rejects a state-changing request that a browser sent from another site
 * with 403, by the same rule the server applies before any route runs
 * (app/lib/same-origin.server.ts).
 */
export function requireSameOrigin(request: Request): void {
  const headers = { origin: request.headers.get("Origin"), fetchSite: request.headers.get("Sec-Fetch-Site") };
  if (comesFromAnotherSite(headers, [env().publicUrl.origin, new URL(request.url).origin])) throw crossSite(request);
}

function crossSite(request: Request): Response {
  // In the reader's language once app/lib/same-origin.server.ts marks it with msg().
  return new Response(requestT(request)(CROSS_SITE_REFUSAL), {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
