import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema";

export type RateLimitRule = { max: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; count: number; resetAt: string; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window, in a single statement, so
 * concurrent requests (from any number of app processes sharing the
 * database) can never both see the last free slot. The row starts a new
 * window once the old one has passed.
 */
export async function hitRateLimit(db: Kysely<Database>, key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const nowText = now.toISOString();
  const resetAt = new Date(now.getTime() + rule.windowMs).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${nowText} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<string>`case when rate_limits.reset_at <= ${nowText} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(["count", "reset_at"])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return {
    allowed: count <= rule.max,
    count,
    resetAt: row.reset_at,
    retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(row.reset_at) - now.getTime()) / 1000)),
  };
}

/** Forgets windows that have ended, so the table only holds keys active lately. */
export async function pruneRateLimits(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("reset_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
