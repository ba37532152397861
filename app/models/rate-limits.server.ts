import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { nowIso } from "~/lib/time";

export type RateWindow = { count: number; resetAt: string };

/** The live window of `key` (null when there is none or it has ended). */
export async function peekRateLimit(db: Kysely<Database>, key: string, now = new Date()): Promise<RateWindow | null> {
  const row = await db.selectFrom("rate_limits").select(["count", "reset_at"]).where("key", "=", key).executeTakeFirst();
  if (!row || row.reset_at <= nowIso(now)) return null;
  return { count: row.count, resetAt: row.reset_at };
}

/**
 * Counts one event against `key` in a fixed window of `windowMs`, starting a
 * new window when the last one has ended. One statement, so concurrent
 * requests in several processes never lose a count.
 */
export async function hitRateLimit(db: Kysely<Database>, key: string, windowMs: number, now = new Date()): Promise<RateWindow> {
  const current = nowIso(now);
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, reset_at: nowIso(new Date(now.getTime() + windowMs)) })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => {
        const ended = eb("rate_limits.reset_at", "<=", current);
        return {
          count: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb("rate_limits.count", "+", 1))
            .end(),
          reset_at: eb.case().when(ended).then(eb.ref("excluded.reset_at")).else(eb.ref("rate_limits.reset_at")).end(),
        };
      }),
    )
    .returning(["count", "reset_at"])
    .executeTakeFirstOrThrow();
  return { count: row.count, resetAt: row.reset_at };
}

export async function clearRateLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Drops ended windows, so the table holds only addresses seen recently. */
export async function pruneRateLimits(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("reset_at", "<=", nowIso(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
