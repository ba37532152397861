import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, expect, it } from "vitest";
import { createTestDb, testDialect, type TestDb } from "../../tests/support/test-db";
import { makeJimmy, makeUser } from "../../tests/support/fixtures";
import { migrations } from "./index";
import { migrateToLatest } from "~/infra/db.server";
import { photoUrls } from "~/infra/storage.server";
import { searchDiscoveries } from "~/models/search.server";

let t: TestDb | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

it("2026-11-26T0100-discovery-search indexes the discoveries made before it, and goes back cleanly", async () => {
  t = await createTestDb();
  const { db } = t;
  const [ana, jimmy] = [await makeUser(db, "Zoë", "Ångström"), await makeJimmy(db, 3)];
  const schema = testDialect === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  const before = "2026-11-25T1400-removed-discoveries";
  const down = await migrator.migrateTo(before);
  expect(down.error).toBeUndefined();
  expect(down.results?.at(-1)?.migrationName).toBe("2026-11-26T0100-discovery-search");

  const row = (createdAt: string, fields: Record<string, unknown>) => ({
    jimmy_id: jimmy.id,
    user_id: ana.id,
    photo_key: `discoveries/test/${createdAt.slice(0, 10)}`,
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
  const [lyon, bench] = await db
    .insertInto("discoveries")
    .values([
      row("2026-05-01T10:00:00.000Z", { city: "Lyon", country: "FR", is_first: 1 }),
      row("2026-05-02T10:00:00.000Z", { location: "under a bench", caption: "Hiding" }),
    ])
    .returning("id")
    .execute();

  await migrateToLatest(db);
  const found = async (query: string) => (await searchDiscoveries(db, photoUrls(), query)).discoveries.map((d) => d.id);
  expect(await found("lyon")).toEqual([lyon!.id]);
  expect(await found("bench hiding")).toEqual([bench!.id]);
  expect(await found("zoe angstrom")).toEqual([bench!.id, lyon!.id]);

  const again = await migrator.migrateTo(before);
  expect(again.error).toBeUndefined();
  const leftovers =
    testDialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where name like 'discovery_search%'`.execute(db)
      : await sql<{ name: string }>`select proname as name from pg_proc where pronamespace = current_schema()::regnamespace
            and proname in ('search_fold', 'discovery_search_discovery', 'discovery_search_hunter')
          union all select table_name from information_schema.tables where table_schema = current_schema() and table_name = 'discovery_search'`.execute(
          db,
        );
  expect(leftovers.rows).toEqual([]);
  // The discoveries still take writes without the index.
  await db.updateTable("discoveries").set({ caption: "Still here" }).where("id", "=", lyon!.id).execute();
  await migrateToLatest(db);
  expect(await found("still here")).toEqual([lyon!.id]);
});
