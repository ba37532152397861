import { requestHash } from "~/models/idempotency.server";

/**
 * What `request` asks, for its idempotency key (ADR 009): its method, its
 * path (Remix gives actions the page's path, never the `.data` one) and the
 * `fields` that define it. An honest retry hashes the same; the same key
 * with another request is refused.
 */
export function hashRequest(request: Request, fields: Record<string, unknown>): string {
  return requestHash(request.method, new URL(request.url).pathname, fields);
}
