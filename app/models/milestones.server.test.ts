import { describe, expect, it } from "vitest";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { testDbPerTest } from "../../tests/support/test-db";
import { deleteDiscovery } from "./discoveries.server";
import { milestonesOfDiscoveries, milestonesOfHunter } from "./milestones.server";
import { listNotifications } from "./notifications.server";

const t = testDbPerTest();

const AUSTIN = { latitude: 30.2672, longitude: -97.7431, country: "US" };
const HOUSTON = { latitude: 29.7604, longitude: -95.3698, country: "US" };
const LONDON = { latitude: 51.5074, longitude: -0.1278, country: "GB" };

async function stored(jimmyId: number) {
  return t.db
    .selectFrom("jimmy_milestones")
    .select(["kind", "value", "discovery_id", "user_id"])
    .where("jimmy_id", "=", jimmyId)
    .orderBy("id")
    .execute();
}

/** Jimmy `serial`'s journey: found first by Ann in Austin, then by Ben in Houston (past 100 miles), then by Cat in London (past 1,000 miles, a new country). */
async function austinHoustonLondon(serial: number) {
  const [ann, ben, cat] = [await makeUser(t.db, "Ann"), await makeUser(t.db, "Ben"), await makeUser(t.db, "Cat")];
  const jimmy = await makeJimmy(t.db, serial);
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: ann.id, createdAt: "2026-01-01T12:00:00.000Z", isFirst: true, ...AUSTIN });
  const houston = await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: ben.id, createdAt: "2026-01-02T12:00:00.000Z", ...HOUSTON });
  const london = await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: cat.id, createdAt: "2026-01-03T12:00:00.000Z", ...LONDON });
  return { ann, ben, cat, jimmy, houston, london };
}

describe("milestones", () => {
  it("are stored when a report reaches them; the hunter who reached them and the Jimmy's watchers are told", async () => {
    const { ann, ben, cat, jimmy, houston, london } = await austinHoustonLondon(51);

    expect(await stored(jimmy.id)).toEqual([
      { kind: "miles", value: "100", discovery_id: houston.id, user_id: ben.id },
      { kind: "miles", value: "1000", discovery_id: london.id, user_id: cat.id },
      { kind: "country", value: "GB", discovery_id: london.id, user_id: cat.id },
    ]);
    expect((await milestonesOfDiscoveries(t.db, [london.id])).map((m) => m.value)).toEqual(["1000", "GB"]);
    expect((await milestonesOfHunter(t.db, cat.id)).map((m) => [m.value, m.serialNumber])).toEqual([
      ["1000", 51],
      ["GB", 51],
    ]);

    // One notification for the find, naming every milestone it reached, as the hunter's own.
    const { notifications } = await listNotifications(t.db, cat.id, { huntName: "Jimmy Hunt" });
    const told = notifications.filter((n) => n.kind === "milestone");
    expect(told).toHaveLength(1);
    expect(told[0]!.excerpt).toBe("1,000 miles (1,609 km) travelled · First time in United Kingdom");
    expect(told[0]!.href).toBe(`/jimmy/51#discovery-${london.id}`);
    expect(told[0]!.aboutYourDiscovery).toBe(true);
    // Ann reached none, but watches the Jimmy she found: she hears of both finds' milestones, as news of the Jimmy.
    const annTold = (await listNotifications(t.db, ann.id, { huntName: "Jimmy Hunt" })).notifications.filter((n) => n.kind === "milestone");
    expect(annTold.map((n) => [n.href, n.aboutYourDiscovery])).toEqual([
      [`/jimmy/51#discovery-${london.id}`, false],
      [`/jimmy/51#discovery-${houston.id}`, false],
    ]);
  });

  it("follow the journey when a discovery is deleted: moved to the find that now reaches them, or gone", async () => {
    const { cat, jimmy, houston, london } = await austinHoustonLondon(52);

    await deleteDiscovery(t.db, houston.id);
    // Austin → London passes 100 and 1,000 miles in one leg.
    expect(await stored(jimmy.id)).toEqual([
      { kind: "miles", value: "1000", discovery_id: london.id, user_id: cat.id },
      { kind: "country", value: "GB", discovery_id: london.id, user_id: cat.id },
      { kind: "miles", value: "100", discovery_id: london.id, user_id: cat.id },
    ]);
    // Cat was told once, when London was reported; a milestone moved by a deletion is not told again.
    const milestoneNotes = async () =>
      (await listNotifications(t.db, cat.id, { huntName: "Jimmy Hunt" })).notifications.filter((n) => n.kind === "milestone");
    expect(await milestoneNotes()).toHaveLength(1);
    await deleteDiscovery(t.db, london.id);
    expect(await stored(jimmy.id)).toEqual([]);
    expect(await milestoneNotes()).toHaveLength(0);
  });
});
