/** The current time as the ISO-8601 UTC text the database stores. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
