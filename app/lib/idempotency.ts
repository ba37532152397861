/**
 * Idempotency keys (issue 19, docs/api.md): every mutation form carries one in
 * a hidden field, and the JSON API takes one in the `Idempotency-Key` header.
 * The server answers a repeat of a key with the first request's result.
 */
import { msg } from "./language";

export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const IDEMPOTENCY_KEY_INVALID_TEXT = msg("The idempotency key must be 16 to 64 letters, digits, '-' or '_'.");
/** A page form's key came back with other details than it was first sent with (the API says it in its own words). */
export const IDEMPOTENCY_KEY_REUSED_FORM_TEXT = msg(
  "This form was already sent once with other details, and that first one was recorded. To send these details too, open the form again.",
);

/** A posted key: null when none was sent, "invalid" when one was sent in the wrong shape. */
export function parseIdempotencyKey(value: unknown): string | null | "invalid" {
  if (value === null || value === undefined || value === "") return null;
  return typeof value === "string" && IDEMPOTENCY_KEY_PATTERN.test(value) ? value : "invalid";
}
