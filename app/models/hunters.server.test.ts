import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { greatCircleMiles } from "~/lib/distance";
import { roundMiles } from "~/lib/journey";
import { listDiscoveries } from "./discoveries.server";
import { getHunterProfile } from "./hunters.server";

const t = testDbPerTest();

const AUSTIN = { latitude: 30.2672, longitude: -97.7431, city: "Austin", region: "TX", country: "US" };
const DALLAS = { latitude: 32.7767, longitude: -96.797, city: "Dallas", region: "TX", country: "US" };
const PARIS = { latitude: 48.8566, longitude: 2.3522, city: "Paris", region: null, country: "FR" };
const LONDON = { latitude: 51.5074, longitude: -0.1278, city: "London", region: null, country: "GB" };
const PORTLAND_ME = { latitude: 43.6591, longitude: -70.2568, city: "Portland", region: "ME", country: "US" };
const PORTLAND_OR = { latitude: 45.5152, longitude: -122.6784, city: "Portland", region: "OR", country: "US" };

describe("a hunter's profile", () => {
  it("counts what their finds add up to: Jimmys, first finds, places, and the miles their finds moved the Jimmys", async () => {
    const ada = await makeUser(t.db, "Ada", "Lovelace");
    const bob = await makeUser(t.db, "Bob", "Builder");
    const [one, two, three] = [await makeJimmy(t.db, 1), await makeJimmy(t.db, 2), await makeJimmy(t.db, 3)];
    // Jimmy 1: Ada finds it first in Austin, Bob takes it to Dallas, Ada to Paris.
    await makeDiscovery(t.db, { jimmyId: one.id, userId: ada.id, isFirst: true, createdAt: "2026-01-01T10:00:00.000Z", ...AUSTIN });
    await makeDiscovery(t.db, { jimmyId: one.id, userId: bob.id, isFirst: false, createdAt: "2026-02-01T10:00:00.000Z", ...DALLAS });
    await makeDiscovery(t.db, { jimmyId: one.id, userId: ada.id, isFirst: false, createdAt: "2026-03-01T10:00:00.000Z", ...PARIS });
    // Jimmy 2: Bob first in London, Ada again in London (typed, guessed): it did not move.
    await makeDiscovery(t.db, { jimmyId: two.id, userId: bob.id, isFirst: true, createdAt: "2026-01-05T10:00:00.000Z", ...LONDON });
    await makeDiscovery(t.db, {
      jimmyId: two.id,
      userId: ada.id,
      createdAt: "2026-01-06T10:00:00.000Z",
      ...LONDON,
      latitude: 51.5,
      longitude: -0.12,
      locationApproximate: true,
    });
    // Jimmy 3: Ada first in Portland, Maine, then in Portland, Oregon: two cities of one name.
    await makeDiscovery(t.db, { jimmyId: three.id, userId: ada.id, isFirst: true, createdAt: "2026-04-01T10:00:00.000Z", ...PORTLAND_ME });
    await makeDiscovery(t.db, { jimmyId: three.id, userId: ada.id, createdAt: "2026-04-02T10:00:00.000Z", ...PORTLAND_OR });

    const profile = await getHunterProfile(t.db, ada.id);
    expect(profile).toMatchObject({ id: ada.id, firstName: "Ada", lastName: "Lovelace" });
    expect(profile!.figures).toEqual({
      discoveries: 5,
      jimmys: 3,
      firstFinds: 2,
      countries: 3, // US, FR, GB
      states: 3, // TX, ME, OR
      cities: 5, // Austin, Paris, London, Portland ME, Portland OR
      miles: roundMiles(greatCircleMiles(DALLAS, PARIS) + greatCircleMiles(PORTLAND_ME, PORTLAND_OR)),
    });
    expect((await getHunterProfile(t.db, bob.id))!.figures).toMatchObject({
      discoveries: 2,
      jimmys: 2,
      firstFinds: 1,
      miles: roundMiles(greatCircleMiles(AUSTIN, DALLAS)),
    });

    // Their list holds theirs only, newest first.
    const page = await listDiscoveries(t.db, (key) => `/media/${key}`, { includeFirst: true, hunterId: bob.id });
    expect(page.discoveries.map((d) => [d.user.id, d.city])).toEqual([
      [bob.id, "Dallas"],
      [bob.id, "London"],
    ]);
  });

  it("is null for a hunter who does not exist, and all zeros for one who found nothing yet", async () => {
    expect(await getHunterProfile(t.db, 999_999)).toBeNull();
    const newcomer = await makeUser(t.db, "New", "Comer");
    expect((await getHunterProfile(t.db, newcomer.id))!.figures).toEqual({
      discoveries: 0,
      jimmys: 0,
      firstFinds: 0,
      countries: 0,
      states: 0,
      cities: 0,
      miles: 0,
    });
  });
});
