import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDbPerTest, testDialect } from "../../tests/support/test-db";
import { mulberry32 } from "#db/seed/seed";
import { circleStrips, distanceKm, NEAR_ME_MAX_KM } from "~/lib/near-me";
import { positionsQuery } from "~/models/jimmys.server";
import { drawNearMe, jimmysNear } from "./near-me.server";

const t = testDbPerTest();

type Planted = { serial: number; latitude: number; longitude: number; status?: "discovered" | "missing" | "retired"; locatedAt?: string };

/** Jimmys with a last known position, written as the derived figures leave them (only the position matters here). */
async function plant(jimmys: Planted[]) {
  for (let i = 0; i < jimmys.length; i += 200) {
    await t.db
      .insertInto("jimmys")
      .values(
        jimmys.slice(i, i + 200).map((j) => ({
          serial_number: j.serial,
          name: `Jimmy #${j.serial}`,
          status: j.status ?? "discovered",
          minted_at: "2025-01-01T00:00:00.000Z",
          discovery_count: 1,
          latitude: j.latitude,
          longitude: j.longitude,
          location: `Spot ${j.serial}`,
          located_at: j.locatedAt ?? "2026-11-01T12:00:00.000Z",
        })),
      )
      .execute();
  }
}

/** The answer by reading every Jimmy: what the box search must agree with. */
function nearestByScan(all: Planted[], origin: { latitude: number; longitude: number }, count = 20) {
  return all
    .filter((j) => j.status !== "retired")
    .map((j) => ({ serial: j.serial, km: distanceKm(origin, j) }))
    .filter((j) => j.km <= NEAR_ME_MAX_KM)
    .sort((a, b) => a.km - b.km || a.serial - b.serial)
    .slice(0, count);
}

describe("the Jimmys last seen nearest a point", () => {
  it("agrees with reading every Jimmy: in towns, in the empty ocean, across the antimeridian and at the poles", async () => {
    const rng = mulberry32(7);
    const all: Planted[] = [];
    let serial = 1;
    // A crowded town (Austin), a few more towns, Fiji and Samoa either side of the antimeridian, and scattered ones worldwide.
    for (let i = 0; i < 500; i++)
      all.push({ serial: serial++, latitude: 30.2672 + (rng() - 0.5) * 0.2, longitude: -97.7431 + (rng() - 0.5) * 0.2 });
    for (const [lat, lng] of [
      [48.8566, 2.3522],
      [-18.1416, 178.4419],
      [-13.8333, -171.7667],
      [64.1466, -21.9426],
    ] as const) {
      for (let i = 0; i < 30; i++) all.push({ serial: serial++, latitude: lat + (rng() - 0.5) * 2, longitude: lng + (rng() - 0.5) * 2 });
    }
    for (let i = 0; i < 300; i++) all.push({ serial: serial++, latitude: (rng() - 0.5) * 160, longitude: (rng() - 0.5) * 359.9 });
    all.push({ serial: serial++, latitude: 89.9, longitude: 45 }, { serial: serial++, latitude: 89.95, longitude: -135 });
    all[3]!.status = "retired";
    all[4]!.status = "missing";
    await plant(all);

    const origins = [
      { latitude: 30.2672, longitude: -97.7431 }, // inside the crowd
      { latitude: 30.9, longitude: -97.1 }, // just outside it
      { latitude: -16, longitude: -179.9 }, // between Fiji and Samoa
      { latitude: -45, longitude: -140 }, // the South Pacific, far from everything
      { latitude: 89.99, longitude: 100 }, // the North Pole
      { latitude: 48.85, longitude: 2.35 },
    ];
    // From the South Pacific fewer than 20 are within reach: those are listed, and no others.
    expect(nearestByScan(all, origins[3]!).length).toBeLessThan(20);
    for (const origin of origins) {
      const found = await jimmysNear(t.db, origin);
      expect(
        found.map((j) => j.serialNumber),
        JSON.stringify(origin),
      ).toEqual(nearestByScan(all, origin).map((j) => j.serial));
      found.forEach((j, i) => i > 0 && expect(j.distanceKm).toBeGreaterThanOrEqual(found[i - 1]!.distanceKm));
    }
  });

  it("lists missing Jimmys, marks those not seen for over a year, and leaves retired ones out", async () => {
    await plant([
      { serial: 1, latitude: 51.5, longitude: -0.12, status: "missing" },
      { serial: 2, latitude: 51.51, longitude: -0.13, locatedAt: "2025-06-01T00:00:00.000Z" },
      { serial: 3, latitude: 51.505, longitude: -0.125, status: "retired" },
      { serial: 4, latitude: 51.52, longitude: -0.1 },
    ]);
    const found = await jimmysNear(t.db, { latitude: 51.5, longitude: -0.12 }, 20, new Date("2026-11-25T00:00:00.000Z"));
    expect(found.map((j) => [j.serialNumber, j.status, j.longAgo])).toEqual([
      [1, "missing", false],
      [2, "discovered", true],
      [4, "discovered", false],
    ]);
    expect(found[0]!.distanceKm).toBe(0);
  });

  it("answers from a crowd of hundreds of Jimmys at one spot, and with no Jimmys at all", async () => {
    expect(await jimmysNear(t.db, { latitude: 0, longitude: 0 })).toEqual([]);
    await plant(Array.from({ length: 900 }, (_, i) => ({ serial: i + 1, latitude: 40.7128, longitude: -74.006 })));
    await plant([{ serial: 1000, latitude: 40.7, longitude: -74.0 }]);
    const found = await jimmysNear(t.db, { latitude: 40.7, longitude: -74.0 });
    expect(found).toHaveLength(20);
    expect(found[0]!.serialNumber).toBe(1000);
    expect(found.slice(1).every((j) => j.latitude === 40.7128)).toBe(true);
    // Standing in the crowd: twenty of it, all right here.
    const inCrowd = await jimmysNear(t.db, { latitude: 40.7128, longitude: -74.006 });
    expect(inCrowd).toHaveLength(20);
    expect(inCrowd.every((j) => j.distanceKm === 0)).toBe(true);
  });

  it("reads each band of the circle through the position index, never the whole table", async () => {
    await plant([{ serial: 1, latitude: 30.27, longitude: -97.74 }]);
    const center = { latitude: 30.27, longitude: -97.74 };
    const query = positionsQuery(t.db, circleStrips(center, 25), 400, { center, radiusKm: 25 })!;
    if (testDialect === "sqlite") {
      const plan = await sql<{ detail: string }>`explain query plan ${query}`.execute(t.db);
      const steps = plan.rows.map((r) => r.detail).join("\n");
      // The bands are the outer loop; in each, one seek on band and a range of longitude.
      expect(steps).toMatch(/SCAN s VIRTUAL TABLE/);
      expect(steps).toMatch(/SEARCH j USING COVERING INDEX jimmys_position_idx \(<expr>=\? AND longitude>\? AND longitude<\?\)/);
    } else {
      // A one-row table is cheaper to read whole: ask whether the index serves the query at all.
      await sql`set enable_seqscan = off`.execute(t.db);
      const plan = await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(t.db);
      await sql`set enable_seqscan = on`.execute(t.db);
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index.*jimmys_position_idx/);
    }
  });

  it("a town crowded just past a long search's edge: every Jimmy listed is at most 2% farther than the true nearest twenty", async () => {
    const rng = mulberry32(11);
    const all: Planted[] = [];
    // 1,500 Jimmys across a town about 530 km south of the hunter (New Orleans from the Mississippi hills), and a
    // few far off. The search reads bands from the south: the far side of the town comes first.
    for (let i = 0; i < 1500; i++) {
      all.push({ serial: i + 1, latitude: 29.95 + (rng() + rng() - 1) * 0.15, longitude: -90.07 + (rng() + rng() - 1) * 0.17 });
    }
    for (let i = 0; i < 30; i++) all.push({ serial: 2000 + i, latitude: 19.4 + rng(), longitude: -99.1 + rng() });
    await plant(all);
    const origin = { latitude: 34.7, longitude: -90 };
    const truth = nearestByScan(all, origin);
    const found = await jimmysNear(t.db, origin);
    expect(found).toHaveLength(20);
    expect(new Set(found.map((j) => j.serialNumber)).size).toBe(20);
    found.forEach((j, i) => i > 0 && expect(j.distanceKm).toBeGreaterThanOrEqual(found[i - 1]!.distanceKm));
    for (const j of found) expect(j.distanceKm).toBeLessThanOrEqual(truth[19]!.km * 1.02);
    expect(found[0]!.distanceKm).toBeLessThanOrEqual(truth[0]!.km * 1.02);
  });

  it("frames the hunter and the Jimmys on the basemap, across the antimeridian too", async () => {
    await plant([
      { serial: 1, latitude: -18.14, longitude: 178.44 },
      { serial: 2, latitude: -13.83, longitude: -171.77 },
    ]);
    const origin = { latitude: -16, longitude: -179.9 };
    const drawing = drawNearMe(origin, await jimmysNear(t.db, origin));
    expect(drawing.basemap).toMatch(/^\/basemap\.svg\?v=/);
    for (const point of [drawing.origin, ...drawing.jimmys]) {
      expect(point.x).toBeGreaterThan(0);
      expect(point.x).toBeLessThan(drawing.width);
      expect(point.y).toBeGreaterThan(0);
      expect(point.y).toBeLessThan(drawing.height);
    }
    // Fiji is drawn left of the hunter and Samoa right of it: the frame crosses the antimeridian, not the world.
    const [fiji, samoa] = [drawing.jimmys.find((j) => j.serialNumber === 1)!, drawing.jimmys.find((j) => j.serialNumber === 2)!];
    expect(fiji.x).toBeLessThan(drawing.origin.x);
    expect(samoa.x).toBeGreaterThan(drawing.origin.x);
    expect(drawing.view.east - drawing.view.west).toBeLessThan(60);
  });
});
