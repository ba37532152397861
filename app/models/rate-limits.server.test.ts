import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb } from "../../tests/support/test-db";
import { consumeRateLimit, RATE_LIMITS } from "~/services/rate-limit.server";
import { hitRateLimit, peekRateLimit, pruneRateLimits } from "./rate-limits.server";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.cleanup();
});

const windowMs = 60_000;
const start = new Date("2026-01-01T12:00:00.000Z");
const later = (ms: number) => new Date(start.getTime() + ms);

describe("database rate limits", () => {
  it("counts hits per key within a window, then starts a new window", async () => {
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push((await hitRateLimit(t.db, "k", windowMs, later(i * 1000))).count);
    expect(counts).toEqual([1, 2, 3, 4]);
    expect((await hitRateLimit(t.db, "other", windowMs, later(4000))).count).toBe(1);
    expect(await peekRateLimit(t.db, "k", later(5000))).toEqual({ count: 4, resetAt: later(windowMs).toISOString() });
    expect(await hitRateLimit(t.db, "k", windowMs, later(windowMs))).toEqual({
      count: 1,
      resetAt: later(2 * windowMs).toISOString(),
    });
  });

  it("never loses a count when hits arrive at once", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(t.db, "k", windowMs, start)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("prunes only finished windows", async () => {
    await hitRateLimit(t.db, "old", windowMs, start);
    await hitRateLimit(t.db, "new", windowMs, later(30_000));
    expect(await pruneRateLimits(t.db, later(60_000))).toBe(1);
    const keys = await t.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((k) => k.key)).toEqual(["new"]);
  });

  it("allows the comment limit's number of posts per address, then says how long to wait", async () => {
    const { max, windowMs: commentWindow } = RATE_LIMITS.commentPerAddress;
    const results = [];
    for (let i = 0; i <= max; i++) results.push(await consumeRateLimit(t.db, "commentPerAddress", "203.0.113.7", later(i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([...Array.from({ length: max }, () => true), false]);
    expect(results[max]!.retryAfterSeconds).toBe(commentWindow / 1000 - max);
    expect((await consumeRateLimit(t.db, "commentPerAddress", "203.0.113.8", later(max * 1000))).allowed).toBe(true);
  });
});
