import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { journeyMapHtml } from "./journey-map.server";
import { deleteDiscovery, updateDiscoveryText } from "~/models/discoveries.server";

const t = testDbPerTest();

async function travelledJimmy(serial: number) {
  const jimmy = await makeJimmy(t.db, serial);
  const hunter = await makeUser(t.db);
  const stops = [
    { latitude: 30.2672, longitude: -97.7431, city: "Austin", createdAt: "2026-01-01T10:00:00.000Z" },
    { latitude: 29.4241, longitude: -98.4936, city: "San Antonio", createdAt: "2026-02-01T10:00:00.000Z" },
  ];
  const ids: number[] = [];
  for (const [i, stop] of stops.entries()) {
    const discovery = await makeDiscovery(t.db, {
      jimmyId: jimmy.id,
      userId: hunter.id,
      isFirst: i === 0,
      region: "TX",
      country: "US",
      ...stop,
    });
    ids.push(discovery.id);
  }
  return { jimmy: { id: jimmy.id, serialNumber: serial }, ids };
}

/** The map as the Jimmy page asks for it: with the Jimmy's journey version as stored now. */
async function mapOf(jimmy: { id: number; serialNumber: number }, onThisPage: number[]) {
  const { journey_version } = await t.db
    .selectFrom("jimmys")
    .select("journey_version")
    .where("id", "=", jimmy.id)
    .executeTakeFirstOrThrow();
  return journeyMapHtml(t.db, { ...jimmy, journeyVersion: Number(journey_version) }, onThisPage);
}

describe("a Jimmy's journey map", () => {
  it("is drawn again when a stop moves, and links the stops this page does not show to their timeline page", async () => {
    const { jimmy, ids } = await travelledJimmy(7001);
    const both = await mapOf(jimmy, ids);
    expect(both).toContain("2 stops and 1 leg,");
    expect(both).toContain(`href="#discovery-${ids[0]}"`);
    // The same stops and page again: the same map.
    expect(await mapOf(jimmy, ids)).toBe(both);

    // Only the newest on this page: the oldest stop links to the page that shows it.
    const newestOnly = await mapOf(jimmy, [ids[1]!]);
    expect(newestOnly).toMatch(new RegExp(`href="/jimmy/7001\\?before=[^"]+#discovery-${ids[0]}"`));

    // A hunter corrects the second stop's place: the map of the same page shows where it is now.
    expect(await mapOf(jimmy, ids)).toBe(both);
    await updateDiscoveryText(t.db, ids[1]!, {
      caption: "Found him!",
      location: "Dallas, TX",
      place: { latitude: 32.7767, longitude: -96.797, approximate: false, city: "Dallas", region: "TX", country: "US" },
    });
    const moved = await mapOf(jimmy, ids);
    expect(both).toContain("74 miles in all");
    expect(moved).toContain("182 miles in all");

    // Another find, then that one deleted: the map follows both.
    const hunter = await makeUser(t.db);
    const third = await makeDiscovery(t.db, {
      jimmyId: jimmy.id,
      userId: hunter.id,
      latitude: 29.7604,
      longitude: -95.3698,
      city: "Houston",
      region: "TX",
      country: "US",
      createdAt: "2026-03-01T10:00:00.000Z",
    });
    expect(await mapOf(jimmy, ids)).toContain("3 stops and 2 legs,");
    await deleteDiscovery(t.db, third.id);
    expect(await mapOf(jimmy, ids)).toBe(moved);
  });

  it("is null before any discovery has a place", async () => {
    const jimmy = await makeJimmy(t.db, 7002);
    expect(await mapOf({ id: jimmy.id, serialNumber: 7002 }, [])).toBeNull();
  });
});
