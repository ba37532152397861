import { translator, type Translate } from "~/lib/language";
import { rateLimitedText, type RateLimitName, type RateLimitResult } from "~/services/rate-limit.server";

/** The Retry-After header a refusal carries. */
export function retryAfterHeaders(limit: RateLimitResult): Record<string, string> {
  return { "Retry-After": String(limit.retryAfterSeconds), "Cache-Control": "no-store" };
}

/** A JSON API's refusal: 429, Retry-After, {message} (worded by `t`, the request's: requestT(request)). */
export function rateLimitedJson(name: RateLimitName, limit: RateLimitResult, t: Translate = translator("en")): Response {
  return Response.json({ message: rateLimitedText(name, limit, t) }, { status: 429, headers: retryAfterHeaders(limit) });
}
