import { beforeAll, describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { listAdminActions } from "~/models/audit-log.server";
import { ADMIN_FAILURE_LIMIT, attemptAdminSignIn } from "./admin.server";
import { hashPassword } from "./password.server";

const t = testDbPerTest();
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword("correct horse battery staple");
});

const address = "198.51.100.20";

describe("admin password lockout", () => {
  it("checks at most five passwords from a burst sent at once, and refuses the right one that comes later", async () => {
    const burst = Array.from({ length: 40 }, (_, i) => (i === 34 ? "correct horse battery staple" : `guess ${i}`));
    const outcomes = await Promise.all(burst.map((password) => attemptAdminSignIn(t.db, { password, address }, { passwordHash })));

    expect(outcomes.filter((o) => o.status === "granted")).toEqual([]);
    expect(outcomes[34]!.status).toBe("locked");
    expect(outcomes.filter((o) => o.status === "denied")).toHaveLength(ADMIN_FAILURE_LIMIT);
    expect(outcomes.filter((o) => o.status === "locked")).toHaveLength(40 - ADMIN_FAILURE_LIMIT);

    const log = await listAdminActions(t.db, 100);
    const count = (action: string) => log.filter((e) => e.action === action && e.clientAddress === address).length;
    expect(count("sign_in_failed") + count("sign_in")).toBeLessThanOrEqual(ADMIN_FAILURE_LIMIT);
    expect(count("sign_in")).toBe(0);
    expect(count("sign_in_locked")).toBe(40 - ADMIN_FAILURE_LIMIT);
  });

  it("lets the right password in within the limit and starts the count again", async () => {
    const now = new Date("2026-01-01T12:00:00.000Z");
    for (let i = 0; i < ADMIN_FAILURE_LIMIT - 1; i++) {
      expect(await attemptAdminSignIn(t.db, { password: "wrong", address }, { passwordHash, now })).toEqual({
        status: "denied",
        attemptsLeft: ADMIN_FAILURE_LIMIT - 1 - i,
      });
    }
    expect(await attemptAdminSignIn(t.db, { password: "correct horse battery staple", address }, { passwordHash, now })).toEqual({
      status: "granted",
    });
    expect(await attemptAdminSignIn(t.db, { password: "wrong", address }, { passwordHash, now })).toEqual({
      status: "denied",
      attemptsLeft: ADMIN_FAILURE_LIMIT - 1,
    });
  });

  it("after the limit refuses even the right password until the window ends", async () => {
    const now = new Date("2026-01-01T12:00:00.000Z");
    for (let i = 0; i < ADMIN_FAILURE_LIMIT; i++) await attemptAdminSignIn(t.db, { password: "wrong", address }, { passwordHash, now });
    const locked = await attemptAdminSignIn(t.db, { password: "correct horse battery staple", address }, { passwordHash, now });
    expect(locked).toEqual({ status: "locked", retryAt: "2026-01-01T12:15:00.000Z" });
    const later = new Date("2026-01-01T12:15:00.000Z");
    expect(await attemptAdminSignIn(t.db, { password: "correct horse battery staple", address }, { passwordHash, now: later })).toEqual({
      status: "granted",
    });
  });
});
