import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDb, testDialect, type TestDb } from "../../tests/support/test-db";
import { migrateToLatest } from "~/infra/db.server";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe("migrations", () => {
  it("bring a fresh database to the full schema, and a second run changes nothing", async () => {
    const t = await createTestDb();
    cleanup = t.cleanup;
    const tables =
      testDialect === "sqlite"
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and name not like 'discovery_search_%' order by name`.execute(
            t.db,
          )
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name not like 'kysely_%' order by name`.execute(
            t.db,
          );
    expect(tables.rows.map((r) => r.name)).toEqual([
      "admin_audit_log",
      "comments",
      "data_exports",
      "discoveries",
      // SQLite's FTS5 table keeps its index in shadow tables (discovery_search_*), left out above.
      "discovery_search",
      "email_changes",
      "flags",
      "hunt_places",
      "hunt_totals",
      "hunter_activity",
      "hunter_figures",
      "idempotency_keys",
      "jimmy_journeys",
      "jimmy_milestones",
      "jimmy_places",
      "jimmys",
      "jobs",
      "likes",
      "missing_reports",
      "notifications",
      "rate_limits",
      "removed_discoveries",
      "sessions",
      "sign_in_codes",
      "sign_in_states",
      "temp_uploads",
      "used_scan_proofs",
      "users",
      "watches",
    ]);
    const again = await migrateToLatest(t.db);
    expect(again.results).toEqual([]);
  });

  it("enforce the rules the data depends on", async () => {
    const t = await createTestDb();
    cleanup = t.cleanup;
    const now = new Date().toISOString();
    const user = await t.db
      .insertInto("users")
      .values({ provider: "google", provider_subject: "1", first_name: "A", last_name: "B", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    // (provider, subject) identifies a user.
    await expect(
      t.db
        .insertInto("users")
        .values({ provider: "google", provider_subject: "1", first_name: "C", last_name: "D", created_at: now, updated_at: now })
        .execute(),
    ).rejects.toThrow(/UNIQUE/i);

    const jimmy = await t.db
      .insertInto("jimmys")
      .values({ serial_number: 7, name: "Jimmy #7", minted_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(t.db.insertInto("jimmys").values({ serial_number: 7, name: "again", minted_at: now }).execute()).rejects.toThrow(
      /UNIQUE/i,
    );
    await expect(
      t.db
        .insertInto("jimmys")
        .values({ serial_number: 8, name: "x", minted_at: now, status: "lost" as never })
        .execute(),
    ).rejects.toThrow(/CHECK/i);

    const discovery = (isFirst: number, latitude: number | null = null) =>
      t.db
        .insertInto("discoveries")
        .values({
          jimmy_id: jimmy.id,
          user_id: user.id,
          photo_key: "photos/x",
          photo_width: 100,
          photo_height: 100,
          photo_variants: "100",
          caption: "c",
          location: null,
          latitude,
          longitude: latitude === null ? null : 0,
          city: null,
          region: null,
          country: null,
          is_first: isFirst,
          created_at: now,
        })
        .execute();
    await discovery(1);
    // Only one first discovery per Jimmy.
    await expect(discovery(1)).rejects.toThrow(/UNIQUE/i);
    await discovery(0);
    await expect(discovery(0, 91)).rejects.toThrow(/CHECK/i);
    // A discovery must belong to an existing Jimmy.
    await expect(t.db.insertInto("likes").values({ discovery_id: 9999, user_id: user.id, created_at: now }).execute()).rejects.toThrow(
      /FOREIGN KEY/i,
    );
  });

  it("index every list a page shows", async () => {
    const t = await createTestDb();
    cleanup = t.cleanup;
    const plan = (query: string) => queryPlan(t, query);
    const usesIndex = (name: string) =>
      testDialect === "sqlite" ? new RegExp(`USING INDEX ${name}\\b`) : new RegExp(`Index (Only )?Scan (Backward )?using ${name}\\b`);
    expect(await plan("select * from discoveries order by created_at desc, id desc limit 10")).toMatch(usesIndex("discoveries_feed_idx"));
    expect(await plan("select * from discoveries where is_first = 0 order by created_at desc, id desc limit 10")).toMatch(
      usesIndex("discoveries_feed_by_first_idx"),
    );
    expect(await plan("select * from discoveries where jimmy_id = 1 order by created_at, id")).toMatch(
      usesIndex("discoveries_jimmy_timeline_idx"),
    );
    expect(await plan("select * from comments where jimmy_id = 1 order by created_at, id")).toMatch(usesIndex("comments_jimmy_idx"));
    // Each Hall of Fame record reads its holder from an index, never by scanning or sorting.
    for (const figure of [
      "discovery_count",
      "path_miles",
      "furthest_miles",
      "journey_days",
      "country_count",
      "state_count",
      "city_count",
    ]) {
      const query = `select jimmy_id from jimmy_journeys where ${figure} > 0 order by ${figure} desc, ${figure}_reached_at, jimmy_id limit 1`;
      const detail = await plan(query);
      expect(detail).toMatch(
        testDialect === "sqlite" ? new RegExp(`INDEX jimmy_journeys_${figure}_idx`) : usesIndex(`jimmy_journeys_${figure}_idx`),
      );
      expect(detail).not.toMatch(testDialect === "sqlite" ? /TEMP B-TREE/ : /Sort/);
    }
    // So does each hunter leaderboard's top ten, with the hunters' names.
    for (const figure of ["discovery_count", "first_discovery_count", "country_count"]) {
      const query = `select u.first_name from hunter_figures f join users u on u.id = f.user_id
        where f.${figure} > 0 order by f.${figure} desc, f.${figure}_reached_at, f.user_id limit 10`;
      const detail = await plan(query);
      expect(detail).toMatch(
        testDialect === "sqlite" ? new RegExp(`INDEX hunter_figures_${figure}_idx`) : usesIndex(`hunter_figures_${figure}_idx`),
      );
      expect(detail).not.toMatch(testDialect === "sqlite" ? /TEMP B-TREE/ : /Sort/);
    }
  });
});

/**
 * How the database would run `query`. On PostgreSQL, sequential and bitmap scans are
 * priced out first: in an almost empty test table a scan is always cheapest,
 * and the question here is whether an index can serve the query at all.
 */
async function queryPlan(t: TestDb, query: string): Promise<string> {
  if (testDialect === "sqlite") {
    return (await sql.raw<{ detail: string }>(`explain query plan ${query}`).execute(t.db)).rows.map((r) => r.detail).join(" | ");
  }
  return t.db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    await sql`set enable_bitmapscan = off`.execute(connection);
    try {
      const rows = (await sql.raw<{ "QUERY PLAN": string }>(`explain ${query}`).execute(connection)).rows;
      return rows.map((r) => r["QUERY PLAN"]).join(" | ");
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
      await sql`reset enable_bitmapscan`.execute(connection);
    }
  });
}
