import { expect, test } from "@playwright/test";
import { z } from "zod";
import { queryOne } from "./db";

const isoDate = z.iso.datetime();
// As recorded, like /api/discoveries: no fixed number of decimals (docs/api.md).
const decimal = z.string().regex(/^-?\d{1,3}(\.\d+)?$/);

const JimmyLocation = z.strictObject({
  id: z.number().int().positive(),
  serialNumber: z.number().int().positive(),
  name: z.string().min(1),
  status: z.enum(["hidden", "discovered", "missing", "retired"]),
  latitude: decimal.nullable(),
  longitude: decimal.nullable(),
  location: z.string().nullable(),
  discoveryCount: z.number().int().positive(),
  lastDiscoveryDate: isoDate,
  locatedAt: isoDate.nullable(),
  locationApproximate: z.boolean(),
  positionRadiusM: z.number().int().positive().nullable(),
});

const Place = { location: z.string().nullable(), date: isoDate };
const photoUrl = z.string().regex(/^\/media\/discoveries\/.+\.webp$/);
const baseRecord = {
  jimmySerialNumber: z.number().int().positive(),
  value: z.number().positive(),
  unit: z.string().min(1),
  description: z.string().min(10),
  discoveryCount: z.number().int().positive(),
  firstDiscovery: z.strictObject(Place),
  latestDiscovery: z.strictObject({ ...Place, photoUrl }),
  discoveries: z.array(z.strictObject({ photoUrl, location: z.string().nullable(), date: isoDate })).min(1),
};
const HallOfFame = z.strictObject({
  longestDistance: z.strictObject(baseRecord),
  furthestJourney: z.strictObject(baseRecord),
  mostDiscovered: z.strictObject(baseRecord),
  longestTraveler: z.strictObject(baseRecord),
  mostCountries: z.strictObject({ ...baseRecord, countries: z.array(z.string()).min(1) }),
  mostStates: z.strictObject({ ...baseRecord, states: z.array(z.string()).min(1) }),
  mostCities: z.strictObject({ ...baseRecord, cities: z.array(z.string()).min(1) }),
});

test.describe("the map and Hall of Fame JSON", () => {
  test("GET /api/jimmys-locations answers every discovered Jimmy in the SPEC.md §3 shape", async ({ request }) => {
    const response = await request.get("/api/jimmys-locations");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    const body = z
      .strictObject({ discovered: z.array(JimmyLocation), totalJimmys: z.number().int(), discoveredCount: z.number().int() })
      .parse(await response.json());
    expect(body.discoveredCount).toBe(body.discovered.length);
    expect(body.totalJimmys).toBeGreaterThanOrEqual(body.discoveredCount);
    // Coordinates come in pairs, and the Jimmys last seen at a measured place have them. (Not a share of all:
    // other tests plant Jimmys found at a typed place only, as many as they like.)
    for (const jimmy of body.discovered) expect(jimmy.latitude === null, `#${jimmy.serialNumber}`).toBe(jimmy.longitude === null);
    const measured = queryOne<{ serial_number: number }>(
      "select serial_number from jimmys where latitude is not null and location_approximate = 0 and discovery_count > 0 order by serial_number limit 1",
    ).serial_number;
    const located = body.discovered.find((j) => j.serialNumber === measured);
    expect(located?.latitude).not.toBeNull();
    // The same position reads the same here as in the Jimmy's discoveries (one rule for decimals, docs/api.md).
    const detail = (await (await request.get(`/api/jimmys/serial/${measured}`)).json()) as {
      discoveries: { latitude: string | null; longitude: string | null }[];
    };
    const latest = detail.discoveries.find((d) => d.latitude !== null);
    expect([located?.latitude, located?.longitude]).toEqual([latest?.latitude, latest?.longitude]);
  });

  test("GET /api/hall-of-fame answers each record in the SPEC.md §3 shape, with photos that load", async ({ request }) => {
    const response = await request.get("/api/hall-of-fame");
    expect(response.status()).toBe(200);
    const body = HallOfFame.parse(await response.json());
    expect(body.mostDiscovered.value).toBe(body.mostDiscovered.discoveryCount);
    expect(body.mostCountries.countries).toHaveLength(body.mostCountries.value);
    expect(body.mostStates.states).toHaveLength(body.mostStates.value);
    expect(body.mostCities.cities).toHaveLength(body.mostCities.value);
    expect(body.longestDistance.value).toBeGreaterThanOrEqual(body.furthestJourney.value);
    const { latestDiscovery, discoveries } = body.longestDistance;
    expect(discoveries[discoveries.length - 1]).toEqual(latestDiscovery);
    const photo = await request.get(latestDiscovery.photoUrl);
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/webp");
  });
});
