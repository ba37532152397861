import { expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { decodeCursor } from "~/lib/discoveries";
import { resolveLocation } from "~/services/geo.server";
import { listDiscoveries } from "./discoveries.server";
import { getJimmyPage, JIMMY_TIMELINE_PAGE_SIZE, listJimmyLocations } from "./jimmys.server";
import { photoUrls } from "~/infra/storage.server";

const t = testDbPerTest();

it("pages a long timeline, newest first, while the latest sighting and the figures cover every discovery", async () => {
  const user = await makeUser(t.db);
  const jimmy = await makeJimmy(t.db, 5);
  const total = JIMMY_TIMELINE_PAGE_SIZE + 5;
  for (let i = 0; i < total; i++) {
    await makeDiscovery(t.db, {
      jimmyId: jimmy.id,
      userId: user.id,
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      isFirst: i === 0,
      caption: `stop ${i}`,
    });
  }

  const first = await getJimmyPage(t.db, photoUrls(), 5);
  expect(first?.discoveries.map((d) => d.caption)).toEqual(
    Array.from({ length: JIMMY_TIMELINE_PAGE_SIZE }, (_, i) => `stop ${total - 1 - i}`),
  );
  expect(first?.latest?.caption).toBe(`stop ${total - 1}`);
  expect(first?.stats.discoveries).toBe(total);
  expect(first?.olderCursor).not.toBeNull();

  const older = await getJimmyPage(t.db, photoUrls(), 5, { before: decodeCursor(first!.olderCursor!) });
  expect(older?.discoveries.map((d) => d.caption)).toEqual(["stop 4", "stop 3", "stop 2", "stop 1", "stop 0"]);
  expect(older?.latest?.caption).toBe(`stop ${total - 1}`);
  expect(older?.olderCursor).toBeNull();

  const whole = await getJimmyPage(t.db, photoUrls(), 5, { limit: null });
  expect(whole?.discoveries).toHaveLength(total);
  expect(whole?.olderCursor).toBeNull();
});

it("names each discovery's place as the pages show it: the derived city for GPS alone, the typed text otherwise, and a town-centre pin said plainly", async () => {
  const user = await makeUser(t.db);
  const jimmy = await makeJimmy(t.db, 27);
  const report = async (day: number, input: { latitude?: number; longitude?: number; location?: string }) => {
    const place = await resolveLocation(input);
    return makeDiscovery(t.db, {
      jimmyId: jimmy.id,
      userId: user.id,
      createdAt: new Date(Date.UTC(2026, 2, day)).toISOString(),
      isFirst: day === 1,
      location: input.location ?? null,
      latitude: place.latitude,
      longitude: place.longitude,
      locationApproximate: place.approximate,
      city: place.city,
      region: place.region,
      country: place.country,
    });
  };
  await report(1, { location: "behind the blue mailbox" });
  await report(2, { location: "Zilker Park, Austin, TX" });
  await report(3, { latitude: 19.4423, longitude: -99.1451 });

  const page = await getJimmyPage(t.db, photoUrls(), 27);
  expect(page?.discoveries.map((d) => d.place)).toEqual(["Mexico City, Mexico", "Zilker Park, Austin, TX", "behind the blue mailbox"]);
  expect(page?.discoveries.map((d) => d.pin)).toEqual([null, "pin: Austin, TX (town centre)", null]);
  // The latest sighting has GPS coordinates only: its city, not "Location not specified".
  expect(page?.latest).toMatchObject({
    place: "Mexico City, Mexico",
    city: "Mexico City",
    region: null,
    country: "MX",
    locationApproximate: false,
    location: null,
  });
  expect(page?.discoveries[1]).toMatchObject({
    location: "Zilker Park, Austin, TX",
    locationApproximate: true,
    city: "Austin",
    region: "TX",
  });
  expect((await listDiscoveries(t.db, photoUrls(), { includeFirst: true })).discoveries.map((d) => d.place)).toEqual(
    page?.discoveries.map((d) => d.place),
  );

  // The map names it after its latest position and dates it by that discovery.
  expect((await listJimmyLocations(t.db)).discovered[0]).toMatchObject({
    location: "Mexico City, Mexico",
    locatedAt: new Date(Date.UTC(2026, 2, 3)).toISOString(),
    locationApproximate: false,
  });
  // Then typed in Austin: the map says what was typed and marks the position approximate.
  await report(4, { location: "Austin, Texas" });
  expect((await listJimmyLocations(t.db)).discovered[0]).toMatchObject({
    location: "Austin, Texas",
    locatedAt: new Date(Date.UTC(2026, 2, 4)).toISOString(),
    locationApproximate: true,
  });
  // And then found again with no place at all: "Last seen" keeps the Austin place with its own date.
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: new Date(Date.UTC(2026, 2, 5)).toISOString() });
  expect((await listJimmyLocations(t.db)).discovered[0]).toMatchObject({
    location: "Austin, Texas",
    locatedAt: new Date(Date.UTC(2026, 2, 4)).toISOString(),
    lastDiscoveryDate: new Date(Date.UTC(2026, 2, 5)).toISOString(),
  });
});

it("answers a position the same way in the feed and on the map: the recorded value as a string, never rounded", async () => {
  const user = await makeUser(t.db);
  const precise = await makeJimmy(t.db, 41);
  const round = await makeJimmy(t.db, 42);
  await makeDiscovery(t.db, {
    jimmyId: precise.id,
    userId: user.id,
    isFirst: true,
    createdAt: "2026-03-01T00:00:00.000Z",
    latitude: 30.26715432,
    longitude: -97.74306789,
  });
  await makeDiscovery(t.db, {
    jimmyId: round.id,
    userId: user.id,
    isFirst: true,
    createdAt: "2026-03-02T00:00:00.000Z",
    latitude: 19.5,
    longitude: -99,
  });

  const feed = (await listDiscoveries(t.db, photoUrls(), { includeFirst: true })).discoveries;
  const map = (await listJimmyLocations(t.db)).discovered;
  const positions = (serial: number) => [
    feed.filter((d) => d.jimmy.serialNumber === serial).map((d) => [d.latitude, d.longitude])[0],
    map.filter((j) => j.serialNumber === serial).map((j) => [j.latitude, j.longitude])[0],
  ];
  expect(positions(41)).toEqual([
    ["30.26715432", "-97.74306789"],
    ["30.26715432", "-97.74306789"],
  ]);
  expect(positions(42)).toEqual([
    ["19.5", "-99"],
    ["19.5", "-99"],
  ]);
});
