import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../support/test-db";
import type { DB } from "~/infra/db.server";
import { JOURNEY_PHOTO_LIMIT, PAGE_JOURNEY_PHOTOS } from "~/lib/hall-of-fame";
import { hallOfFameResponse, getHallOfFame } from "~/models/hall-of-fame.server";
import { recordDiscovery } from "~/models/discoveries.server";
import { mintJimmys } from "~/models/jimmys.server";
import { upsertUserFromProvider } from "~/models/users.server";
import { loader } from "~/routes/hall-of-fame";

const globalForDb = globalThis as typeof globalThis & { __jimmyHuntDb?: DB };
const DAY = 86_400_000;
let t: TestDb;

beforeEach(async () => {
  t = await createTestDb();
  globalForDb.__jimmyHuntDb = t.db;
});
afterEach(async () => {
  delete globalForDb.__jimmyHuntDb;
  await t.cleanup();
});

/** Jimmy #1 found `count` times, a day apart, each time a degree further east. */
async function journeyOf(count: number) {
  const hunter = await upsertUserFromProvider(t.db, { provider: "test", subject: "1", firstName: "Maya", lastName: "R" });
  await mintJimmys(t.db, 1, 1);
  const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", 1).executeTakeFirstOrThrow();
  for (let day = 0; day < count; day++) {
    await recordDiscovery(t.db, {
      jimmyId: jimmy.id,
      userId: hunter.id,
      photo: { key: `discoveries/2025/01/stop${day}`, width: 1080, height: 720, variants: [320, 720, 1080] },
      caption: "Found!",
      location: `Stop ${day}`,
      latitude: 0,
      longitude: day,
      city: null,
      region: null,
      country: null,
      isFirst: day === 0,
      createdAt: new Date(Date.UTC(2025, 0, 1) + day * DAY).toISOString(),
    });
  }
}

/** The Most Discovered card as the page's loader gives it. */
async function mostDiscoveredCard() {
  const data = await loader({
    request: new Request("http://localhost/hall-of-fame"),
    params: {},
    context: { socketAddress: "203.0.113.9" },
  });
  return data.travelRecords.find((card) => card.key === "mostDiscovered")!.entry!;
}

describe("the Hall of Fame page's journey photos", () => {
  it("shows a long journey's latest photos and links to the whole of it, while the JSON API keeps its longer list", async () => {
    await journeyOf(PAGE_JOURNEY_PHOTOS + 6);
    const mostDiscovered = await mostDiscoveredCard();
    expect(mostDiscovered.journey).toHaveLength(PAGE_JOURNEY_PHOTOS);
    // The latest ones, oldest first: stops 6 to 29.
    expect(mostDiscovered.journey[0]!.location).toBe("Stop 6");
    expect(mostDiscovered.journey.at(-1)!.location).toBe(`Stop ${PAGE_JOURNEY_PHOTOS + 5}`);
    expect(mostDiscovered.journeyTitle).toBe(`Journey photos (the latest ${PAGE_JOURNEY_PHOTOS} of ${PAGE_JOURNEY_PHOTOS + 6})`);
    expect(mostDiscovered.wholeJourney).toBe(`The whole journey: ${PAGE_JOURNEY_PHOTOS + 6} discoveries`);

    const api = hallOfFameResponse(await getHallOfFame(t.db, (key) => `/media/${key}`));
    expect(api.mostDiscovered!.discoveries).toHaveLength(Math.min(PAGE_JOURNEY_PHOTOS + 6, JOURNEY_PHOTO_LIMIT + 1));
  });

  it("shows a short journey whole, with no link to more", async () => {
    await journeyOf(5);
    const mostDiscovered = await mostDiscoveredCard();
    expect(mostDiscovered.journey).toHaveLength(5);
    expect(mostDiscovered.journeyTitle).toBe("Journey photos");
    expect(mostDiscovered.wholeJourney).toBeNull();
  });
});
