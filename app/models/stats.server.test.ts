import type { Transaction } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "#db/schema";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { getHuntStats } from "./stats.server";
import { deleteDiscovery } from "./discoveries.server";
import { getJimmyPage } from "./jimmys.server";
import { afterDiscoveriesChanged, type DiscoveriesChange } from "./derived-figures.server";
import { photoUrls } from "~/infra/storage.server";

const t = testDbPerTest();

const now = new Date("2026-06-30T12:00:00.000Z");
/** An operator's direct write to discoveries, followed (as it must be) by the one function that keeps the figures. */
const operatorWrite = (write: (trx: Transaction<Database>) => Promise<unknown>, change: DiscoveriesChange) =>
  t.db.transaction().execute(async (trx) => {
    await write(trx);
    await afterDiscoveriesChanged(trx, change);
  });
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
/** A typed city as resolveLocation derives it (approximate: its centre). */
const AUSTIN = { city: "Austin", region: "TX", country: "US", locationApproximate: true } as const;
const DENVER = { city: "Denver", region: "CO", country: "US", locationApproximate: true } as const;
/** "Austin, TX" typed as it stands, placed at that city. */
const TYPED_AUSTIN = { location: "Austin, TX", ...AUSTIN } as const;

it("an empty hunt has zero of everything", async () => {
  expect(await getHuntStats(t.db, now)).toEqual({ activeLocations: 0, totalJimmys: 0, totalDiscoveries: 0, activeHunters: 0 });
});

it("counts places at city level, minted Jimmys, discoveries, and hunters active in the last 30 days", async () => {
  const [a, b, c] = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
  const j1 = await makeJimmy(t.db, 1);
  const j2 = await makeJimmy(t.db, 2);
  await makeJimmy(t.db, 3); // minted, never found
  await makeDiscovery(t.db, { jimmyId: j1.id, userId: a.id, createdAt: daysAgo(100), isFirst: true });
  await makeDiscovery(t.db, { jimmyId: j1.id, userId: b.id, createdAt: daysAgo(29) });
  await makeDiscovery(t.db, { jimmyId: j2.id, userId: b.id, createdAt: daysAgo(2), isFirst: true });
  await makeDiscovery(t.db, { jimmyId: j2.id, userId: c.id, createdAt: daysAgo(31) });
  // Places: two in Austin (same city), one in Paris, one typed in Marfa; text that names no place counts nowhere.
  const ids = (await t.db.selectFrom("discoveries").select("id").orderBy("id").execute()).map((r) => r.id);
  await operatorWrite(
    async (trx) => {
      await trx
        .updateTable("discoveries")
        .set({ city: "Austin", region: "TX", country: "US" })
        .where("id", "in", [ids[0]!, ids[1]!])
        .execute();
      await trx.updateTable("discoveries").set({ city: "Paris", region: null, country: "FR" }).where("id", "=", ids[2]!).execute();
      await trx.updateTable("discoveries").set({ location: "somewhere private" }).where("id", "=", ids[3]!).execute();
    },
    { jimmyIds: [j1.id, j2.id], hunterIds: [] },
  );
  const j3 = await makeJimmy(t.db, 4);
  await makeDiscovery(t.db, {
    jimmyId: j3.id,
    userId: a.id,
    createdAt: daysAgo(40),
    location: "Marfa, TX",
    isFirst: true,
    ...{ city: "Marfa", region: "TX", country: "US", locationApproximate: true },
  });

  expect(await getHuntStats(t.db, now)).toEqual({
    activeLocations: 3,
    totalJimmys: 4,
    totalDiscoveries: 5,
    activeHunters: 1,
  });
});

it("a Jimmy's page counts its discoveries, its places and the days since its first discovery", async () => {
  const user = await makeUser(t.db);
  const jimmy = await makeJimmy(t.db, 9);
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: daysAgo(10.5), isFirst: true, ...TYPED_AUSTIN });
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: daysAgo(3), location: "austin, tx", ...AUSTIN });
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: daysAgo(1), location: "Denver, CO", ...DENVER });
  const page = await getJimmyPage(t.db, photoUrls(), 9, { now });
  expect(page?.stats).toEqual({ discoveries: 3, locations: 2, daysSinceCreated: 10 });
  expect(page?.discoveries.map((d) => d.location)).toEqual(["Denver, CO", "austin, tx", "Austin, TX"]);
  expect(page?.jimmy.status).toBe("discovered");

  await makeJimmy(t.db, 10);
  expect((await getJimmyPage(t.db, photoUrls(), 10, { now }))?.stats).toEqual({ discoveries: 0, locations: 0, daysSinceCreated: 0 });
  expect(await getJimmyPage(t.db, photoUrls(), 11, { now })).toBeNull();
});

it("stay exact as discoveries are deleted, moved to another place, or backdated", async () => {
  const [a, b] = [await makeUser(t.db), await makeUser(t.db)];
  const jimmy = await makeJimmy(t.db, 1);
  const first = await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: a.id, createdAt: daysAgo(5), isFirst: true, ...TYPED_AUSTIN });
  const second = await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: b.id, createdAt: daysAgo(3), location: "Denver, CO", ...DENVER });
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: b.id, createdAt: daysAgo(2), location: "denver, co", ...DENVER });
  expect(await getHuntStats(t.db, now)).toEqual({ activeLocations: 2, totalJimmys: 1, totalDiscoveries: 3, activeHunters: 2 });

  // The only Austin discovery, and hunter a's only one, is removed.
  await deleteDiscovery(t.db, first.id);
  expect(await getHuntStats(t.db, now)).toEqual({ activeLocations: 1, totalJimmys: 1, totalDiscoveries: 2, activeHunters: 1 });

  // An operator corrects a place: Denver still has one discovery, Boulder is new.
  await operatorWrite(
    (trx) => trx.updateTable("discoveries").set({ location: "Boulder, CO", city: "Boulder" }).where("id", "=", second.id).execute(),
    { jimmyIds: [jimmy.id], hunterIds: [] },
  );
  expect((await getHuntStats(t.db, now)).activeLocations).toBe(2);

  // Backdated out of the 30-day window, hunter b is no longer active.
  await operatorWrite(
    (trx) =>
      trx
        .updateTable("discoveries")
        .set({ created_at: daysAgo(45) })
        .where("user_id", "=", b.id)
        .execute(),
    {
      jimmyIds: [jimmy.id],
      hunterIds: [b.id],
    },
  );
  expect((await getHuntStats(t.db, now)).activeHunters).toBe(0);
});

it("a Jimmy's place count stays exact as its discoveries are deleted, moved to another place or another Jimmy", async () => {
  const user = await makeUser(t.db);
  const [j1, j2] = [await makeJimmy(t.db, 21), await makeJimmy(t.db, 22)];
  const places = async (serial: number) => (await getJimmyPage(t.db, photoUrls(), serial, { now }))?.stats.locations;
  const austin = await makeDiscovery(t.db, { jimmyId: j1.id, userId: user.id, createdAt: daysAgo(5), isFirst: true, ...TYPED_AUSTIN });
  const denver = await makeDiscovery(t.db, { jimmyId: j1.id, userId: user.id, createdAt: daysAgo(4), location: "Denver, CO", ...DENVER });
  await makeDiscovery(t.db, { jimmyId: j1.id, userId: user.id, createdAt: daysAgo(3), location: " denver, co", ...DENVER });
  await makeDiscovery(t.db, { jimmyId: j1.id, userId: user.id, createdAt: daysAgo(2), location: null });
  expect(await places(21)).toBe(2);

  // Coordinates resolved to a city count as that city, whatever was typed.
  await operatorWrite(
    (trx) =>
      trx
        .updateTable("discoveries")
        .set({ location: "x", city: "Austin", region: "TX", country: "US", location_approximate: 0 })
        .where("id", "=", austin.id)
        .execute(),
    { jimmyIds: [j1.id], hunterIds: [] },
  );
  expect(await places(21)).toBe(2);
  // One of the two Denver discoveries moves to Boulder: Denver stays, Boulder is new.
  await operatorWrite(
    (trx) => trx.updateTable("discoveries").set({ location: "Boulder, CO", city: "Boulder" }).where("id", "=", denver.id).execute(),
    { jimmyIds: [j1.id], hunterIds: [] },
  );
  expect(await places(21)).toBe(3);
  // The Boulder discovery was really of another Jimmy.
  await operatorWrite((trx) => trx.updateTable("discoveries").set({ jimmy_id: j2.id, is_first: 1 }).where("id", "=", denver.id).execute(), {
    jimmyIds: [j1.id, j2.id],
    hunterIds: [],
  });
  expect([await places(21), await places(22)]).toEqual([2, 1]);
  await deleteDiscovery(t.db, denver.id);
  expect([await places(21), await places(22)]).toEqual([2, 0]);
  await deleteDiscovery(t.db, austin.id);
  expect(await places(21)).toBe(1);
});

it("typed text that names no place counts towards no Location, on the hunt's banner or a Jimmy's page", async () => {
  const user = await makeUser(t.db);
  const jimmy = await makeJimmy(t.db, 31);
  // "x" and "somewhere private" resolve to nothing; "Texas" to a state; GPS far from any town to a country.
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: daysAgo(6), isFirst: true, location: "x" });
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: daysAgo(5), location: "somewhere private" });
  expect((await getHuntStats(t.db, now)).activeLocations).toBe(0);
  expect((await getJimmyPage(t.db, photoUrls(), 31, { now }))?.stats.locations).toBe(0);

  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: daysAgo(4), location: "Texas", region: "TX", country: "US" });
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: daysAgo(3), latitude: 64.9, longitude: -18.5, country: "IS" });
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: daysAgo(2), ...TYPED_AUSTIN });
  expect((await getHuntStats(t.db, now)).activeLocations).toBe(3);
  expect((await getJimmyPage(t.db, photoUrls(), 31, { now }))?.stats.locations).toBe(3);

  // Retyping the text of a discovery whose place is unknown changes nothing.
  await operatorWrite((trx) => trx.updateTable("discoveries").set({ location: "y" }).where("location", "=", "x").execute(), {
    jimmyIds: [jimmy.id],
    hunterIds: [],
  });
  expect((await getHuntStats(t.db, now)).activeLocations).toBe(3);
});
