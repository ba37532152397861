import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, expect, it } from "vitest";
import { createTestDb, testDialect, type TestDb } from "../../tests/support/test-db";
import { makeUser } from "../../tests/support/fixtures";
import { migrations } from "./index";
import { migrateToLatest } from "~/infra/db.server";

let t: TestDb | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

it("2026-11-28T0310-data-export-limits keeps each hunter's newest pending archive of those the old check let through, and goes back cleanly", async () => {
  t = await createTestDb();
  const { db } = t;
  const [ana, bo] = [await makeUser(db), await makeUser(db)];
  const schema = testDialect === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  const down = await migrator.migrateTo("2026-11-27T1800-discoveries-version");
  expect(down.error).toBeUndefined();
  expect(down.results?.at(-1)?.migrationName).toBe("2026-11-28T0310-data-export-limits");

  const pending = (userId: number) => ({
    user_id: userId,
    requested_by: "hunter" as const,
    status: "pending" as const,
    created_at: "2026-11-01T10:00:00.000Z",
  });
  await db
    .insertInto("data_exports")
    .values([pending(ana.id), pending(ana.id), pending(ana.id), pending(bo.id)])
    .execute();

  expect((await migrateToLatest(db)).error).toBeUndefined();
  const rows = await db.selectFrom("data_exports").select(["id", "user_id", "status"]).orderBy("id").execute();
  expect(rows.map((r) => [r.user_id, r.status])).toEqual([
    [ana.id, "failed"],
    [ana.id, "failed"],
    [ana.id, "pending"],
    [bo.id, "pending"],
  ]);
  await expect(db.insertInto("data_exports").values(pending(bo.id)).execute()).rejects.toThrow();
});
