import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, expect, it } from "vitest";
import { createTestDb, testDialect, type TestDb } from "../../tests/support/test-db";
import { makeUser } from "../../tests/support/fixtures";
import type { NotificationKind } from "#db/schema";
import { migrations } from "./index";
import { migrateToLatest } from "~/infra/db.server";

let t: TestDb | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

it("2026-11-25T1200-milestones keeps every notification while it widens their kinds, and goes back cleanly", async () => {
  t = await createTestDb();
  const { db } = t;
  const [ana, bo] = [await makeUser(db), await makeUser(db)];
  const schema = testDialect === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  const before = "2026-11-25T1100-hunter-figures";
  const down = await migrator.migrateTo(before);
  expect(down.error).toBeUndefined();
  expect(down.results?.at(-1)?.migrationName).toBe("2026-11-25T1200-milestones");

  const note = (userId: number, kind: string, readAt: string | null) => ({
    user_id: userId,
    // Any text: the check, not the type, is what is tested.
    kind: kind as NotificationKind,
    actor_user_id: userId === ana.id ? bo.id : ana.id,
    actor_name: null,
    created_at: "2026-01-01T12:00:00.000Z",
    read_at: readAt,
  });
  await db
    .insertInto("notifications")
    .values([note(ana.id, "like", null), note(bo.id, "rediscovery", "2026-01-02T00:00:00.000Z")])
    .execute();
  const kept = await db.selectFrom("notifications").selectAll().orderBy("id").execute();
  await expect(
    db
      .insertInto("notifications")
      .values(note(ana.id, "milestone", null))
      .execute(),
  ).rejects.toThrow();

  expect((await migrator.migrateTo("2026-11-25T1200-milestones")).error).toBeUndefined();
  expect(await db.selectFrom("notifications").selectAll().orderBy("id").execute()).toEqual(kept);
  await db
    .insertInto("notifications")
    .values(note(ana.id, "milestone", null))
    .execute();
  await expect(
    db
      .insertInto("notifications")
      .values(note(ana.id, "nonsense", null))
      .execute(),
  ).rejects.toThrow();
  // New rows continue the ids; a hunter who leaves takes their notifications (the rebuilt table keeps its references).
  const ids = (await db.selectFrom("notifications").select("id").orderBy("id").execute()).map((r) => r.id);
  expect(ids[2]).toBeGreaterThan(ids[1]!);
  await db.deleteFrom("users").where("id", "=", bo.id).execute();
  expect((await db.selectFrom("notifications").select("user_id").execute()).every((r) => r.user_id === ana.id)).toBe(true);

  const again = await migrator.migrateTo(before);
  expect(again.error).toBeUndefined();
  expect((await db.selectFrom("notifications").select("kind").execute()).map((r) => r.kind)).toEqual(["like"]);
  await expect(
    db
      .insertInto("notifications")
      .values(note(ana.id, "milestone", null))
      .execute(),
  ).rejects.toThrow();
  await migrateToLatest(db);
});
