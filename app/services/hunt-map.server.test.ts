import { afterEach, describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeDiscovery, makeUser } from "../../tests/support/fixtures";
import { AREA_MEMBERS_SHOWN, AREAS_PER_PAGE, areasShownParam, MAX_AREAS_SHOWN } from "~/lib/hunt-map";
import { parseMapState } from "~/lib/clustering";
import { resetEnvForTests } from "~/infra/env.server";
import { mintJimmys } from "~/models/jimmys.server";
import { getHuntMap } from "./hunt-map.server";

const t = testDbPerTest();
afterEach(() => {
  delete process.env.PAGE_CACHE_TTL_MS;
  resetEnvForTests();
});

/** Jimmys `first`…`first + count - 1`, each found once at the place `at(i)` gives. */
async function scatter(first: number, count: number, at: (i: number) => { latitude: number; longitude: number; location: string }) {
  await mintJimmys(t.db, first, first + count - 1);
  const hunter = await makeUser(t.db);
  const jimmys = await t.db
    .selectFrom("jimmys")
    .select(["id", "serial_number"])
    .where("serial_number", ">=", first)
    .where("serial_number", "<", first + count)
    .orderBy("serial_number")
    .execute();
  for (const [i, jimmy] of jimmys.entries())
    await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: hunter.id, isFirst: true, createdAt: "2026-03-01T12:00:00.000Z", ...at(i) });
}

const state = (query = "") => parseMapState(new URLSearchParams(query));

describe("the map page's view of the hunt", () => {
  it("lists the largest areas a page at a time and the first Jimmys of a crowded area, however many there are", async () => {
    // 260 Jimmys in one park, and 120 towns with one Jimmy each, a degree apart.
    await scatter(1, 260, (i) => ({ latitude: 30.2672 + (i % 10) * 0.0001, longitude: -97.7431, location: "Zilker Park, Austin" }));
    await scatter(1001, 120, (i) => ({ latitude: 40 + Math.floor(i / 12), longitude: -100 + (i % 12), location: `Town ${i + 1}, KS` }));

    const first = await getHuntMap(t.db, state(), areasShownParam(null));
    expect(first).toMatchObject({ totalJimmys: 380, discoveredCount: 380, unplaced: 0, areaCount: 121 });
    expect(first.areas).toHaveLength(AREAS_PER_PAGE);
    expect(first.areas[0]).toMatchObject({ key: 1, areaName: "Zilker Park", size: 260 });
    expect(first.areas[1]).toMatchObject({ key: 1001, areaName: "Town 1", size: 1 });
    expect(first.selectedArea).toBeNull();

    // "Show more areas" asks for the next page; an unreadable or huge number is a page, or the most there may be.
    const more = await getHuntMap(t.db, state(), areasShownParam("100"));
    expect(more.areas).toHaveLength(100);
    expect(more.areas.slice(0, AREAS_PER_PAGE)).toEqual(first.areas);
    expect((await getHuntMap(t.db, state(), areasShownParam("150"))).areas).toHaveLength(121);
    expect([areasShownParam("abc"), areasShownParam("-5"), areasShownParam("51"), areasShownParam("9999")]).toEqual([
      AREAS_PER_PAGE,
      AREAS_PER_PAGE,
      2 * AREAS_PER_PAGE,
      MAX_AREAS_SHOWN,
    ]);

    // The park's area lists its first Jimmys by number and counts them all; a Jimmy of it is found by number.
    const park = await getHuntMap(t.db, state("zoom=city&cluster=200&jimmy=260"), areasShownParam(null));
    expect(park.selectedArea).toMatchObject({ key: 1, size: 260 });
    expect(park.selectedArea!.members).toHaveLength(AREA_MEMBERS_SHOWN);
    expect(park.selectedArea!.members.map((m) => m.serialNumber)).toEqual(Array.from({ length: AREA_MEMBERS_SHOWN }, (_, i) => i + 1));
    expect(park.selectedJimmy).toMatchObject({ serialNumber: 260, location: "Zilker Park, Austin", status: "discovered" });
    expect(park.view.west).toBeCloseTo(-97.7631, 4);
  });

  it("finds the area a link names by any of its Jimmys' numbers", async () => {
    await scatter(1, 2, (i) => ({ latitude: 30 + i * 0.001, longitude: -97, location: "Austin, TX" }));
    await scatter(9, 1, () => ({ latitude: 10, longitude: 10, location: "Somewhere" }));
    const area = async (query: string) => (await getHuntMap(t.db, state(query), AREAS_PER_PAGE)).selectedArea?.key ?? null;
    expect(await area("cluster=2")).toBe(1);
    expect(await area("cluster=9")).toBe(9);
    expect(await area("cluster=77")).toBeNull();
    expect(await area("")).toBeNull();
  });

  it("shows a new discovery once the page cache's time to live has passed, and at once when it is 0", async () => {
    process.env.PAGE_CACHE_TTL_MS = "60000";
    resetEnvForTests();
    await scatter(1, 1, () => ({ latitude: 30.27, longitude: -97.74, location: "Austin, TX" }));
    expect((await getHuntMap(t.db, state(), AREAS_PER_PAGE)).discoveredCount).toBe(1);
    await scatter(2, 1, () => ({ latitude: 48.85, longitude: 2.35, location: "Paris, France" }));
    // Within the minute, the map made a moment ago stands.
    expect((await getHuntMap(t.db, state(), AREAS_PER_PAGE)).discoveredCount).toBe(1);

    process.env.PAGE_CACHE_TTL_MS = "0";
    resetEnvForTests();
    const now = await getHuntMap(t.db, state(), AREAS_PER_PAGE);
    expect(now).toMatchObject({ discoveredCount: 2, areaCount: 2 });
    expect(now.areas.map((a) => a.areaName).sort()).toEqual(["Austin", "Paris"]);
  });
});
