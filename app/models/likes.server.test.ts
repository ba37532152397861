import { describe, expect, it } from "vitest";
import { makeFoundJimmy, makeUser } from "../../tests/support/fixtures";
import { testDbPerTest } from "../../tests/support/test-db";
import { setLike, toggleLike } from "./likes.server";
import { countUnreadNotifications } from "./notifications.server";

const t = testDbPerTest();

async function scene() {
  const finder = await makeUser(t.db, "Finn");
  const fan = await makeUser(t.db, "Fran");
  const { jimmy, discovery } = await makeFoundJimmy(t.db, { serial: 7, finderId: finder.id });
  return { finder, fan, jimmy, discoveryId: discovery.id };
}

async function likeCount(discoveryId: number) {
  const row = await t.db.selectFrom("discoveries").select("like_count").where("id", "=", discoveryId).executeTakeFirstOrThrow();
  const rows = await t.db.selectFrom("likes").select("user_id").where("discovery_id", "=", discoveryId).execute();
  expect(row.like_count).toBe(rows.length);
  return row.like_count;
}

describe("likes", () => {
  it("toggles once for a repeated request with the same idempotency key, and answers the first result", async () => {
    const { fan, discoveryId } = await scene();
    const idempotency = { scope: `user:${fan.id}`, key: "like-0123456789abcdef", kind: "like" as const };
    expect(await toggleLike(t.db, { discoveryId, userId: fan.id, idempotency })).toEqual({ isLiked: true, likeCount: 1 });
    expect(await toggleLike(t.db, { discoveryId, userId: fan.id, idempotency })).toEqual({ isLiked: true, likeCount: 1 });
    const twice = await Promise.all(
      [1, 2].map(() =>
        toggleLike(t.db, { discoveryId, userId: fan.id, idempotency: { ...idempotency, key: "like-concurrent-0123456789" } }),
      ),
    );
    expect(twice).toEqual([
      { isLiked: false, likeCount: 0 },
      { isLiked: false, likeCount: 0 },
    ]);
    expect(await likeCount(discoveryId)).toBe(0);
  });

  it("counts one like per hunter, however often they like, and unliking is idempotent too", async () => {
    const { fan, discoveryId } = await scene();
    expect(await setLike(t.db, { discoveryId, userId: fan.id, liked: true })).toEqual({ isLiked: true, likeCount: 1 });
    expect(await setLike(t.db, { discoveryId, userId: fan.id, liked: true })).toEqual({ isLiked: true, likeCount: 1 });
    expect(await setLike(t.db, { discoveryId, userId: fan.id, liked: false })).toEqual({ isLiked: false, likeCount: 0 });
    expect(await setLike(t.db, { discoveryId, userId: fan.id, liked: false })).toEqual({ isLiked: false, likeCount: 0 });
    expect(await likeCount(discoveryId)).toBe(0);
  });

  it("50 parallel likes by one hunter add exactly one, and 50 parallel unlikes never go below zero", async () => {
    const { fan, finder, discoveryId } = await scene();
    await setLike(t.db, { discoveryId, userId: finder.id, liked: true });
    await Promise.all(Array.from({ length: 50 }, () => setLike(t.db, { discoveryId, userId: fan.id, liked: true })));
    expect(await likeCount(discoveryId)).toBe(2);
    await Promise.all(Array.from({ length: 50 }, () => setLike(t.db, { discoveryId, userId: fan.id, liked: false })));
    expect(await likeCount(discoveryId)).toBe(1);
    await Promise.all(Array.from({ length: 50 }, () => setLike(t.db, { discoveryId, userId: finder.id, liked: false })));
    expect(await likeCount(discoveryId)).toBe(0);
  });

  it("toggles for the JSON API and knows when the discovery is gone", async () => {
    const { fan, discoveryId } = await scene();
    expect(await toggleLike(t.db, { discoveryId, userId: fan.id })).toEqual({ isLiked: true, likeCount: 1 });
    expect(await toggleLike(t.db, { discoveryId, userId: fan.id })).toEqual({ isLiked: false, likeCount: 0 });
    expect(await setLike(t.db, { discoveryId: discoveryId + 1000, userId: fan.id, liked: true })).toBeNull();
  });

  it("applies simultaneous toggles by one hunter one after another: an even number leaves it unliked, an odd number liked", async () => {
    const { fan, finder, discoveryId } = await scene();
    await Promise.all(Array.from({ length: 2 }, () => toggleLike(t.db, { discoveryId, userId: fan.id })));
    expect(await likeCount(discoveryId)).toBe(0);
    await Promise.all(Array.from({ length: 7 }, () => toggleLike(t.db, { discoveryId, userId: fan.id })));
    expect(await likeCount(discoveryId)).toBe(1);
    // Each answer is the state it left: four liked, four unliked; the finder liking their own find notifies no one.
    const answers = await Promise.all(Array.from({ length: 8 }, () => toggleLike(t.db, { discoveryId, userId: finder.id })));
    expect(answers.filter((state) => state?.isLiked).length).toBe(4);
    expect(await likeCount(discoveryId)).toBe(1);
    expect(await countUnreadNotifications(t.db, finder.id)).toBe(1);
  });

  it("tells the finder once about a like, takes it back on unlike, and never notifies a self-like", async () => {
    const { fan, finder, discoveryId } = await scene();
    await setLike(t.db, { discoveryId, userId: finder.id, liked: true });
    expect(await countUnreadNotifications(t.db, finder.id)).toBe(0);
    await setLike(t.db, { discoveryId, userId: fan.id, liked: true });
    expect(await countUnreadNotifications(t.db, finder.id)).toBe(1);
    await setLike(t.db, { discoveryId, userId: fan.id, liked: false });
    expect(await countUnreadNotifications(t.db, finder.id)).toBe(0);
    for (let i = 0; i < 3; i++) {
      await setLike(t.db, { discoveryId, userId: fan.id, liked: true });
      await setLike(t.db, { discoveryId, userId: fan.id, liked: false });
    }
    await setLike(t.db, { discoveryId, userId: fan.id, liked: true });
    expect(await countUnreadNotifications(t.db, finder.id)).toBe(1);
    expect(await countUnreadNotifications(t.db, fan.id)).toBe(0);
  });
});
