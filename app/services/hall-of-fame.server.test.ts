import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { openPostgres, openSqlite, type DB } from "~/infra/db.server";
import { recountDerivedFigures } from "~/models/derived-figures.server";
import { deleteDiscovery, updateDiscoveryText } from "~/models/discoveries.server";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { testDbPerTest, testDialect } from "../../tests/support/test-db";
import { currentHallOfFame } from "./hall-of-fame.server";
import { moderateReplaceImage } from "./moderation.server";

const t = testDbPerTest();
let hunter: { id: number };
let jimmys: { id: number }[];

beforeEach(async () => {
  hunter = await makeUser(t.db, "Maya", "Rivera");
  jimmys = [await makeJimmy(t.db, 1), await makeJimmy(t.db, 2)];
});

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
const equator = (longitude: number) => ({ latitude: 0, longitude });
const find = (jimmy: number, n: number, longitude: number, place: { location?: string; city?: string; country?: string } = {}) =>
  makeDiscovery(t.db, { jimmyId: jimmys[jimmy - 1]!.id, userId: hunter.id, createdAt: day(n), ...equator(longitude), ...place });

/** Who holds the longest distance, and where its latest discovery was, as the page and the API show them. */
async function longestDistance(db: DB = t.db) {
  const entry = (await currentHallOfFame(db, t.storage)).longestDistance;
  return entry && { serial: entry.record.jimmySerialNumber, latest: entry.record.latestDiscovery };
}

describe("the Hall of Fame as pages read it", () => {
  it("is read once while nothing changes, and is frozen for every reader that shares it", async () => {
    await find(1, 0, 0);
    await find(1, 1, 2);
    const first = await currentHallOfFame(t.db, t.storage);
    expect(await currentHallOfFame(t.db, t.storage)).toBe(first);
    expect(Object.isFrozen(first.longestDistance!.journey[0]!.photo)).toBe(true);
    expect(() => {
      (first.longestDistance!.journey as unknown[]).pop();
    }).toThrow(TypeError);
  });

  it("shows a new discovery, a changed place, a removed discovery and a replaced photo at once", async () => {
    await find(1, 0, 0);
    const far = await find(1, 1, 2, { location: "Somewhere at sea" });
    await find(2, 0, 0);
    await find(2, 1, 1);
    expect(await longestDistance()).toMatchObject({ serial: 1, latest: { location: "Somewhere at sea" } });

    // A new discovery takes the record to another Jimmy.
    await find(2, 2, 4);
    expect(await longestDistance()).toMatchObject({ serial: 2 });

    // Its holder's latest discovery renamed by its hunter.
    const latest = await t.db
      .selectFrom("discoveries")
      .select("id")
      .where("jimmy_id", "=", jimmys[1]!.id)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const place = { latitude: 0, longitude: 4, approximate: false, city: "Libreville", region: null, country: "GA" };
    await updateDiscoveryText(t.db, latest.id, { caption: "Still here", location: "Libreville harbour", place });
    expect(await longestDistance()).toMatchObject({ serial: 2, latest: { location: "Libreville harbour" } });

    // Removed again: Jimmy #1 holds it once more.
    await deleteDiscovery(t.db, latest.id);
    expect(await longestDistance()).toMatchObject({ serial: 1, latest: { location: "Somewhere at sea" } });

    // An admin replaces the holder's latest photo: the record shows the new one.
    const before = (await longestDistance())!.latest.photoUrl;
    expect(
      await moderateReplaceImage(t.db, t.storage, { id: far.id, bytes: fs.readFileSync(ROTATED_GPS_JPEG), clientAddress: "127.0.0.1" }),
    ).toBe(true);
    const after = (await longestDistance())!.latest.photoUrl;
    expect(after).not.toBe(before);
    const photo = await t.db.selectFrom("discoveries").select("photo_key").where("id", "=", far.id).executeTakeFirstOrThrow();
    expect(after).toContain(photo.photo_key);
  });

  it("is read again after the figures are counted from scratch (a bulk load with plain SQL)", async () => {
    await find(1, 0, 0);
    await find(1, 1, 2);
    expect(await longestDistance()).toMatchObject({ serial: 1 });
    await t.db.deleteFrom("discoveries").execute();
    await recountDerivedFigures(t.db);
    expect(await longestDistance()).toBeNull();
  });

  it("is read again by every process when another one writes", async () => {
    const other: DB = testDialect === "postgres" ? openPostgres(t.url) : openSqlite(t.url.replace(/^file:/, ""));
    try {
      await find(1, 0, 0);
      await find(1, 1, 2);
      expect(await longestDistance(other)).toMatchObject({ serial: 1 });
      await find(2, 0, 0);
      await find(2, 1, 5);
      expect(await longestDistance(other)).toMatchObject({ serial: 2 });
    } finally {
      await other.destroy();
    }
  });
});
