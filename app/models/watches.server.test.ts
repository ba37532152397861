import { describe, expect, it } from "vitest";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { testDbPerTest } from "../../tests/support/test-db";
import { saveEmailChoices } from "./email.server";
import { confirmMissing, reportMissing } from "./missing.server";
import { listNotifications, notifyRediscovery } from "./notifications.server";
import { setWatching, watchedJimmysOf, watchStateOf } from "./watches.server";

const t = testDbPerTest();

const kindsFor = async (userId: number) =>
  (await listNotifications(t.db, userId, { huntName: "Jimmy Hunt" })).notifications.map((n) => [n.kind, n.serialNumber]);

async function find(jimmyId: number, userId: number, createdAt: string, isFirst = false) {
  const discovery = await makeDiscovery(t.db, { jimmyId, userId, createdAt, isFirst });
  await t.db
    .transaction()
    .execute((trx) => notifyRediscovery(trx, { jimmyId, discoveryId: discovery.id, finderId: userId, now: new Date(createdAt) }));
  return discovery;
}

describe("watching a Jimmy", () => {
  it("comes with every find, unless the finder turned that off or turned this Jimmy off before", async () => {
    const [ann, ben, cat] = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben"), await makeUser(t.db, "Cat")];
    await saveEmailChoices(t.db, ben.id, { frequency: "off", watchFinds: false });
    const jimmy = await makeJimmy(t.db, 61);
    await find(jimmy.id, ann.id, "2026-01-01T12:00:00.000Z", true);
    await find(jimmy.id, ben.id, "2026-01-02T12:00:00.000Z");
    expect(await watchStateOf(t.db, jimmy.id, ann.id)).toEqual({ watching: true, watchers: 1 });
    expect(await watchStateOf(t.db, jimmy.id, ben.id)).toEqual({ watching: false, watchers: 1 });

    // Ann turns it off; finding it again does not turn it back on behind her back.
    await setWatching(t.db, { userId: ann.id, jimmyId: jimmy.id, watching: false });
    await find(jimmy.id, ann.id, "2026-01-03T12:00:00.000Z");
    expect(await watchStateOf(t.db, jimmy.id, ann.id)).toEqual({ watching: false, watchers: 0 });
    await find(jimmy.id, cat.id, "2026-01-04T12:00:00.000Z");
    // Only the news from when she watched: Ben's find, not Cat's.
    expect(await kindsFor(ann.id)).toEqual([["rediscovery", 61]]);
    expect(await watchedJimmysOf(t.db, cat.id)).toMatchObject([{ serialNumber: 61 }]);
    expect(await watchedJimmysOf(t.db, ann.id)).toEqual([]);
  });

  it("tells those who watch a never-found Jimmy of its first find, as a first find", async () => {
    const [ann, ben] = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben")];
    const jimmy = await makeJimmy(t.db, 62);
    await setWatching(t.db, { userId: ann.id, jimmyId: jimmy.id, watching: true });
    await find(jimmy.id, ben.id, "2026-01-01T12:00:00.000Z", true);
    const [news] = (await listNotifications(t.db, ann.id, { huntName: "Jimmy Hunt" })).notifications;
    expect(news).toMatchObject({ kind: "rediscovery", serialNumber: 62, firstFind: true, actorName: `Ben ${ben.last_name}` });
    // The finder hears nothing of their own find.
    expect(await kindsFor(ben.id)).toEqual([]);
  });

  it("tells watchers when the Jimmy becomes possibly missing, but not the hunter whose report made it so", async () => {
    const [ann, ben, cat, dan] = [
      await makeUser(t.db, "Ann"),
      await makeUser(t.db, "Ben"),
      await makeUser(t.db, "Cat"),
      await makeUser(t.db, "Dan"),
    ];
    const jimmy = await makeJimmy(t.db, 63);
    await find(jimmy.id, ann.id, "2026-01-01T12:00:00.000Z", true);
    for (const watcher of [ben, cat]) await setWatching(t.db, { userId: watcher.id, jimmyId: jimmy.id, watching: true });
    await reportMissing(t.db, { jimmyId: jimmy.id, userId: ben.id, note: null });
    expect(await kindsFor(ann.id)).toEqual([]);
    await reportMissing(t.db, { jimmyId: jimmy.id, userId: cat.id, note: "Gone" });
    expect(await kindsFor(ann.id)).toEqual([["missing", 63]]);
    expect(await kindsFor(ben.id)).toEqual([["missing", 63]]);
    expect(await kindsFor(cat.id)).toEqual([]);
    expect(await kindsFor(dan.id)).toEqual([]);

    // An admin's confirmation of another Jimmy tells its watchers too.
    const other = await makeJimmy(t.db, 64);
    await find(other.id, dan.id, "2026-01-01T12:00:00.000Z", true);
    await t.db.transaction().execute((trx) => confirmMissing(trx, other.id));
    expect(await kindsFor(dan.id)).toEqual([["missing", 64]]);
  });
});
