import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../tests/support/test-db";
import { DEMO_DISCOVERED, DEMO_MINTED, seedDemoData } from "./seed";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
});

const counts = async () => {
  const count = async (table: "users" | "jimmys" | "discoveries" | "comments" | "likes") =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return {
    users: await count("users"),
    jimmys: await count("jimmys"),
    discoveries: await count("discoveries"),
    comments: await count("comments"),
    likes: await count("likes"),
  };
};

describe("the demo data", () => {
  it("describes a lively hunt", async () => {
    const report = await seedDemoData({ db: t.db, storage: t.storage });
    expect(report.jimmysMinted).toBe(DEMO_MINTED);
    const c = await counts();
    expect(c.jimmys).toBeGreaterThanOrEqual(60);
    expect(c.discoveries).toBeGreaterThanOrEqual(200);
    expect(c.discoveries).toBeLessThanOrEqual(300);
    expect(c.comments).toBeGreaterThan(0);
    expect(c.likes).toBeGreaterThan(0);

    const discovered = await t.db.selectFrom("jimmys").select("serial_number").where("discovery_count", ">", 0).execute();
    expect(discovered).toHaveLength(DEMO_DISCOVERED);

    const journeys = await t.db.selectFrom("jimmys").select("discovery_count").where("discovery_count", ">", 0).execute();
    expect(Math.min(...journeys.map((j) => j.discovery_count))).toBe(1);
    expect(Math.max(...journeys.map((j) => j.discovery_count))).toBe(20);

    const usCities = await t.db
      .selectFrom("discoveries")
      .select(["city", "region"])
      .distinct()
      .where("country", "=", "US")
      .execute();
    expect(usCities.length).toBeGreaterThanOrEqual(15);
    expect(new Set(usCities.map((c) => c.region)).size).toBeGreaterThanOrEqual(3);
    const countries = await t.db.selectFrom("discoveries").select("country").distinct().where("country", "!=", "US").execute();
    expect(countries.length).toBeGreaterThanOrEqual(4);

    const adminComments = await t.db.selectFrom("comments").select("id").where("is_admin", "=", 1).execute();
    const anonymous = await t.db.selectFrom("comments").select("id").where("author_name", "is", null).where("is_admin", "=", 0).execute();
    expect(adminComments.length).toBeGreaterThan(0);
    expect(anonymous.length).toBeGreaterThan(0);

    const withPictures = await t.db.selectFrom("users").select("id").where("profile_image_url", "is not", null).execute();
    expect(withPictures.length).toBeGreaterThan(0);
    expect(withPictures.length).toBeLessThan(c.users);

    // Exactly one first discovery per found Jimmy, and it is the earliest.
    const firsts = await t.db.selectFrom("discoveries").select(["jimmy_id", "created_at"]).where("is_first", "=", 1).execute();
    expect(firsts).toHaveLength(DEMO_DISCOVERED);

    // Each photo is stored with every size variant the pages use.
    const photo = await t.db.selectFrom("discoveries").select(["photo_key", "photo_variants"]).executeTakeFirstOrThrow();
    for (const width of photo.photo_variants.split(",")) {
      expect(await t.storage.head(`${photo.photo_key}/${width}.webp`)).toMatchObject({ contentType: "image/webp" });
    }

    // The denormalised figures agree with the discoveries.
    const mismatched = await t.db
      .selectFrom("jimmys")
      .select(["serial_number", "discovery_count"])
      .where((eb) =>
        eb(
          "discovery_count",
          "!=",
          eb.selectFrom("discoveries").select((d) => d.fn.countAll<number>().as("n")).whereRef("discoveries.jimmy_id", "=", "jimmys.id"),
        ),
      )
      .execute();
    expect(mismatched).toEqual([]);
    const commentMismatch = await t.db
      .selectFrom("jimmys")
      .select("serial_number")
      .where((eb) =>
        eb(
          "comment_count",
          "!=",
          eb.selectFrom("comments").select((c) => c.fn.countAll<number>().as("n")).whereRef("comments.jimmy_id", "=", "jimmys.id"),
        ),
      )
      .execute();
    expect(commentMismatch).toEqual([]);
    const likeMismatch = await t.db
      .selectFrom("discoveries")
      .select("id")
      .where((eb) =>
        eb(
          "like_count",
          "!=",
          eb.selectFrom("likes").select((l) => l.fn.countAll<number>().as("n")).whereRef("likes.discovery_id", "=", "discoveries.id"),
        ),
      )
      .execute();
    expect(likeMismatch).toEqual([]);
  });

  it("can be loaded twice without duplicating anything", async () => {
    const before = await counts();
    const report = await seedDemoData({ db: t.db, storage: t.storage });
    expect(report).toMatchObject({ jimmysMinted: 0, discoveries: 0, comments: 0, likes: 0 });
    expect(await counts()).toEqual(before);
  });
});
