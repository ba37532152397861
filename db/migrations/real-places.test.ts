import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, expect, it } from "vitest";
import { createTestDb, testDialect, type TestDb } from "../../tests/support/test-db";
import { makeJimmy, makeUser } from "../../tests/support/fixtures";
import { migrations } from "./index";
import { getHuntStats } from "~/models/stats.server";
import { listJimmyLocations } from "~/models/jimmys.server";
import { migrateToLatest } from "~/infra/db.server";

let t: TestDb | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

it("2026-11-24T0650-real-places counts existing places again without junk text, and dates each Jimmy's position by its own discovery", async () => {
  t = await createTestDb();
  const { db } = t;
  const user = await makeUser(db);
  const jimmy = await makeJimmy(db, 7);
  const schema = testDialect === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  // Back to just before it (undoing the later ones too, which bring the old triggers back).
  const beforeRealPlaces = "2026-11-24T0640-content-flags";
  const down = await migrator.migrateTo(beforeRealPlaces);
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toContain("2026-11-24T0650-real-places");

  // Written under the old triggers: a GPS discovery in Austin, then one typed as "x", and one typed "near the lake".
  const row = (createdAt: string, fields: Record<string, unknown>) => ({
    jimmy_id: jimmy.id,
    user_id: user.id,
    photo_key: `discoveries/test/${createdAt}`,
    photo_width: 800,
    photo_height: 600,
    photo_variants: "320",
    caption: "Found him!",
    location: null,
    latitude: null,
    longitude: null,
    city: null,
    region: null,
    country: null,
    is_first: 0,
    created_at: createdAt,
    ...fields,
  });
  await db
    .insertInto("discoveries")
    .values([
      row("2026-05-01T10:00:00.000Z", { latitude: 30.2672, longitude: -97.7431, city: "Austin", region: "TX", country: "US", is_first: 1 }),
      row("2026-05-02T10:00:00.000Z", { location: "x" }),
      row("2026-05-03T10:00:00.000Z", { location: "near the lake" }),
    ])
    .execute();
  await sql`update jimmys set discovery_count = 3, status = 'discovered', latitude = 30.2672, longitude = -97.7431, location = 'Austin, TX',
    first_discovery_at = '2026-05-01T10:00:00.000Z', last_discovery_at = '2026-05-03T10:00:00.000Z' where id = ${jimmy.id}`.execute(db);
  expect((await getHuntStats(db)).activeLocations).toBe(3);

  await migrateToLatest(db);
  expect((await getHuntStats(db)).activeLocations).toBe(1);
  const [located] = (await listJimmyLocations(db)).discovered;
  expect(located).toMatchObject({
    location: "Austin, TX",
    lastDiscoveryDate: "2026-05-03T10:00:00.000Z",
    locatedAt: "2026-05-01T10:00:00.000Z",
  });
  expect(located?.locationApproximate).toBe(false);

  // And back: the old count (typed text included) returns.
  await migrator.migrateTo(beforeRealPlaces);
  expect((await getHuntStats(db)).activeLocations).toBe(3);
  await migrateToLatest(db);
});
