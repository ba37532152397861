import { beforeEach, describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { AUSTIN_PLACE_COLUMNS } from "../../tests/support/fixtures";
import { JOURNEY_PHOTO_LIMIT, RECORD_KEYS } from "~/lib/hall-of-fame";
import { roundMiles } from "~/lib/journey";
import { resolveLocation } from "~/services/geo.server";
import { backfillGeography, deleteDiscovery, recordDiscovery, updateDiscoveryText } from "./discoveries.server";
import { getHallOfFame, getHunterBoards, hallOfFameResponse, type HunterBoards } from "./hall-of-fame.server";
import { listJimmyLocations, mintJimmys } from "./jimmys.server";
import { upsertUserFromProvider } from "./users.server";

/** One degree of a great circle, in miles: 3958.7613 × π / 180. */
const DEGREE = 69.09341;
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);

const t = testDbPerTest();
let userId: number;
const jimmyIds = new Map<number, number>();

beforeEach(async () => {
  userId = (await upsertUserFromProvider(t.db, { provider: "test", subject: "1", firstName: "Maya", lastName: "R" })).id;
  await mintJimmys(t.db, 1, 9);
  jimmyIds.clear();
  for (const row of await t.db.selectFrom("jimmys").select(["id", "serial_number"]).execute()) jimmyIds.set(row.serial_number, row.id);
});

type Place = { latitude?: number; longitude?: number; location?: string; city?: string; region?: string | null; country?: string };

let photoCounter = 0;
async function discover(serial: number, day: number, place: Place = {}) {
  photoCounter++;
  return recordDiscovery(t.db, {
    jimmyId: jimmyIds.get(serial)!,
    userId,
    photo: { key: `discoveries/2025/01/photo${photoCounter}`, width: 1080, height: 720, variants: [320, 720, 1080] },
    caption: "Found!",
    location: place.location ?? null,
    latitude: place.latitude ?? null,
    longitude: place.longitude ?? null,
    city: place.city ?? null,
    region: place.region ?? null,
    country: place.country ?? null,
    isFirst: false,
    createdAt: new Date(START + day * DAY).toISOString(),
  });
}
const dateOf = (day: number) => new Date(START + day * DAY).toISOString();
const equator = (longitude: number, extra: Place = {}): Place => ({ latitude: 0, longitude, ...extra });
const urlFor = (key: string) => `/media/${key}`;

describe("the Hall of Fame", () => {
  it("has no record holders before anything is discovered", async () => {
    const hallOfFame = await getHallOfFame(t.db, urlFor);
    for (const key of RECORD_KEYS) expect(hallOfFame[key]).toBeNull();
  });

  it("finds each record's holder on a constructed set of journeys", async () => {
    // Jimmy #1: 0° → 2° → 1° along the equator (path 3°, furthest 2°), days 0 to 10, in the US and France.
    await discover(1, 0, equator(0, { location: "Austin, TX", city: "Austin", region: "TX", country: "US" }));
    await discover(1, 4, equator(2, { location: "Paris, France", city: "Paris", region: null, country: "FR" }));
    await discover(1, 10, equator(1, { city: "Denver", region: "CO", country: "US" }));
    // Jimmy #2: one long hop of 5° (path and furthest 5°), in one city.
    await discover(2, 1, equator(10, { city: "Austin", region: "TX", country: "US" }));
    await discover(2, 2, equator(15, { city: "Austin", region: "TX", country: "US" }));
    // Jimmy #3: found four times, never with coordinates, over 40 days, in Texas, Ohio and then Mexico.
    await discover(3, 0, { location: "somewhere", region: "TX", country: "US" });
    await discover(3, 5, { region: "OH", country: "US" });
    await discover(3, 20, { country: "MX" });
    await discover(3, 40);

    const hallOfFame = await getHallOfFame(t.db, urlFor);
    const holder = (key: (typeof RECORD_KEYS)[number]) => [hallOfFame[key]?.record.jimmySerialNumber, hallOfFame[key]?.record.value];
    expect(holder("longestDistance")).toEqual([2, roundMiles(5 * DEGREE)]); // 345.5 over Jimmy #1's 3° = 207.3
    expect(holder("furthestJourney")).toEqual([2, roundMiles(5 * DEGREE)]);
    expect(holder("mostDiscovered")).toEqual([3, 4]);
    expect(holder("longestTraveler")).toEqual([3, 40]);
    // #1 and #3 both have 2 countries; #1 reached it on day 4, #3 on day 20.
    expect(holder("mostCountries")).toEqual([1, 2]);
    // #1 (TX, CO on day 10) and #3 (TX, OH on day 5) tie: #3 got there first.
    expect(holder("mostStates")).toEqual([3, 2]);
    expect(holder("mostCities")).toEqual([1, 3]);

    const countries = hallOfFame.mostCountries!.record;
    expect(countries.countries).toEqual(["United States", "France"]);
    expect(hallOfFame.mostStates!.record.states).toEqual(["Texas", "Ohio"]);
    expect(hallOfFame.mostCities!.record.cities).toEqual(["Austin, TX", "Paris, France", "Denver, CO"]);
    expect(hallOfFame.longestDistance!.record.countries).toBeUndefined();

    expect(countries).toMatchObject({
      unit: "countries",
      description: "Distinct countries a Jimmy was discovered in, listed in order of first visit.",
      discoveryCount: 3,
      firstDiscovery: { location: "Austin, TX", date: dateOf(0) },
      latestDiscovery: { location: "Denver, CO", date: dateOf(10), photoUrl: "/media/discoveries/2025/01/photo3/720.webp" },
    });
    const json = hallOfFameResponse(hallOfFame);
    expect(json.mostCountries!.discoveries.map((d) => d.location)).toEqual(["Austin, TX", "Paris, France", "Denver, CO"]);
    expect(json.mostCountries!.discoveries[2]!.photoUrl).toBe("/media/discoveries/2025/01/photo3/720.webp");
    expect(hallOfFame.longestDistance!.record.unit).toBe("miles");
    expect(hallOfFame.longestTraveler!.record.unit).toBe("days");
    expect(json.mostDiscovered!.discoveries.map((d) => d.location)).toEqual(["somewhere", "Ohio", "Mexico", null]);
    // The page's photos are thumbnails: the srcset stops at the first variant as wide as a 120 px box at 3× (360 px).
    expect(hallOfFame.longestDistance!.latestPhoto.srcSet).toBe(
      "/media/discoveries/2025/01/photo5/320.webp 320w, /media/discoveries/2025/01/photo5/720.webp 720w",
    );
    expect(hallOfFame.longestDistance!.journey.every((stop) => !stop.photo.srcSet.includes("1080.webp"))).toBe(true);
  });

  it("gives a tie to the Jimmy that reached the value first, whatever its serial", async () => {
    await discover(7, 0);
    await discover(7, 1);
    await discover(7, 3);
    await discover(2, 0);
    await discover(2, 2);
    await discover(2, 5);
    // Both have 3 discoveries: #7's third came on day 3, #2's on day 5.
    expect((await getHallOfFame(t.db, urlFor)).mostDiscovered?.record).toMatchObject({ jimmySerialNumber: 7, value: 3 });

    // Equal distances: #4 covered 1° on day 6, #5 on day 2.
    await discover(4, 0, equator(20));
    await discover(4, 6, equator(21));
    await discover(5, 1, equator(40));
    await discover(5, 2, equator(41));
    const hallOfFame = await getHallOfFame(t.db, urlFor);
    expect(hallOfFame.longestDistance?.record).toMatchObject({ jimmySerialNumber: 5, value: roundMiles(DEGREE) });
    expect(hallOfFame.furthestJourney?.record.jimmySerialNumber).toBe(5);
  });

  it("leaves out Jimmys without coordinates from the distance records", async () => {
    for (let day = 0; day < 5; day++) await discover(6, day, { location: "a bench" });
    const hallOfFame = await getHallOfFame(t.db, urlFor);
    expect(hallOfFame.mostDiscovered?.record.jimmySerialNumber).toBe(6);
    expect(hallOfFame.longestDistance).toBeNull();
    expect(hallOfFame.furthestJourney).toBeNull();
    expect(hallOfFame.mostCountries).toBeNull();
  });

  it("is kept up to date when a discovery is removed", async () => {
    await discover(1, 0, equator(0));
    const far = await discover(1, 1, equator(10));
    await discover(2, 0, equator(0));
    await discover(2, 1, equator(3));
    expect((await getHallOfFame(t.db, urlFor)).longestDistance?.record.jimmySerialNumber).toBe(1);

    await deleteDiscovery(t.db, far.id);
    const after = await getHallOfFame(t.db, urlFor);
    expect(after.longestDistance?.record).toMatchObject({ jimmySerialNumber: 2, value: roundMiles(3 * DEGREE) });
    expect(after.mostDiscovered?.record).toMatchObject({ jimmySerialNumber: 2, value: 2 });
  });

  it("shows a long journey's first discovery and its latest photos in order, however long it is", async () => {
    for (let day = 0; day < JOURNEY_PHOTO_LIMIT + 5; day++) await discover(3, day, equator(day % 7));
    const record = (await getHallOfFame(t.db, urlFor)).mostDiscovered!;
    expect(record.record).toMatchObject({ jimmySerialNumber: 3, value: JOURNEY_PHOTO_LIMIT + 5, discoveryCount: JOURNEY_PHOTO_LIMIT + 5 });
    expect(record.record.firstDiscovery.date).toBe(dateOf(0));
    expect(record.record.latestDiscovery.date).toBe(dateOf(JOURNEY_PHOTO_LIMIT + 4));
    expect(record.journey.map((stop) => stop.date)).toEqual(Array.from({ length: JOURNEY_PHOTO_LIMIT }, (_, i) => dateOf(i + 5)));

    // A journey shorter than the limit is shown whole, from its first discovery.
    const later = await t.db
      .selectFrom("discoveries")
      .select("id")
      .where("jimmy_id", "=", jimmyIds.get(3)!)
      .where("created_at", ">", dateOf(2))
      .execute();
    for (const { id } of later) await deleteDiscovery(t.db, id);
    const after = (await getHallOfFame(t.db, urlFor)).mostDiscovered!;
    expect(after.journey.map((stop) => stop.date)).toEqual([dateOf(0), dateOf(1), dateOf(2)]);
    expect(after.record.firstDiscovery.date).toBe(dateOf(0));
  });

  it("answers the JSON shape of SPEC.md §3 without the page's photo sizes", async () => {
    await discover(1, 0, equator(0, { location: "Quito", city: "Quito", country: "EC" }));
    await discover(1, 1, equator(1, { city: "Quito", country: "EC" }));
    const response = hallOfFameResponse(await getHallOfFame(t.db, urlFor));
    expect(Object.keys(response).sort()).toEqual([...RECORD_KEYS].sort());
    expect(response.mostStates).toBeNull();
    expect(response.mostCountries).toEqual({
      jimmySerialNumber: 1,
      value: 1,
      unit: "country",
      description: "Distinct countries a Jimmy was discovered in, listed in order of first visit.",
      discoveryCount: 2,
      firstDiscovery: { location: "Quito", date: dateOf(0) },
      latestDiscovery: { location: "Quito, Ecuador", date: dateOf(1), photoUrl: expect.stringMatching(/^\/media\/.+\/720\.webp$/) },
      discoveries: [
        { photoUrl: expect.stringMatching(/720\.webp$/), location: "Quito", date: dateOf(0) },
        { photoUrl: expect.stringMatching(/720\.webp$/), location: "Quito, Ecuador", date: dateOf(1) },
      ],
      countries: ["Ecuador"],
    });
  });
});

describe("the hunter leaderboards", () => {
  const AUSTIN: Place = { latitude: 30.2672, longitude: -97.7431, city: "Austin", region: "TX", country: "US" };
  const DALLAS: Place = { latitude: 32.7767, longitude: -96.797, city: "Dallas", region: "TX", country: "US" };
  const PARIS: Place = { latitude: 48.8566, longitude: 2.3522, city: "Paris", region: null, country: "FR" };
  const TOKYO: Place = { latitude: 35.6762, longitude: 139.6503, city: "Tokyo", region: "13", country: "JP" };

  const hunter = async (firstName: string) =>
    (await upsertUserFromProvider(t.db, { provider: "test", subject: firstName, firstName, lastName: "Hunter" })).id;

  /** A discovery by `hunterId`, the Jimmy's first when it has none yet (as a report marks it). */
  async function find(hunterId: number, serial: number, day: number, place: Place = {}) {
    photoCounter++;
    const jimmyId = jimmyIds.get(serial)!;
    const found = await t.db.selectFrom("discoveries").select("id").where("jimmy_id", "=", jimmyId).executeTakeFirst();
    return recordDiscovery(t.db, {
      jimmyId,
      userId: hunterId,
      photo: { key: `discoveries/2025/01/photo${photoCounter}`, width: 1080, height: 720, variants: [320, 720, 1080] },
      caption: "Found!",
      location: place.location ?? place.city ?? null,
      latitude: place.latitude ?? null,
      longitude: place.longitude ?? null,
      city: place.city ?? null,
      region: place.region ?? null,
      country: place.country ?? null,
      isFirst: !found,
      createdAt: dateOf(day),
    });
  }

  /** Each board as [hunter id, figure] in rank order. */
  const standings = (boards: HunterBoards) => ({
    discoveries: boards.discoveries.map((s) => [s.hunter.id, s.value]),
    firstDiscoveries: boards.firstDiscoveries.map((s) => [s.hunter.id, s.value]),
    countries: boards.countries.map((s) => [s.hunter.id, s.value]),
  });

  it("are empty before anything is discovered, and leave out hunters with none of a figure", async () => {
    expect(await getHunterBoards(t.db)).toEqual({ discoveries: [], firstDiscoveries: [], countries: [] });
    const ana = await hunter("Ana");
    await find(userId, 1, 0);
    // Ana's find is not the Jimmy's first, and names no country.
    await find(ana, 1, 1, { location: "under a bench" });
    expect(standings(await getHunterBoards(t.db))).toEqual({
      discoveries: [
        [userId, 1],
        [ana, 1],
      ],
      firstDiscoveries: [[userId, 1]],
      countries: [],
    });
  });

  it("count each hunter's discoveries, first discoveries and countries as they are reported", async () => {
    const ana = await hunter("Ana");
    await find(ana, 1, 0, AUSTIN);
    await find(ana, 2, 1, DALLAS);
    await find(userId, 1, 2, PARIS);
    await find(ana, 1, 3, AUSTIN);
    await find(userId, 3, 4, TOKYO);
    const boards = await getHunterBoards(t.db);
    expect(standings(boards)).toEqual({
      discoveries: [
        [ana, 3],
        [userId, 2],
      ],
      firstDiscoveries: [
        [ana, 2],
        [userId, 1],
      ],
      // Austin twice and Dallas are one country; Paris and Tokyo are two.
      countries: [
        [userId, 2],
        [ana, 1],
      ],
    });
    expect(boards.discoveries[0]).toEqual({
      rank: 1,
      hunter: { id: ana, firstName: "Ana", lastName: "Hunter", profileImageUrl: null },
      value: 3,
    });
    expect(boards.discoveries.map((s) => s.rank)).toEqual([1, 2]);
  });

  it("give a first discovery to the next finder when a Jimmy's first is deleted", async () => {
    const ana = await hunter("Ana");
    const bo = await hunter("Bo");
    const first = await find(ana, 1, 0);
    await find(bo, 1, 1);
    await find(userId, 1, 2);
    expect(standings(await getHunterBoards(t.db)).firstDiscoveries).toEqual([[ana, 1]]);

    await deleteDiscovery(t.db, first.id);
    const after = standings(await getHunterBoards(t.db));
    expect(after.firstDiscoveries).toEqual([[bo, 1]]);
    expect(after.discoveries).toEqual([
      [bo, 1],
      [userId, 1],
    ]);
    const row = await t.db.selectFrom("hunter_figures").selectAll().where("user_id", "=", bo).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_discovery_count: 1, first_discovery_count_reached_at: dateOf(1) });
    // Ana has no discoveries left, so no figures at all.
    expect(await t.db.selectFrom("hunter_figures").select("user_id").where("user_id", "=", ana).execute()).toEqual([]);
  });

  it("follow a discovery's place when it is edited", async () => {
    const found = await find(userId, 1, 0, AUSTIN);
    await find(userId, 2, 1, AUSTIN);
    expect(standings(await getHunterBoards(t.db)).countries).toEqual([[userId, 1]]);
    const paris = { latitude: 48.8566, longitude: 2.3522, approximate: false, city: "Paris", region: null, country: "FR" };
    await updateDiscoveryText(t.db, found.id, { caption: "Moved", location: "Paris", place: paris });
    expect(standings(await getHunterBoards(t.db)).countries).toEqual([[userId, 2]]);
    const nowhere = { latitude: null, longitude: null, approximate: false, city: null, region: null, country: null };
    await updateDiscoveryText(t.db, found.id, { caption: "Moved", location: "x", place: nowhere });
    expect(standings(await getHunterBoards(t.db)).countries).toEqual([[userId, 1]]);
  });

  it("give a tie to the hunter who reached the figure first, whoever signed up first", async () => {
    const ana = await hunter("Ana");
    const bo = await hunter("Bo");
    // Both find two Jimmys first in two countries; Bo got there on day 3, Ana on day 6.
    await find(ana, 1, 0, AUSTIN);
    await find(bo, 2, 1, AUSTIN);
    await find(bo, 3, 3, PARIS);
    await find(ana, 4, 6, PARIS);
    expect(standings(await getHunterBoards(t.db))).toEqual({
      discoveries: [
        [bo, 2],
        [ana, 2],
      ],
      firstDiscoveries: [
        [bo, 2],
        [ana, 2],
      ],
      countries: [
        [bo, 2],
        [ana, 2],
      ],
    });
    // A third discovery in a country Ana already has: she leads on discoveries, her countries still date from day 6.
    await find(ana, 1, 9, PARIS);
    const boards = standings(await getHunterBoards(t.db));
    expect(boards.discoveries).toEqual([
      [ana, 3],
      [bo, 2],
    ]);
    expect(boards.countries).toEqual([
      [bo, 2],
      [ana, 2],
    ]);
  });

  it("list the top ten of each board", async () => {
    for (let i = 0; i < 11; i++) await find(await hunter(`H${i}`), 1 + (i % 9), i);
    const boards = await getHunterBoards(t.db);
    expect(boards.discoveries).toHaveLength(10);
    // All found one; the first ten to do so are listed, in that order.
    expect(boards.discoveries.map((s) => s.hunter.firstName)).toEqual(["H0", "H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9"]);
  });
});

describe("the map's Jimmy locations", () => {
  it("lists discovered Jimmys with their latest coordinates as strings, as recorded (docs/api.md)", async () => {
    await discover(2, 0, { latitude: 30.2672, longitude: -97.7431, location: "Austin, TX" });
    await discover(2, 3, { location: "a typed place with no coordinates" });
    await discover(5, 1, { location: "Paris, France" });
    await discover(8, 2, { latitude: 48.8566, longitude: 2.3522, city: "Paris", country: "FR" });
    const result = await listJimmyLocations(t.db);
    expect(result.totalJimmys).toBe(9);
    expect(result.discoveredCount).toBe(3);
    expect(result.discovered).toEqual([
      {
        id: jimmyIds.get(2),
        serialNumber: 2,
        name: "Jimmy #2",
        status: "discovered",
        latitude: "30.2672",
        longitude: "-97.7431",
        location: "Austin, TX",
        discoveryCount: 2,
        lastDiscoveryDate: dateOf(3),
        // "Last seen" is the place and date of one discovery: the latest with coordinates.
        locatedAt: dateOf(0),
        locationApproximate: false,
        positionRadiusM: null,
      },
      expect.objectContaining({ serialNumber: 5, latitude: null, longitude: null, location: "Paris, France" }),
      // Found with coordinates only: named after its derived place.
      expect.objectContaining({ serialNumber: 8, latitude: "48.8566", longitude: "2.3522", location: "Paris, France" }),
    ]);
  });
});

describe("the geography backfill", () => {
  it("fills the places of existing discoveries, recomputes the records, and changes nothing the second time", async () => {
    // Written as before the geography existed: no city, state or country.
    await discover(1, 0, { latitude: 30.2672, longitude: -97.7431, location: "Austin, TX" });
    await discover(1, 5, { location: "Paris, France" });
    await discover(1, 6, { location: "under a bench" });
    await t.db.deleteFrom("jimmy_journeys").execute();

    const first = await backfillGeography(t.db, resolveLocation);
    expect(first).toEqual({ checked: 3, updated: 2, jimmysRefreshed: 1 });
    const rows = await t.db
      .selectFrom("discoveries")
      .select(["location", "latitude", "longitude", "location_approximate", "city", "region", "country"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      AUSTIN_PLACE_COLUMNS,
      {
        location: "Paris, France",
        latitude: 48.85341,
        longitude: 2.3488,
        location_approximate: 1,
        city: "Paris",
        region: null,
        country: "FR",
      },
      { location: "under a bench", latitude: null, longitude: null, location_approximate: 0, city: null, region: null, country: null },
    ]);
    const hallOfFame = await getHallOfFame(t.db, urlFor);
    expect(hallOfFame.mostCountries?.record.countries).toEqual(["United States", "France"]);
    expect(hallOfFame.longestDistance?.record.value).toBeGreaterThan(4800);

    const before = await t.db.selectFrom("jimmy_journeys").selectAll().execute();
    const second = await backfillGeography(t.db, resolveLocation);
    expect(second).toEqual({ checked: 3, updated: 0, jimmysRefreshed: 1 });
    expect(await t.db.selectFrom("jimmy_journeys").selectAll().execute()).toEqual(before);
  });
});
