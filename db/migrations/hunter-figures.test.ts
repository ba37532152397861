import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, expect, it } from "vitest";
import { createTestDb, testDialect, type TestDb } from "../../tests/support/test-db";
import { makeJimmy, makeUser } from "../../tests/support/fixtures";
import { migrations } from "./index";
import { migrateToLatest } from "~/infra/db.server";

let t: TestDb | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

it("2026-11-25T1100-hunter-figures counts the figures of hunters who found Jimmys before it, and goes back cleanly", async () => {
  t = await createTestDb();
  const { db } = t;
  const [ana, bo, idle] = [await makeUser(db), await makeUser(db), await makeUser(db)];
  const [j1, j2] = [await makeJimmy(db, 1), await makeJimmy(db, 2)];
  const schema = testDialect === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  const before = "2026-11-25T1000-missing-reports";
  const down = await migrator.migrateTo(before);
  expect(down.error).toBeUndefined();
  // Later migrations go back first; this one last.
  expect(down.results?.at(-1)?.migrationName).toBe("2026-11-25T1100-hunter-figures");

  const row = (jimmyId: number, userId: number, createdAt: string, fields: Record<string, unknown> = {}) => ({
    jimmy_id: jimmyId,
    user_id: userId,
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
  const austin = { city: "Austin", region: "TX", country: "US" };
  await db
    .insertInto("discoveries")
    .values([
      row(j1.id, ana.id, "2026-05-01T10:00:00.000Z", { ...austin, is_first: 1 }),
      row(j1.id, bo.id, "2026-05-02T10:00:00.000Z", { city: "Paris", country: "FR" }),
      row(j2.id, ana.id, "2026-05-03T10:00:00.000Z", { city: "Dallas", region: "TX", country: "US", is_first: 1 }),
      row(j1.id, ana.id, "2026-05-04T10:00:00.000Z", { city: "Lyon", country: "FR" }),
      row(j2.id, bo.id, "2026-05-05T10:00:00.000Z", { location: "under a bench" }),
    ])
    .execute();

  await migrateToLatest(db);
  const figures = await db.selectFrom("hunter_figures").selectAll().orderBy("user_id").execute();
  expect(
    figures.map((f) =>
      Object.fromEntries(Object.entries(f).map(([k, v]) => [k, typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v])),
    ),
  ).toEqual([
    {
      user_id: ana.id,
      discovery_count: 3,
      discovery_count_reached_at: "2026-05-04T10:00:00.000Z",
      first_discovery_count: 2,
      first_discovery_count_reached_at: "2026-05-03T10:00:00.000Z",
      // The US from May 1st (Dallas is no new country), France from May 4th.
      country_count: 2,
      country_count_reached_at: "2026-05-04T10:00:00.000Z",
    },
    {
      user_id: bo.id,
      discovery_count: 2,
      discovery_count_reached_at: "2026-05-05T10:00:00.000Z",
      // None: dated by Bo's first discovery.
      first_discovery_count: 0,
      first_discovery_count_reached_at: "2026-05-02T10:00:00.000Z",
      country_count: 1,
      country_count_reached_at: "2026-05-02T10:00:00.000Z",
    },
  ]);
  expect(figures.some((f) => f.user_id === idle.id)).toBe(false);

  const again = await migrator.migrateTo(before);
  expect(again.error).toBeUndefined();
  const tables =
    testDialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'hunter_figures'`.execute(db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name = 'hunter_figures'`.execute(
          db,
        );
  expect(tables.rows).toEqual([]);
  await migrateToLatest(db);
});
