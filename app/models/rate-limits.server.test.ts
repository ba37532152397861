import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { consumeHunterLimit, consumeRateLimit, RATE_LIMITS, rateLimitedText } from "~/services/rate-limit.server";
import { hitRateLimit, peekRateLimit, pruneRateLimits } from "./rate-limits.server";

const t = testDbPerTest();

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

  it("allows a shared network's guests 20 comments per address in 10 minutes, then says how long to wait", async () => {
    expect(RATE_LIMITS.commentPerAddress).toEqual({ max: 20, windowMs: 10 * 60_000 });
    const { max, windowMs: commentWindow } = RATE_LIMITS.commentPerAddress;
    const results = [];
    for (let i = 0; i <= max; i++) results.push(await consumeRateLimit(t.db, "commentPerAddress", "203.0.113.7", later(i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([...Array.from({ length: max }, () => true), false]);
    expect(results[max]!.retryAfterSeconds).toBe(commentWindow / 1000 - max);
    expect((await consumeRateLimit(t.db, "commentPerAddress", "203.0.113.8", later(max * 1000))).allowed).toBe(true);
  });

  for (const [name, rule] of [
    ["commentPerHunter", { max: 10, windowMs: 10 * 60_000 }],
    ["reportPerHunter", { max: 10, windowMs: 10 * 60_000 }],
    ["uploadPerHunter", { max: 30, windowMs: 10 * 60_000 }],
    ["likePerHunter", { max: 60, windowMs: 60_000 }],
  ] as const) {
    it(`holds each hunter to ${rule.max} under ${name}, even when the requests arrive at once, and says when to try again`, async () => {
      expect(RATE_LIMITS[name]).toEqual(rule);
      const burst = await Promise.all(Array.from({ length: rule.max + 5 }, () => consumeHunterLimit(t.db, name, 7, start)));
      expect(burst.filter((r) => r.allowed)).toHaveLength(rule.max);
      const refused = burst.find((r) => !r.allowed)!;
      expect(refused.retryAfterSeconds).toBe(rule.windowMs / 1000);
      expect(rateLimitedText(name, refused)).toMatch(/Please wait (10 minutes|1 minute) and try again\.$/);
      // Another hunter is not affected, and the same hunter may go on once the window has ended.
      expect((await consumeHunterLimit(t.db, name, 8, start)).allowed).toBe(true);
      expect((await consumeHunterLimit(t.db, name, 7, later(rule.windowMs))).allowed).toBe(true);
    });
  }
});
