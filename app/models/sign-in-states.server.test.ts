import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { consumeSignInState, insertSignInState } from "./sign-in-states.server";

const t = testDbPerTest();

const now = new Date("2026-01-01T12:00:00.000Z");
const expiresAt = "2026-01-01T12:10:00.000Z";

describe("provider sign-in states", () => {
  it("let a state be used once, by one of several callbacks racing with it", async () => {
    await insertSignInState(t.db, { stateHash: "h1", provider: "google", expiresAt, now });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeSignInState(t.db, { stateHash: "h1", provider: "google", now })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await consumeSignInState(t.db, { stateHash: "h1", provider: "google", now })).toBe(false);
  });

  it("refuse a state never issued, one issued for another provider, and one that has ended", async () => {
    await insertSignInState(t.db, { stateHash: "h2", provider: "google", expiresAt, now });
    expect(await consumeSignInState(t.db, { stateHash: "unknown", provider: "google", now })).toBe(false);
    expect(await consumeSignInState(t.db, { stateHash: "h2", provider: "apple", now })).toBe(false);
    expect(await consumeSignInState(t.db, { stateHash: "h2", provider: "google", now: new Date(expiresAt) })).toBe(false);
  });

  it("drop ended states when a new sign-in starts", async () => {
    await insertSignInState(t.db, { stateHash: "old", provider: "google", expiresAt, now });
    await insertSignInState(t.db, {
      stateHash: "new",
      provider: "google",
      expiresAt: "2026-01-01T12:20:00.000Z",
      now: new Date(expiresAt),
    });
    const rows = await t.db.selectFrom("sign_in_states").select("state_hash").execute();
    expect(rows.map((r) => r.state_hash)).toEqual(["new"]);
  });
});
