import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../../tests/support/test-db";
import { DEMO_DISCOVERED, DEMO_MINTED, describeSeedReport, seedDemoData } from "./seed";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
});

const counts = async () => {
  const count = async (table: "users" | "jimmys" | "discoveries" | "comments" | "likes") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count("users"),
    jimmys: await count("jimmys"),
    discoveries: await count("discoveries"),
    comments: await count("comments"),
    likes: await count("likes"),
  };
};

describe("the seed's closing line", () => {
  it("puts each count's noun in the right number", () => {
    expect(describeSeedReport({ users: 1, jimmysMinted: 1, discoveries: 1, comments: 1, likes: 1 })).toBe(
      "1 hunter, 1 new Jimmy, 1 new discovery, 1 new comment, 1 new like",
    );
    expect(describeSeedReport({ users: 32, jimmysMinted: 0, discoveries: 245, comments: 1_126, likes: 2 })).toBe(
      "32 hunters, 0 new Jimmys, 245 new discoveries, 1,126 new comments, 2 new likes",
    );
  });
});

// Loading the whole demo hunt (about 250 photos rendered, geography derived)
// takes close to a minute on a busy two-core machine.
describe("the demo data", { timeout: 180_000 }, () => {
  it("describes a lively hunt", async () => {
    const lines: string[] = [];
    const report = await seedDemoData({ db: t.db, storage: t.storage, log: (line) => lines.push(line) });
    expect(report.jimmysMinted).toBe(DEMO_MINTED);
    // A Jimmy found once is "1 discovery", not "1 discoveries".
    expect(lines.filter((line) => /: 1 discoveries$/.test(line))).toEqual([]);
    expect(lines.some((line) => /: 1 discovery$/.test(line))).toBe(true);
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

    const usCities = await t.db.selectFrom("discoveries").select(["city", "region"]).distinct().where("country", "=", "US").execute();
    expect(usCities.length).toBeGreaterThanOrEqual(15);
    expect(new Set(usCities.map((c) => c.region)).size).toBeGreaterThanOrEqual(3);
    const countries = await t.db.selectFrom("discoveries").select("country").distinct().where("country", "!=", "US").execute();
    expect(countries.length).toBeGreaterThanOrEqual(4);

    // Geography comes from the coordinates, and agrees with what the hunter typed.
    const located = await t.db
      .selectFrom("discoveries")
      .select(["location", "latitude", "location_approximate", "city", "region", "country"])
      .execute();
    const measured = located.filter((d) => d.latitude !== null && d.location_approximate === 0);
    expect(measured.length).toBeGreaterThan(200);
    expect(measured.filter((d) => d.country === null || d.city === null)).toEqual([]);
    const typedOnly = located.filter((d) => d.location_approximate === 1);
    expect(typedOnly.length).toBeGreaterThan(0);
    expect(typedOnly.filter((d) => d.latitude === null || d.city === null || d.location === null)).toEqual([]);
    expect(located.filter((d) => d.location !== null && /, [A-Z]{2}$/.test(d.location) && d.country !== "US")).toEqual([]);
    expect(located.filter((d) => d.country === "US" && d.region === null)).toEqual([]);
    const austin = located.filter((d) => d.location === "Austin, TX" && d.latitude !== null);
    expect(austin.length).toBeGreaterThan(10);
    expect(austin.every((d) => d.city === "Austin" && d.region === "TX")).toBe(true);

    // Every discovered Jimmy has its Hall of Fame figures, and they agree with its discoveries.
    const figures = await t.db
      .selectFrom("jimmy_journeys")
      .innerJoin("jimmys", "jimmys.id", "jimmy_journeys.jimmy_id")
      .select(["jimmy_journeys.discovery_count as figure", "jimmys.discovery_count as count", "jimmy_journeys.path_miles"])
      .execute();
    expect(figures).toHaveLength(DEMO_DISCOVERED);
    expect(figures.filter((j) => j.figure !== j.count)).toEqual([]);
    expect(Math.max(...figures.map((j) => j.path_miles))).toBeGreaterThan(1000);

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
          eb
            .selectFrom("discoveries")
            .select((d) => d.fn.countAll<number>().as("n"))
            .whereRef("discoveries.jimmy_id", "=", "jimmys.id"),
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
          eb
            .selectFrom("comments")
            .select((c) => c.fn.countAll<number>().as("n"))
            .whereRef("comments.jimmy_id", "=", "jimmys.id"),
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
          eb
            .selectFrom("likes")
            .select((l) => l.fn.countAll<number>().as("n"))
            .whereRef("likes.discovery_id", "=", "discoveries.id"),
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
