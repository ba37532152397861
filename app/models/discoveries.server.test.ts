import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { decodeCursor } from "~/lib/discoveries";
import { countDiscoveries, listDiscoveries } from "./discoveries.server";
import { findJimmyById } from "./jimmys.server";
import { photoUrls } from "~/infra/storage.server";

const t = testDbPerTest();

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

async function seedFeed(count: number) {
  const user = await makeUser(t.db);
  const jimmy = await makeJimmy(t.db, 1);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: at(i), isFirst: i === 0 })).id);
  }
  return { user, jimmy, ids };
}

async function readAll(includeFirst: boolean) {
  const seen: number[] = [];
  let after = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = await listDiscoveries(t.db, photoUrls(), { includeFirst, after });
    seen.push(...page.discoveries.map((d) => d.id));
    if (!page.nextCursor) break;
    after = decodeCursor(page.nextCursor);
  }
  return seen;
}

describe("the feed", () => {
  it("pages through every discovery newest first, ten at a time, and knows where it ends", async () => {
    const { ids } = await seedFeed(25);
    const first = await listDiscoveries(t.db, photoUrls(), { includeFirst: true });
    expect(first.discoveries).toHaveLength(10);
    expect(first.nextCursor).not.toBeNull();
    expect(await readAll(true)).toEqual([...ids].reverse());
  });

  it("leaves out first discoveries unless asked for them", async () => {
    const { ids } = await seedFeed(12);
    expect(await readAll(false)).toEqual([...ids].slice(1).reverse());
    const page = await listDiscoveries(t.db, photoUrls(), { includeFirst: false });
    expect(page.discoveries.every((d) => !d.isFirst)).toBe(true);
  });

  it("ends exactly on a full last page (no empty page after it)", async () => {
    await seedFeed(20);
    const first = await listDiscoveries(t.db, photoUrls(), { includeFirst: true });
    const second = await listDiscoveries(t.db, photoUrls(), { includeFirst: true, after: decodeCursor(first.nextCursor!) });
    expect(second.discoveries).toHaveLength(10);
    expect(second.nextCursor).toBeNull();
  });

  it("stays correct while new discoveries arrive between pages: no duplicates, no gaps", async () => {
    const { ids, user, jimmy } = await seedFeed(30);
    const first = await listDiscoveries(t.db, photoUrls(), { includeFirst: true });
    // Five hunters report while the first page is on screen.
    for (let i = 0; i < 5; i++) await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: at(100 + i) });
    const seen = first.discoveries.map((d) => d.id);
    let after = decodeCursor(first.nextCursor!);
    while (after) {
      const page = await listDiscoveries(t.db, photoUrls(), { includeFirst: true, after });
      seen.push(...page.discoveries.map((d) => d.id));
      after = page.nextCursor ? decodeCursor(page.nextCursor) : null;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it("orders discoveries made in the same millisecond by id, without skipping any", async () => {
    const user = await makeUser(t.db);
    const jimmy = await makeJimmy(t.db, 2);
    const ids: number[] = [];
    for (let i = 0; i < 15; i++) ids.push((await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: user.id, createdAt: at(5) })).id);
    expect(await readAll(true)).toEqual([...ids].reverse());
  });

  it("tells each viewer whether they liked a discovery, and carries the card's figures", async () => {
    const { ids, jimmy } = await seedFeed(2);
    const fan = await makeUser(t.db, "Fan", "One");
    await t.db
      .insertInto("likes")
      .values({ discovery_id: ids[1]!, user_id: fan.id, created_at: at(50) })
      .execute();
    await t.db.updateTable("discoveries").set({ like_count: 1 }).where("id", "=", ids[1]!).execute();
    await t.db.updateTable("jimmys").set({ comment_count: 4 }).where("id", "=", jimmy.id).execute();

    const forFan = await listDiscoveries(t.db, photoUrls(), { includeFirst: true, viewerId: fan.id });
    expect(forFan.discoveries[0]).toMatchObject({
      id: ids[1],
      likeCount: 1,
      isLikedByUser: true,
      jimmyCommentCount: 4,
      jimmy: { serialNumber: 1 },
    });
    const forVisitor = await listDiscoveries(t.db, photoUrls(), { includeFirst: true });
    expect(forVisitor.discoveries[0]!.isLikedByUser).toBe(false);
    expect(forVisitor.discoveries[0]!.photo.srcSet).toMatch(/320w.*720w.*1200w/);
  });

  it("counts every discovery", async () => {
    await seedFeed(7);
    expect(await countDiscoveries(t.db)).toBe(7);
  });
});

describe("recording discoveries", () => {
  it("counts every one of many simultaneous discoveries of the same Jimmy in its figures", async () => {
    const jimmy = await makeJimmy(t.db, 3);
    const hunters = await Promise.all(Array.from({ length: 12 }, () => makeUser(t.db)));
    await Promise.all(
      hunters.map((hunter, i) => makeDiscovery(t.db, { jimmyId: jimmy.id, userId: hunter.id, createdAt: at(i), location: `Place ${i}` })),
    );
    const after = await findJimmyById(t.db, jimmy.id);
    expect(after?.discovery_count).toBe(12);
    expect(after?.first_discovery_at).toBe(at(0));
    expect(after?.last_discovery_at).toBe(at(11));
    const journey = await t.db
      .selectFrom("jimmy_journeys")
      .select("discovery_count")
      .where("jimmy_id", "=", jimmy.id)
      .executeTakeFirstOrThrow();
    expect(journey.discovery_count).toBe(12);
  });
});
