import { describe, expect, it } from "vitest";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { testDbPerTest } from "../../tests/support/test-db";
import { deleteDiscovery } from "./discoveries.server";
import { clearMissing, confirmMissing, listMissingQueue, missingReportsOf, reportMissing } from "./missing.server";

const t = testDbPerTest();

async function statusOf(jimmyId: number) {
  return (await t.db.selectFrom("jimmys").select("status").where("id", "=", jimmyId).executeTakeFirstOrThrow()).status;
}

async function foundJimmy(serial: number) {
  const finder = await makeUser(t.db, `Finder${serial}`);
  const jimmy = await makeJimmy(t.db, serial);
  const discovery = await makeDiscovery(t.db, {
    jimmyId: jimmy.id,
    userId: finder.id,
    createdAt: "2026-01-01T12:00:00.000Z",
    isFirst: true,
  });
  return { jimmy, finder, discoveryId: discovery.id };
}

describe("reports that a Jimmy is missing", () => {
  it("make it possibly missing once two different hunters say so; the same hunter twice counts once", async () => {
    const { jimmy } = await foundJimmy(41);
    const [ann, ben] = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben")];

    const first = await reportMissing(t.db, { jimmyId: jimmy.id, userId: ann.id, note: "Bench is empty" });
    expect(first).toEqual({ ok: true, alreadyReported: false, reports: 1, status: "discovered", becameMissing: false });
    const again = await reportMissing(t.db, { jimmyId: jimmy.id, userId: ann.id, note: "Still empty" });
    expect(again).toEqual({ ok: true, alreadyReported: true, reports: 1, status: "discovered", becameMissing: false });
    expect(await statusOf(jimmy.id)).toBe("discovered");

    const second = await reportMissing(t.db, { jimmyId: jimmy.id, userId: ben.id, note: null });
    expect(second).toEqual({ ok: true, alreadyReported: false, reports: 2, status: "missing", becameMissing: true });
    expect(await statusOf(jimmy.id)).toBe("missing");
    expect(await missingReportsOf(t.db, jimmy.id, ann.id)).toEqual({ reports: 2, reportedByYou: true });
    expect(await missingReportsOf(t.db, jimmy.id, null)).toEqual({ reports: 2, reportedByYou: false });
  });

  it("are cleared, with the status, when the Jimmy is found again; deleting a discovery keeps them", async () => {
    const { jimmy, finder } = await foundJimmy(42);
    const [ann, ben] = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben")];
    const second = await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: finder.id, createdAt: "2026-02-01T12:00:00.000Z" });
    await reportMissing(t.db, { jimmyId: jimmy.id, userId: ann.id, note: null });
    await reportMissing(t.db, { jimmyId: jimmy.id, userId: ben.id, note: null });
    // An older sighting taken down is no sign it was found.
    await deleteDiscovery(t.db, second.id);
    expect(await statusOf(jimmy.id)).toBe("missing");

    await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: ann.id, createdAt: "2026-03-01T12:00:00.000Z" });
    expect(await statusOf(jimmy.id)).toBe("discovered");
    expect(await missingReportsOf(t.db, jimmy.id, ann.id)).toEqual({ reports: 0, reportedByYou: false });
    expect(await listMissingQueue(t.db)).toEqual([]);
  });

  it("cannot be made about a Jimmy never found or retired, or one that does not exist", async () => {
    const hider = await makeUser(t.db, "Hider");
    const hidden = await makeJimmy(t.db, 43);
    expect(await reportMissing(t.db, { jimmyId: hidden.id, userId: hider.id, note: null })).toEqual({ ok: false, reason: "not_placed" });
    const { jimmy } = await foundJimmy(44);
    await t.db.updateTable("jimmys").set({ status: "retired" }).where("id", "=", jimmy.id).execute();
    expect(await reportMissing(t.db, { jimmyId: jimmy.id, userId: hider.id, note: null })).toEqual({ ok: false, reason: "not_placed" });
    expect(await reportMissing(t.db, { jimmyId: 999_999, userId: hider.id, note: null })).toEqual({ ok: false, reason: "not_found" });
    expect(await t.db.selectFrom("missing_reports").selectAll().execute()).toEqual([]);
  });

  it("reach the admin's queue, newest first with their notes; the admin can confirm without reports, or clear", async () => {
    const a = await foundJimmy(45);
    const b = await foundJimmy(46);
    const c = await foundJimmy(47);
    const ann = await makeUser(t.db, "Ann");
    await reportMissing(t.db, { jimmyId: a.jimmy.id, userId: ann.id, note: "Gone from the bench", now: new Date("2026-04-01T10:00:00Z") });
    await reportMissing(t.db, { jimmyId: b.jimmy.id, userId: ann.id, note: null, now: new Date("2026-04-02T10:00:00Z") });
    expect(await confirmMissing(t.db, c.jimmy.id)).toBe(true);
    expect(await confirmMissing(t.db, c.jimmy.id)).toBe(false);

    const queue = await listMissingQueue(t.db);
    expect(queue.map((e) => [e.serialNumber, e.status, e.reports, e.notes])).toEqual([
      [46, "discovered", 1, []],
      [45, "discovered", 1, ["Gone from the bench"]],
      [47, "missing", 0, []],
    ]);

    expect(await clearMissing(t.db, c.jimmy.id)).toBe(true);
    expect(await clearMissing(t.db, a.jimmy.id)).toBe(true);
    expect(await clearMissing(t.db, a.jimmy.id)).toBe(false);
    expect(await statusOf(c.jimmy.id)).toBe("discovered");
    expect((await listMissingQueue(t.db)).map((e) => e.serialNumber)).toEqual([46]);
  });

  it("from two hunters at once both count, and the Jimmy becomes possibly missing once", async () => {
    const { jimmy } = await foundJimmy(48);
    const hunters = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben"), await makeUser(t.db, "Cat")];
    const results = await Promise.all(hunters.map((h) => reportMissing(t.db, { jimmyId: jimmy.id, userId: h.id, note: null })));
    expect(results.filter((r) => r.ok && r.becameMissing)).toHaveLength(1);
    expect(await missingReportsOf(t.db, jimmy.id, null)).toEqual({ reports: 3, reportedByYou: false });
    expect(await statusOf(jimmy.id)).toBe("missing");
  });
});
