import { rateLimitedText, type RateLimitName, type RateLimitResult } from "~/services/rate-limit.server";

/** The Retry-After header a refusal carries. */
export function retryAfterHeaders(limit: RateLimitResult): Record<string, string> {
  return { "Retry-After": String(limit.retryAfterSeconds), "Cache-Control": "no-store" };
}

/** A JSON API's refusal: 429, Retry-After, {message}. */
export function rateLimitedJson(name: RateLimitName, limit: RateLimitResult): Response {
  return Response.json({ message: rateLimitedText(name, limit) }, { status: 429, headers: retryAfterHeaders(limit) });
}
