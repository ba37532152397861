import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, expect, it } from "vitest";
import { createTestDb, testDialect, type TestDb } from "../../tests/support/test-db";
import { makeJimmy, makeUser } from "../../tests/support/fixtures";
import type { NotificationKind } from "#db/schema";
import { migrations } from "./index";

let t: TestDb | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

it("2026-11-25T1300-watching-and-email makes every finder a watcher, keeps every notification, and goes back cleanly", async () => {
  t = await createTestDb();
  const { db } = t;
  const [ana, bo] = [await makeUser(db), await makeUser(db)];
  const jimmy = await makeJimmy(db, 71);
  const schema = testDialect === "postgres" ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  const down = await migrator.migrateTo("2026-11-25T1200-milestones");
  expect(down.error).toBeUndefined();

  // Ana found the Jimmy twice and Bo once, before watching existed.
  const discovery = (userId: number, createdAt: string) =>
    sql`insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, is_first, created_at)
        values (${jimmy.id}, ${userId}, ${`k/${createdAt}`}, 10, 10, '10', 'x', 0, ${createdAt})`.execute(db);
  await discovery(ana.id, "2026-01-01T00:00:00.000Z");
  await discovery(ana.id, "2026-01-03T00:00:00.000Z");
  await discovery(bo.id, "2026-01-02T00:00:00.000Z");
  await sql`insert into notifications (user_id, kind, actor_user_id, jimmy_id, created_at, read_at)
    values (${ana.id}, 'rediscovery', ${bo.id}, ${jimmy.id}, '2026-01-02T00:00:00.000Z', null)`.execute(db);
  const kept = await sql<Record<string, unknown>>`select * from notifications order by id`.execute(db);

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const watches = await db.selectFrom("watches").select(["user_id", "jimmy_id", "watching", "created_at"]).orderBy("user_id").execute();
  expect(watches).toEqual([
    { user_id: ana.id, jimmy_id: jimmy.id, watching: 1, created_at: "2026-01-01T00:00:00.000Z" },
    { user_id: bo.id, jimmy_id: jimmy.id, watching: 1, created_at: "2026-01-02T00:00:00.000Z" },
  ]);
  const now = await db.selectFrom("notifications").selectAll().orderBy("id").execute();
  expect(now).toEqual(kept.rows.map((row) => ({ ...row, emailed_at: null })));
  // Everyone starts with email off and watching their finds.
  const users = await db.selectFrom("users").select(["email_frequency", "watch_finds", "email_chosen"]).execute();
  expect(users.every((u) => u.email_frequency === "off" && u.watch_finds === 1 && u.email_chosen === 0)).toBe(true);
  await db
    .insertInto("notifications")
    .values({ user_id: ana.id, kind: "missing", jimmy_id: jimmy.id, created_at: "2026-01-04T00:00:00.000Z" })
    .execute();
  await expect(
    db
      .insertInto("notifications")
      .values({ user_id: ana.id, kind: "nonsense" as NotificationKind, created_at: "2026-01-04T00:00:00.000Z" })
      .execute(),
  ).rejects.toThrow();
  await expect(
    db
      .updateTable("users")
      .set({ email_frequency: "weekly" as never })
      .where("id", "=", ana.id)
      .execute(),
  ).rejects.toThrow();

  const back = await migrator.migrateTo("2026-11-25T1200-milestones");
  expect(back.error).toBeUndefined();
  expect((await sql<Record<string, unknown>>`select * from notifications order by id`.execute(db)).rows).toEqual(kept.rows);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
