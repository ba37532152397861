/**
 * Idempotency keys (issue 19, docs/api.md): every mutation form carries one in
 * a hidden field, and the JSON API takes one in the `Idempotency-Key` header.
 * The server answers a repeat of a key with the first request's result.
 */
export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const IDEMPOTENCY_KEY_INVALID_TEXT = "The idempotency key must be 16 to 64 letters, digits, '-' or '_'.";

/** A fresh random key (a UUID), for the next mutation a form sends. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID exists only in secure contexts; a page served over plain http still needs keys.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A posted key: null when none was sent, "invalid" when one was sent in the wrong shape. */
export function parseIdempotencyKey(value: unknown): string | null | "invalid" {
  if (value === null || value === undefined || value === "") return null;
  return typeof value === "string" && IDEMPOTENCY_KEY_PATTERN.test(value) ? value : "invalid";
}
