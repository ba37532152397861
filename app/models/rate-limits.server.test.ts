import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb } from "../../tests/support/test-db";
import { hitRateLimit, pruneRateLimits } from "./rate-limits.server";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.cleanup();
});

const rule = { max: 3, windowMs: 60_000 };
const start = new Date("2026-01-01T12:00:00.000Z");
const later = (ms: number) => new Date(start.getTime() + ms);

describe("database rate limits", () => {
  it("allows max hits per window per key, then refuses with the time left, then starts a new window", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(t.db, "k", rule, later(i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(57);
    expect((await hitRateLimit(t.db, "other", rule, later(4000))).allowed).toBe(true);
    const fresh = await hitRateLimit(t.db, "k", rule, later(60_000));
    expect(fresh).toMatchObject({ allowed: true, count: 1 });
  });

  it("never lets parallel hits share the last slot", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(t.db, "k", rule, start)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it("prunes only finished windows", async () => {
    await hitRateLimit(t.db, "old", rule, start);
    await hitRateLimit(t.db, "new", rule, later(30_000));
    expect(await pruneRateLimits(t.db, later(60_000))).toBe(1);
    const keys = await t.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((k) => k.key)).toEqual(["new"]);
  });
});
