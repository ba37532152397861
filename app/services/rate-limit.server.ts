import { hitRateLimit, pruneRateLimits } from "~/models/rate-limits.server";
import type { DB } from "./db.server";

export type RateLimitRule = { max: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; count: number; resetAt: string; retryAfterSeconds: number };

/**
 * Every rate limit in one place. Counts live in the database (table
 * rate_limits), so they hold across several app processes.
 */
export const RATE_LIMITS = {
  /** Comments are open to everyone: at most this many per client address. */
  commentPerAddress: { max: 5, windowMs: 10 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Counts one attempt by `subject` (e.g. an address) under the named limit. */
export async function consumeRateLimit(db: DB, name: RateLimitName, subject: string, now = new Date()): Promise<RateLimitResult> {
  const rule: RateLimitRule = RATE_LIMITS[name];
  const window = await hitRateLimit(db, `${name}:${subject}`, rule.windowMs, now);
  // A new window for this key is a natural moment to drop everyone's finished ones.
  if (window.count === 1) await pruneRateLimits(db, now);
  return {
    allowed: window.count <= rule.max,
    count: window.count,
    resetAt: window.resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(window.resetAt) - now.getTime()) / 1000)),
  };
}

/** "10 minutes", "1 minute", "30 seconds": how long to wait, for messages. */
export function waitText(seconds: number): string {
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  }
  return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
}
