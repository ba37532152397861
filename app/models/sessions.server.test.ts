import { describe, expect, it } from "vitest";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { testDbPerTest } from "../../tests/support/test-db";
import { markNotificationsRead, notifyRediscovery } from "./notifications.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { deleteOtherUserSessions, deleteUserSession, findSessionUser, insertSession, listUserSessions } from "./sessions.server";

const t = testDbPerTest();

const PHONE = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

async function session(idHash: string, userId: number, createdAt: string, userAgent: string | null = PHONE) {
  await insertSession(t.db, { idHash, kind: "user", userId, createdAt, expiresAt: "2027-01-01T00:00:00.000Z", userAgent });
}

describe("a hunter's signed-in devices", () => {
  it("lists their live sessions, most recently used first, with the browser that began each", async () => {
    const [ann, ben] = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben")];
    await session("a-phone", ann.id, "2026-11-01T10:00:00.000Z");
    await session("a-laptop", ann.id, "2026-11-02T10:00:00.000Z", "x".repeat(500));
    await session("b-phone", ben.id, "2026-11-03T10:00:00.000Z");
    await insertSession(t.db, {
      idHash: "a-old",
      kind: "user",
      userId: ann.id,
      createdAt: "2026-01-01T00:00:00.000Z",
      expiresAt: "2026-02-01T00:00:00.000Z",
    });

    const now = "2026-11-05T10:00:00.000Z";
    expect((await listUserSessions(t.db, ann.id, now)).map((s) => s.idHash)).toEqual(["a-laptop", "a-phone"]);
    expect((await listUserSessions(t.db, ann.id, now))[0]!.userAgent).toHaveLength(300);

    // Using the phone moves it up (marked in the background, at most every few minutes).
    expect(await findSessionUser(t.db, "a-phone", now)).toMatchObject({ id: ann.id });
    await expect.poll(async () => (await listUserSessions(t.db, ann.id, now))[0]!.idHash).toBe("a-phone");
    expect((await listUserSessions(t.db, ann.id, now))[0]!.lastSeenAt).toBe(now);
  });

  it("signs out one device, or every other one, and never another hunter's", async () => {
    const [ann, ben] = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben")];
    await session("a-1", ann.id, "2026-11-01T10:00:00.000Z");
    await session("a-2", ann.id, "2026-11-02T10:00:00.000Z");
    await session("a-3", ann.id, "2026-11-03T10:00:00.000Z");
    await session("b-1", ben.id, "2026-11-03T10:00:00.000Z");
    const now = "2026-11-05T10:00:00.000Z";

    expect(await deleteUserSession(t.db, ann.id, "b-1")).toBe(false);
    expect(await findSessionUser(t.db, "b-1", now, { touch: false })).toMatchObject({ id: ben.id });
    expect(await deleteUserSession(t.db, ann.id, "a-1")).toBe(true);
    expect(await findSessionUser(t.db, "a-1", now, { touch: false })).toBeNull();

    expect(await deleteOtherUserSessions(t.db, ann.id, "a-3")).toBe(1);
    expect((await listUserSessions(t.db, ann.id, now)).map((s) => s.idHash)).toEqual(["a-3"]);
    expect((await listUserSessions(t.db, ben.id, now)).map((s) => s.idHash)).toEqual(["b-1"]);
  });

  it("reads each hunter's unread notifications with their session, as they are at that moment", async () => {
    const [ann, ben] = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben")];
    await session("a-phone", ann.id, "2026-11-01T10:00:00.000Z");
    await session("b-phone", ben.id, "2026-11-01T10:00:00.000Z");
    const now = "2026-11-05T10:00:00.000Z";
    expect(await findSessionUser(t.db, "a-phone", now, { touch: false })).toMatchObject({ id: ann.id, unreadNotifications: 0 });

    // Ben finds a Jimmy Ann found first, twice: Ann has two unread notifications, Ben none.
    const jimmy = await makeJimmy(t.db, 7);
    await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: ann.id, createdAt: "2026-11-02T10:00:00.000Z", isFirst: true });
    for (const day of ["03", "04"]) {
      const again = await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: ben.id, createdAt: `2026-11-${day}T10:00:00.000Z` });
      await notifyRediscovery(t.db, { jimmyId: jimmy.id, discoveryId: again.id, finderId: ben.id });
    }
    expect(await findSessionUser(t.db, "a-phone", now, { touch: false })).toMatchObject({ id: ann.id, unreadNotifications: 2 });
    expect(await findSessionUser(t.db, "b-phone", now, { touch: false })).toMatchObject({ id: ben.id, unreadNotifications: 0 });

    await markNotificationsRead(t.db, ann.id, MAX_ROW_ID);
    expect(await findSessionUser(t.db, "a-phone", now, { touch: false })).toMatchObject({ id: ann.id, unreadNotifications: 0 });
  });
});
