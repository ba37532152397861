import { describe, expect, it } from "vitest";
import { makeDiscovery, makeFoundJimmy, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { testDbPerTest } from "../../tests/support/test-db";
import { setLike } from "./likes.server";
import { countUnreadNotifications, listNotifications, markNotificationsRead, notifyRediscovery } from "./notifications.server";
import { MAX_ROW_ID } from "~/lib/ids";

const t = testDbPerTest();

describe("notifications", () => {
  it("a rediscovery reaches every earlier finder but the new one, and each only once", async () => {
    const [a, b, c] = await Promise.all(["Ann", "Ben", "Cal"].map((name) => makeUser(t.db, name, "Hunter")));
    const jimmy = await makeJimmy(t.db, 9);
    await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: a!.id, createdAt: "2026-01-01T00:00:00.000Z", isFirst: true });
    await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: b!.id, createdAt: "2026-01-02T00:00:00.000Z" });
    await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: a!.id, createdAt: "2026-01-03T00:00:00.000Z" });
    const latest = await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: b!.id, createdAt: "2026-01-04T00:00:00.000Z" });
    await notifyRediscovery(t.db, { jimmyId: jimmy.id, discoveryId: latest.id, finderId: b!.id });
    expect(await countUnreadNotifications(t.db, a!.id)).toBe(1);
    expect(await countUnreadNotifications(t.db, b!.id)).toBe(0);
    expect(await countUnreadNotifications(t.db, c!.id)).toBe(0);
    const [note] = (await listNotifications(t.db, a!.id, { huntName: "Jimmy Hunt" })).notifications;
    expect(note).toMatchObject({ kind: "rediscovery", actorName: "Ben Hunter", serialNumber: 9, href: `/jimmy/9#discovery-${latest.id}` });
  });

  it("lists newest first in pages, and marks read only up to what was seen", async () => {
    const finder = await makeUser(t.db, "Fin", "Der");
    const { discovery } = await makeFoundJimmy(t.db, { serial: 4, finderId: finder.id, createdAt: "2026-01-01T00:00:00.000Z" });
    const fans = [];
    for (let i = 0; i < 5; i++) {
      const fan = await makeUser(t.db, `Fan${i}`, "Club");
      fans.push(fan);
      await setLike(t.db, { discoveryId: discovery.id, userId: fan.id, liked: true, now: new Date(Date.UTC(2026, 0, 2, i)) });
    }
    const first = await listNotifications(t.db, finder.id, { huntName: "Jimmy Hunt", limit: 3 });
    expect(first.notifications.map((n) => n.actorName)).toEqual(["Fan4 Club", "Fan3 Club", "Fan2 Club"]);
    expect(first.notifications[0]).toMatchObject({ kind: "like", href: `/jimmy/4#discovery-${discovery.id}` });
    const second = await listNotifications(t.db, finder.id, { huntName: "Jimmy Hunt", limit: 3, beforeId: first.nextBeforeId });
    expect(second.notifications.map((n) => n.actorName)).toEqual(["Fan1 Club", "Fan0 Club"]);
    expect(second.nextBeforeId).toBeNull();

    const seenUpTo = first.notifications[0]!.id;
    const newcomer = await makeUser(t.db, "Late", "Comer");
    await setLike(t.db, { discoveryId: discovery.id, userId: newcomer.id, liked: true });
    expect(await countUnreadNotifications(t.db, finder.id)).toBe(6);
    expect(await markNotificationsRead(t.db, finder.id, seenUpTo)).toBe(5);
    expect(await countUnreadNotifications(t.db, finder.id)).toBe(1);
    // Marking someone else's notifications is impossible: the hunter's id bounds every update.
    expect(await markNotificationsRead(t.db, fans[0]!.id, MAX_ROW_ID)).toBe(0);
    expect(await countUnreadNotifications(t.db, finder.id)).toBe(1);
  });
});
