import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { createTestDb } from "../../tests/support/test-db";
import { DUPLICATE_COMMENT_WINDOW_MS, listComments } from "~/models/comments.server";
import { countUnreadNotifications, listNotifications } from "~/models/notifications.server";
import { submitComment, type CommentAuthor } from "./comments.server";
import { RATE_LIMITS } from "./rate-limit.server";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.cleanup();
});

const start = new Date("2026-01-01T12:00:00.000Z");
const later = (ms: number) => new Date(start.getTime() + ms);
const guest: CommentAuthor = { kind: "guest" };

async function scene() {
  const first = await makeUser(t.db, "Fay", "First");
  const second = await makeUser(t.db, "Sol", "Second");
  const bystander = await makeUser(t.db, "Bea", "Bystander");
  const jimmy = await makeJimmy(t.db, 3);
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: first.id, createdAt: "2025-12-01T00:00:00.000Z", isFirst: true });
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: second.id, createdAt: "2025-12-02T00:00:00.000Z" });
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: first.id, createdAt: "2025-12-03T00:00:00.000Z" });
  return { first, second, bystander, jimmy };
}

describe("posting a comment", () => {
  it("names the author: a typed name, else a signed-in hunter's own name, else nobody; admins post as the hunt", async () => {
    const { jimmy, bystander } = await scene();
    const hunter: CommentAuthor = { kind: "hunter", userId: bystander.id, firstName: "Bea", lastName: "Bystander" };
    const post = (author: CommentAuthor, content: string, authorName?: string, at = 0) =>
      submitComment(t.db, { jimmyId: jimmy.id, comment: { content, authorName }, author, address: "203.0.113.1", now: later(at) });
    expect((await post(guest, "anonymous")).ok).toBe(true);
    expect((await post(guest, "named", "Wanda")).ok).toBe(true);
    expect((await post(hunter, "own name")).ok).toBe(true);
    expect((await post(hunter, "pen name", "B.")).ok).toBe(true);
    expect((await post({ kind: "admin", huntName: "Jimmy Hunt" }, "from staff", "Not me")).ok).toBe(true);
    const comments = await listComments(t.db, jimmy.id);
    expect(comments.map((c) => [c.content, c.authorName, c.isAdmin])).toEqual([
      ["from staff", null, true],
      ["pen name", "B.", false],
      ["own name", "Bea Bystander", false],
      ["named", "Wanda", false],
      ["anonymous", null, false],
    ]);
    const counted = await t.db.selectFrom("jimmys").select("comment_count").where("id", "=", jimmy.id).executeTakeFirstOrThrow();
    expect(counted.comment_count).toBe(5);
  });

  it("refuses the same comment by the same author on the same Jimmy within five minutes, but not from someone else", async () => {
    const { jimmy } = await scene();
    const post = (authorName: string | undefined, at: number, address = "203.0.113.2") =>
      submitComment(t.db, { jimmyId: jimmy.id, comment: { content: "Welcome home, Jimmy", authorName }, author: guest, address, now: later(at) });
    expect((await post(undefined, 0)).ok).toBe(true);
    expect(await post(undefined, 60_000)).toEqual({ ok: false, status: 409, message: "You just posted this comment. It's already on Jimmy's page." });
    expect((await post("Someone else", 61_000, "203.0.113.3")).ok).toBe(true);
    expect((await post(undefined, DUPLICATE_COMMENT_WINDOW_MS + 1)).ok).toBe(true);
    expect(await listComments(t.db, jimmy.id)).toHaveLength(3);
  });

  it("stores a double submit once, even when both requests arrive at the same moment", async () => {
    const { jimmy } = await scene();
    // Open several connections first (on PostgreSQL), so the submits really run side by side.
    await Promise.all(Array.from({ length: 8 }, () => sql`select 1`.execute(t.db)));
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        submitComment(t.db, { jimmyId: jimmy.id, comment: { content: "Clicked twice" }, author: guest, address: "203.0.113.9", now: later(0) }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 409)).toHaveLength(3);
    expect(await listComments(t.db, jimmy.id)).toHaveLength(1);
  });

  it("limits each address to a few comments per window, exempts admins, and says how long to wait", async () => {
    const { jimmy } = await scene();
    const { max } = RATE_LIMITS.commentPerAddress;
    const post = (n: number, address: string, author: CommentAuthor = guest) =>
      submitComment(t.db, { jimmyId: jimmy.id, comment: { content: `comment ${n} from ${address}` }, author, address, now: later(n * 1000) });
    for (let n = 0; n < max; n++) expect((await post(n, "198.51.100.7")).ok).toBe(true);
    const refused = await post(max, "198.51.100.7");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(!refused.ok && refused.message).toMatch(/^You've posted a lot of comments in a short time\. Please wait \d+ minutes? and try again\.$/);
    expect((await post(max + 1, "198.51.100.8")).ok).toBe(true);
    expect((await post(max + 2, "198.51.100.7", { kind: "admin", huntName: "Jimmy Hunt" })).ok).toBe(true);
  });

  it("without a known address counts a signed-in hunter alone and all guests together", async () => {
    const { jimmy, bystander } = await scene();
    const { max } = RATE_LIMITS.commentPerAddress;
    const hunter: CommentAuthor = { kind: "hunter", userId: bystander.id, firstName: "Bea", lastName: "Bystander" };
    const post = (n: number, author: CommentAuthor) =>
      submitComment(t.db, { jimmyId: jimmy.id, comment: { content: `unaddressed ${n}` }, author, address: null, now: later(n * 1000) });
    for (let n = 0; n < max; n++) expect((await post(n, guest)).ok).toBe(true);
    expect(await post(max, guest)).toMatchObject({ ok: false, status: 429 });
    expect((await post(max + 1, hunter)).ok).toBe(true);
  });

  it("notifies everyone who found the Jimmy, once each, but not the commenter", async () => {
    const { jimmy, first, second, bystander } = await scene();
    await submitComment(t.db, {
      jimmyId: jimmy.id,
      comment: { content: "Lovely <b>trip</b>" },
      author: { kind: "hunter", userId: second.id, firstName: "Sol", lastName: "Second" },
      address: "203.0.113.4",
      now: start,
    });
    expect(await countUnreadNotifications(t.db, first.id)).toBe(1);
    expect(await countUnreadNotifications(t.db, second.id)).toBe(0);
    expect(await countUnreadNotifications(t.db, bystander.id)).toBe(0);
    const { notifications } = await listNotifications(t.db, first.id, { huntName: "Jimmy Hunt" });
    expect(notifications[0]).toMatchObject({ kind: "comment", actorName: "Sol Second", serialNumber: 3, excerpt: "Lovely <b>trip</b>", unread: true });
    expect(notifications[0]!.href).toMatch(/^\/jimmy\/3#comment-\d+$/);

    await submitComment(t.db, { jimmyId: jimmy.id, comment: { content: "Crowned" }, author: { kind: "admin", huntName: "Jimmy Hunt" }, address: null, now: later(1000) });
    await submitComment(t.db, { jimmyId: jimmy.id, comment: { content: "Who am I" }, author: guest, address: null, now: later(2000) });
    const names = (await listNotifications(t.db, second.id, { huntName: "Jimmy Hunt" })).notifications.map((n) => n.actorName);
    expect(names).toEqual(["Anonymous Hunter", "Jimmy Hunt"]);
  });
});
