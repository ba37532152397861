/**
 * A write waited the whole busy timeout for another writer's lock and gave
 * up; nothing was written, and a retry in a few seconds usually succeeds.
 * Thrown by the SQLite driver. The data layer knows nothing of HTTP: the
 * request edge answers it with a 503 (app/web/domain-errors.server.ts), and
 * forms that keep what the hunter typed catch it (isDatabaseBusy) and show it
 * inline instead.
 */
export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";

  constructor(options?: ErrorOptions) {
    super("The database stayed locked by another writer for the whole busy timeout.", options);
  }
}

export function isDatabaseBusy(error: unknown): error is DatabaseBusyError {
  return error instanceof DatabaseBusyError;
}
