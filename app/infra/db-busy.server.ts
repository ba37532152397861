/** How long a client should wait before retrying a write that found the database locked. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const DATABASE_BUSY_TEXT = "The site is too busy to save this right now. Nothing was changed — please try again in a few seconds.";

/**
 * What a request gets when its write waited the whole busy timeout for
 * another writer: a 503 with Retry-After. Thrown from the database layer, so
 * every loader and action answers it without handling it (Remix returns a
 * thrown Response as is, and pages show its message); forms that keep what
 * the hunter typed catch it (isDatabaseBusy) and show it inline instead.
 */
export class DatabaseBusyResponse extends Response {
  constructor() {
    super(JSON.stringify({ message: DATABASE_BUSY_TEXT }), {
      status: 503,
      headers: { "Content-Type": "application/json", "Retry-After": String(BUSY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    });
  }
}

export function isDatabaseBusy(error: unknown): error is DatabaseBusyResponse {
  return error instanceof DatabaseBusyResponse;
}
