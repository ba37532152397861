import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { testDbPerTest } from "../../tests/support/test-db";
import { DUPLICATE_COMMENT_WINDOW_MS, listComments } from "~/models/comments.server";
import { countUnreadNotifications, listNotifications } from "~/models/notifications.server";
import { upsertUserFromProvider } from "~/models/users.server";
import { submitComment, type CommentAuthor } from "./comments.server";
import { HUNTER_NAME_TEXT, TEAM_NAME_TEXT } from "./names.server";
import { RATE_LIMITS } from "./rate-limit.server";

const t = testDbPerTest();

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
  it("names the author: a guest's typed name or nobody, a signed-in hunter's account name whatever was typed (marked as a hunter); admins post as the hunt", async () => {
    const { jimmy, bystander } = await scene();
    const hunter: CommentAuthor = { kind: "hunter", userId: bystander.id, firstName: "Bea", lastName: "Bystander" };
    const post = (author: CommentAuthor, content: string, authorName?: string, at = 0) =>
      submitComment(t.db, { jimmyId: jimmy.id, comment: { content, authorName }, author, address: "203.0.113.1", now: later(at) });
    expect((await post(guest, "anonymous")).ok).toBe(true);
    expect((await post(guest, "named", "Wanda")).ok).toBe(true);
    expect((await post(hunter, "own name")).ok).toBe(true);
    expect((await post(hunter, "pen name", "Sol Second")).ok).toBe(true);
    expect((await post({ kind: "admin", huntName: "Jimmy Hunt" }, "from staff", "Not me")).ok).toBe(true);
    const comments = await listComments(t.db, jimmy.id);
    expect(comments.map((c) => [c.content, c.authorName, c.isAdmin, c.byHunter])).toEqual([
      ["from staff", null, true, false],
      ["pen name", "Bea Bystander", false, true],
      ["own name", "Bea Bystander", false, true],
      ["named", "Wanda", false, false],
      ["anonymous", null, false, false],
    ]);
    const counted = await t.db.selectFrom("jimmys").select("comment_count").where("id", "=", jimmy.id).executeTakeFirstOrThrow();
    expect(counted.comment_count).toBe(5);
  });

  it("refuses a guest the team's names and a registered hunter's name, folded for case, look-alikes and invisible characters, on the name field", async () => {
    const { jimmy } = await scene();
    const post = (authorName: string) =>
      submitComment(t.db, {
        jimmyId: jimmy.id,
        comment: { content: "Hello from me", authorName },
        author: guest,
        address: "203.0.113.5",
        now: start,
      });
    const team = { ok: false, status: 400, field: "authorName", message: TEAM_NAME_TEXT };
    const hunter = { ok: false, status: 400, field: "authorName", message: HUNTER_NAME_TEXT };
    expect(await post("Admin")).toEqual(team);
    expect(await post("\u0410dmin")).toEqual(team); // Cyrillic capital A
    expect(await post("Jimmy\u200B  Hunt")).toEqual(team);
    expect(await post("Bea Bystander")).toEqual(hunter);
    expect(await post("BEA\u200D BYSTANDER")).toEqual(hunter);
    expect(await post("B\u0435a Byst\u0430nder")).toEqual(hunter); // Cyrillic e and a
    expect(await listComments(t.db, jimmy.id)).toEqual([]);
    // Refusals do not count against the address's limit, and a name nobody holds is fine.
    expect(await t.db.selectFrom("rate_limits").select("key").execute()).toEqual([]);
    expect((await post("Bea B.")).ok).toBe(true);
  });

  it("compares a guest's name with a hunter's current name: a hunter renamed at sign-in frees the old one", async () => {
    const { jimmy, bystander } = await scene();
    const post = (authorName: string, at: number) =>
      submitComment(t.db, {
        jimmyId: jimmy.id,
        comment: { content: `As ${authorName}`, authorName },
        author: guest,
        address: "203.0.113.6",
        now: later(at),
      });
    expect(await post("Bea Bystander", 0)).toMatchObject({ ok: false, status: 400 });
    const renamed = await upsertUserFromProvider(t.db, {
      provider: bystander.provider,
      subject: bystander.provider_subject,
      firstName: "Beatrix",
      lastName: "Bystander",
    });
    expect(renamed.first_name).toBe("Beatrix");
    expect(await post("Beatrix Bystander", 1000)).toMatchObject({ ok: false, status: 400 });
    expect((await post("Bea Bystander", 2000)).ok).toBe(true);
  });

  it("refuses the same comment by the same author on the same Jimmy within five minutes, but not from someone else", async () => {
    const { jimmy } = await scene();
    const post = (authorName: string | undefined, at: number, address = "203.0.113.2") =>
      submitComment(t.db, {
        jimmyId: jimmy.id,
        comment: { content: "Welcome home, Jimmy", authorName },
        author: guest,
        address,
        now: later(at),
      });
    expect((await post(undefined, 0)).ok).toBe(true);
    expect(await post(undefined, 60_000)).toEqual({
      ok: false,
      status: 409,
      message: "You just posted this comment. It's already on Jimmy's page.",
    });
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
        submitComment(t.db, {
          jimmyId: jimmy.id,
          comment: { content: "Clicked twice" },
          author: guest,
          address: "203.0.113.9",
          now: later(0),
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.status === 409)).toHaveLength(3);
    expect(await listComments(t.db, jimmy.id)).toHaveLength(1);
  });

  it("limits each address's anonymous comments, not the signed-in hunters behind it; exempts admins; says how long to wait", async () => {
    const { jimmy, bystander } = await scene();
    const { max } = RATE_LIMITS.commentPerAddress;
    const hunter: CommentAuthor = { kind: "hunter", userId: bystander.id, firstName: "Bea", lastName: "Bystander" };
    const post = (n: number, address: string, author: CommentAuthor = guest) =>
      submitComment(t.db, {
        jimmyId: jimmy.id,
        comment: { content: `comment ${n} from ${address}` },
        author,
        address,
        now: later(n * 1000),
      });
    for (let n = 0; n < max; n++) expect((await post(n, "198.51.100.7")).ok).toBe(true);
    const refused = await post(max, "198.51.100.7");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(!refused.ok && refused.message).toMatch(
      /^You've posted a lot of comments in a short time\. Please wait \d+ minutes? and try again\.$/,
    );
    expect((await post(max + 1, "198.51.100.8")).ok).toBe(true);
    expect((await post(max + 2, "198.51.100.7", hunter)).ok).toBe(true);
    expect((await post(max + 3, "198.51.100.7", { kind: "admin", huntName: "Jimmy Hunt" })).ok).toBe(true);
  });

  it("limits a signed-in hunter's comments wherever they post from, without touching another hunter or guests", async () => {
    const { jimmy, bystander, first } = await scene();
    const { max, windowMs } = RATE_LIMITS.commentPerHunter;
    const bea: CommentAuthor = { kind: "hunter", userId: bystander.id, firstName: "Bea", lastName: "Bystander" };
    const fay: CommentAuthor = { kind: "hunter", userId: first.id, firstName: "Fay", lastName: "First" };
    const post = (n: number, author: CommentAuthor, address: string | null) =>
      submitComment(t.db, { jimmyId: jimmy.id, comment: { content: `hunter comment ${n}` }, author, address, now: later(n * 1000) });
    for (let n = 0; n < max; n++) expect((await post(n, bea, `192.0.2.${n}`)).ok).toBe(true);
    const refused = await post(max, bea, "192.0.2.200");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(!refused.ok && refused.status === 429 && refused.retryAfterSeconds).toBe(windowMs / 1000 - max);
    expect(await post(max + 1, bea, null)).toMatchObject({ ok: false, status: 429 });
    expect((await post(max + 2, fay, "192.0.2.0")).ok).toBe(true);
    expect((await post(max + 3, guest, "192.0.2.0")).ok).toBe(true);
    expect((await post(windowMs / 1000 + 1, bea, "192.0.2.0")).ok).toBe(true);
  });

  it("without a known address counts all guests together", async () => {
    const { jimmy } = await scene();
    const { max } = RATE_LIMITS.commentPerAddress;
    const post = (n: number) =>
      submitComment(t.db, {
        jimmyId: jimmy.id,
        comment: { content: `unaddressed ${n}` },
        author: guest,
        address: null,
        now: later(n * 1000),
      });
    for (let n = 0; n < max; n++) expect((await post(n)).ok).toBe(true);
    expect(await post(max)).toMatchObject({ ok: false, status: 429 });
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
    expect(notifications[0]).toMatchObject({
      kind: "comment",
      actorName: "Sol Second",
      serialNumber: 3,
      excerpt: "Lovely <b>trip</b>",
      unread: true,
    });
    expect(notifications[0]!.href).toMatch(/^\/jimmy\/3#comment-\d+$/);

    await submitComment(t.db, {
      jimmyId: jimmy.id,
      comment: { content: "Crowned" },
      author: { kind: "admin", huntName: "Jimmy Hunt" },
      address: null,
      now: later(1000),
    });
    await submitComment(t.db, { jimmyId: jimmy.id, comment: { content: "Who am I" }, author: guest, address: null, now: later(2000) });
    const names = (await listNotifications(t.db, second.id, { huntName: "Jimmy Hunt" })).notifications.map((n) => n.actorName);
    expect(names).toEqual(["Anonymous Hunter", "Jimmy Hunt"]);
  });
});
