const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How old a saved copy of a page is, as the offline banner says it: 'just now', '14 min ago', '3 h ago', '2 days ago'. */
export function savedCopyAge(savedAt: string, now: number = Date.now()): string {
  const ms = Math.max(0, now - Date.parse(savedAt));
  if (!Number.isFinite(ms) || ms < MINUTE) return "just now";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
  const days = Math.floor(ms / DAY);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}

export function savedCopyBanner(savedAt: string, now?: number): string {
  return `Offline — saved copy from ${savedCopyAge(savedAt, now)}`;
}
