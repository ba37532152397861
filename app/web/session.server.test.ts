import { afterEach, describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { upsertUserFromProvider } from "~/models/users.server";
import { resetEnvForTests } from "~/infra/env.server";
import {
  ADMIN_IDLE_TIMEOUT_MS,
  ADMIN_RECENT_PASSWORD_MS,
  adminPasswordIsRecent,
  confirmAdminPassword,
  endSession,
  getUser,
  isAdmin,
  requireUser,
  startSession,
} from "./session.server";

const t = testDbPerTest();

function requestWith(setCookie: string | null, path = "/") {
  const cookie = setCookie ? setCookie.split(";")[0]! : "";
  return new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

async function hunter() {
  return upsertUserFromProvider(t.db, { provider: "google", subject: "g-1", firstName: "Ada", lastName: "Lovelace" });
}

describe("sessions", () => {
  it("signs a hunter in with an HttpOnly, SameSite=Lax cookie and out again for good", async () => {
    const user = await hunter();
    const header = await startSession(requestWith(null), "user", user.id, { db: t.db });
    expect(header).toMatch(/^jh_session=/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Max-Age=2592000/);
    const signedIn = requestWith(header);
    expect(await getUser(signedIn, { db: t.db })).toMatchObject({ id: user.id, firstName: "Ada", lastName: "Lovelace" });

    const cleared = await endSession(signedIn, "user", { db: t.db });
    expect(cleared).toMatch(/Max-Age=0/);
    // The same cookie, replayed after sign-out, is nobody.
    expect(await getUser(signedIn, { db: t.db })).toBeNull();
  });

  it("stores only a hash of the token, never the token itself", async () => {
    const user = await hunter();
    const header = await startSession(requestWith(null), "user", user.id, { db: t.db });
    const rows = await t.db.selectFrom("sessions").select("id").execute();
    expect(rows).toHaveLength(1);
    expect(decodeURIComponent(header)).not.toContain(rows[0]!.id);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("replaces the session a request already carried (no fixation)", async () => {
    const user = await hunter();
    const planted = await startSession(requestWith(null), "user", user.id, { db: t.db });
    const fresh = await startSession(requestWith(planted), "user", user.id, { db: t.db });
    expect(fresh.split(";")[0]).not.toBe(planted.split(";")[0]);
    expect(await getUser(requestWith(planted), { db: t.db })).toBeNull();
    expect(await getUser(requestWith(fresh), { db: t.db })).not.toBeNull();
  });

  it("ends a session 30 days after sign-in", async () => {
    const user = await hunter();
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const header = await startSession(requestWith(null), "user", user.id, { db: t.db, now: longAgo });
    expect(await getUser(requestWith(header), { db: t.db })).toBeNull();
  });

  it("ends an admin session after 30 idle minutes, keeps an active one going, and never past 30 days", async () => {
    const start = new Date("2026-01-01T09:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    const minute = 60_000;
    expect(ADMIN_IDLE_TIMEOUT_MS).toBe(30 * minute);
    const idle = requestWith(await startSession(requestWith(null), "admin", null, { db: t.db, now: start }));
    expect(await isAdmin(idle, { db: t.db, now: at(29 * minute) })).toBe(true);
    // Each use pushes the end back: 29 minutes after the last request it is still alive, 31 minutes after it is over.
    expect(await isAdmin(idle, { db: t.db, now: at(58 * minute) })).toBe(true);
    expect(await isAdmin(idle, { db: t.db, now: at(89 * minute) })).toBe(false);

    const busy = requestWith(await startSession(requestWith(null), "admin", null, { db: t.db, now: start }));
    const day = 24 * 60 * minute;
    for (let elapsed = 20 * minute; elapsed < 30 * day - 20 * minute; elapsed += 20 * minute) {
      if (!(await isAdmin(busy, { db: t.db, now: at(elapsed) })))
        throw new Error(`an active admin session ended at ${elapsed / minute} minutes`);
    }
    expect(await isAdmin(busy, { db: t.db, now: at(30 * day) })).toBe(false);
  });

  it("asks an admin for the password again 10 minutes after it was last typed", async () => {
    const start = new Date("2026-01-01T09:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(ADMIN_RECENT_PASSWORD_MS).toBe(10 * 60_000);
    const admin = requestWith(await startSession(requestWith(null), "admin", null, { db: t.db, now: start }));
    expect(await adminPasswordIsRecent(admin, { db: t.db, now: at(9 * 60_000) })).toBe(true);
    expect(await adminPasswordIsRecent(admin, { db: t.db, now: at(11 * 60_000) })).toBe(false);
    // Still signed in (the session was used at 9 and 11 minutes), only the password is stale.
    expect(await isAdmin(admin, { db: t.db, now: at(12 * 60_000) })).toBe(true);
    await confirmAdminPassword(admin, { db: t.db, now: at(12 * 60_000) });
    expect(await adminPasswordIsRecent(admin, { db: t.db, now: at(21 * 60_000) })).toBe(true);
    const user = await hunter();
    const hunterCookie = requestWith(await startSession(requestWith(null), "user", user.id, { db: t.db, now: start }));
    expect(await adminPasswordIsRecent(hunterCookie, { db: t.db, now: at(60_000) })).toBe(false);
  });

  it("ignores a cookie whose signature or shape is wrong", async () => {
    const user = await hunter();
    const header = await startSession(requestWith(null), "user", user.id, { db: t.db });
    const [nameValue] = header.split(";");
    const tampered = `${nameValue!.slice(0, -3)}xyz`;
    expect(await getUser(new Request("http://localhost:3000/", { headers: { Cookie: tampered } }), { db: t.db })).toBeNull();
  });

  it("keeps hunter and admin sessions apart", async () => {
    const user = await hunter();
    const userCookie = await startSession(requestWith(null), "user", user.id, { db: t.db });
    expect(await isAdmin(requestWith(userCookie), { db: t.db })).toBe(false);
    const adminCookie = await startSession(requestWith(null), "admin", null, { db: t.db });
    expect(adminCookie).toMatch(/^jh_admin=/);
    expect(await isAdmin(requestWith(adminCookie), { db: t.db })).toBe(true);
    expect(await getUser(requestWith(adminCookie), { db: t.db })).toBeNull();
  });

  it("sends a signed-out visitor to /login and back to the page they asked for", async () => {
    const thrown = await requireUser(requestWith(null, "/jimmy/7/new-discovery"), { db: t.db }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fjimmy%2F7%2Fnew-discovery");
  });
});

describe("rotating SESSION_SECRET (a comma-separated list, newest first)", () => {
  const OLD = "old-session-secret-0123456789abcdef0123456789";
  const NEW = "new-session-secret-0123456789abcdef0123456789";
  const saved = process.env.SESSION_SECRET;
  function useSecrets(value: string) {
    process.env.SESSION_SECRET = value;
    resetEnvForTests();
  }
  afterEach(() => {
    if (saved === undefined) delete process.env.SESSION_SECRET;
    else process.env.SESSION_SECRET = saved;
    resetEnvForTests();
  });

  it("keeps hunters signed in across a rotation, signs new cookies with the first secret, and ends old cookies once the old secret is dropped", async () => {
    const user = await hunter();
    useSecrets(OLD);
    const before = await startSession(requestWith(null), "user", user.id, { db: t.db });

    useSecrets(`${NEW},${OLD}`);
    expect(await getUser(requestWith(before), { db: t.db })).toMatchObject({ id: user.id });
    const after = await startSession(requestWith(null), "user", user.id, { db: t.db });

    useSecrets(NEW);
    expect(await getUser(requestWith(after), { db: t.db })).toMatchObject({ id: user.id });
    expect(await getUser(requestWith(before), { db: t.db })).toBeNull();
  });
});
