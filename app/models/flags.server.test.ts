import { describe, expect, it } from "vitest";
import { makeFoundJimmy, makeUser } from "../../tests/support/fixtures";
import { testDbPerTest } from "../../tests/support/test-db";
import { addComment, deleteComment } from "./comments.server";
import { deleteDiscovery } from "./discoveries.server";
import { addFlag, dismissFlags, FLAG_QUEUE_PAGE_SIZE, listOpenFlagGroups, openFlagSummary, type NewFlag } from "./flags.server";
import { photoUrls } from "~/infra/storage.server";

const t = testDbPerTest();

/** A visitor's flag: no account, no note. */
const visitorFlag = (target: NewFlag["target"], reason: NewFlag["reason"], clientAddress = "198.51.100.1") =>
  addFlag(t.db, { target, reason, note: null, userId: null, clientAddress });

async function scene() {
  const finder = await makeUser(t.db, "Finn");
  const flagger = await makeUser(t.db, "Flo");
  const { jimmy, discovery } = await makeFoundJimmy(t.db, { serial: 31, finderId: finder.id });
  const comment = await addComment(t.db, {
    jimmyId: jimmy.id,
    userId: null,
    authorName: "Spammer",
    isAdmin: false,
    content: "buy cheap watches",
    createdAt: "2026-01-02T12:00:00.000Z",
  });
  return { finder, flagger, jimmy, discoveryId: discovery.id, commentId: comment.id };
}

describe("flags", () => {
  it("group every flag of one discovery or comment into one queue entry, counting reasons and keeping notes", async () => {
    const { flagger, discoveryId, commentId } = await scene();
    const on = { kind: "comment" as const, id: commentId };
    await addFlag(t.db, { target: on, reason: "spam", note: "selling watches", userId: flagger.id, clientAddress: "198.51.100.1" });
    await visitorFlag(on, "spam", "198.51.100.2");
    await visitorFlag(on, "inappropriate", "198.51.100.3");
    await addFlag(t.db, {
      target: { kind: "discovery", id: discoveryId },
      reason: "not_a_jimmy",
      note: "it is a cat",
      userId: null,
      clientAddress: "198.51.100.4",
    });

    const { groups } = await listOpenFlagGroups(t.db, photoUrls());
    expect(groups.map((g) => [g.target, g.count, g.serialNumber])).toEqual([
      [on, 3, 31],
      [{ kind: "discovery", id: discoveryId }, 1, 31],
    ]);
    expect(groups[0]!.reasons).toEqual([
      { reason: "spam", count: 2 },
      { reason: "inappropriate", count: 1 },
    ]);
    expect(groups[0]!.notes).toEqual(["selling watches"]);
    expect(groups[0]!.content).toEqual({ text: "buy cheap watches", author: "Spammer" });
    expect(groups[1]!.content).toMatchObject({ caption: "Found him!", author: expect.stringMatching(/^Finn Hunter\d+$/) });
    expect(groups[1]!.notes).toEqual(["it is a cat"]);
  });

  it("count a hunter's or an address's repeated flag of the same thing once", async () => {
    const { flagger, commentId } = await scene();
    const on = { kind: "comment" as const, id: commentId };
    const first = await addFlag(t.db, { target: on, reason: "spam", note: null, userId: flagger.id, clientAddress: "198.51.100.1" });
    const again = await addFlag(t.db, {
      target: on,
      reason: "inappropriate",
      note: null,
      userId: flagger.id,
      clientAddress: "203.0.113.9",
    });
    expect(first).toMatchObject({ ok: true, alreadyFlagged: false });
    expect(again).toEqual({ ok: true, flagId: (first as { flagId: number }).flagId, alreadyFlagged: true });
    await visitorFlag(on, "spam", "198.51.100.7");
    await visitorFlag(on, "spam", "198.51.100.7");
    expect(await openFlagSummary(t.db, on)).toEqual({ count: 2, reasons: ["spam"] });
  });

  it("answer a repeated idempotency key with the first flag", async () => {
    const { commentId } = await scene();
    const idempotency = { scope: "flag-form:token-1", key: "flag-0123456789abcdef", kind: "flag" as const };
    const on = { kind: "comment" as const, id: commentId };
    const first = await addFlag(t.db, { target: on, reason: "spam", note: null, userId: null, clientAddress: "198.51.100.1", idempotency });
    const repeat = await addFlag(t.db, {
      target: on,
      reason: "spam",
      note: null,
      userId: null,
      clientAddress: "198.51.100.2",
      idempotency,
    });
    expect(repeat).toEqual(first);
    expect((await openFlagSummary(t.db, on)).count).toBe(1);
  });

  it("refuse a flag on something that does not exist, and store nothing", async () => {
    await scene();
    expect(await visitorFlag({ kind: "discovery", id: 999_999 }, "spam")).toEqual({ ok: false, reason: "not_found" });
    expect(await t.db.selectFrom("flags").selectAll().execute()).toEqual([]);
  });

  it("leave the queue when dismissed, and a later flag opens a new entry", async () => {
    const { discoveryId } = await scene();
    const on = { kind: "discovery" as const, id: discoveryId };
    await addFlag(t.db, {
      target: on,
      reason: "private_information",
      note: "shows a house number",
      userId: null,
      clientAddress: "198.51.100.1",
    });
    expect(await dismissFlags(t.db, on, new Date("2026-02-01T00:00:00.000Z"))).toBe(1);
    expect((await listOpenFlagGroups(t.db, photoUrls())).groups).toEqual([]);
    const stored = await t.db.selectFrom("flags").select(["resolved_at", "resolution"]).execute();
    expect(stored).toEqual([{ resolved_at: "2026-02-01T00:00:00.000Z", resolution: "dismissed" }]);
    expect(await dismissFlags(t.db, on)).toBe(0);
    await visitorFlag(on, "private_information");
    expect((await listOpenFlagGroups(t.db, photoUrls())).groups.map((g) => g.count)).toEqual([1]);
  });

  it("go with the discovery or comment they flag when it is deleted", async () => {
    const { discoveryId, commentId } = await scene();
    await visitorFlag({ kind: "discovery", id: discoveryId }, "inappropriate");
    await visitorFlag({ kind: "comment", id: commentId }, "spam");
    await deleteDiscovery(t.db, discoveryId);
    await deleteComment(t.db, commentId);
    expect(await t.db.selectFrom("flags").selectAll().execute()).toEqual([]);
  });

  it("name exactly one thing, with one of the four reasons (the database refuses anything else)", async () => {
    const { discoveryId, commentId } = await scene();
    const base = { reason: "spam" as const, client_address: "198.51.100.1", created_at: "2026-01-01T00:00:00.000Z" };
    const refused = [
      { ...base, discovery_id: discoveryId, comment_id: commentId },
      { ...base, discovery_id: null, comment_id: null },
      { ...base, reason: "boring" as never, discovery_id: discoveryId, comment_id: null },
    ];
    for (const values of refused) {
      await expect(t.db.insertInto("flags").values(values).execute(), JSON.stringify(values)).rejects.toThrow();
    }
  });
});

describe("the flag queue", () => {
  const now = new Date("2026-03-01T12:00:00.000Z");
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);

  async function comments(jimmyId: number, n: number) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++)
      ids.push(
        (
          await addComment(t.db, {
            jimmyId,
            userId: null,
            authorName: "Anyone",
            isAdmin: false,
            content: `Comment ${i}`,
            createdAt: daysBefore(30).toISOString(),
          })
        ).id,
      );
    return ids;
  }

  it.each([
    { spread: "120 things flagged once each", things: 120, flagsEach: 1 },
    { spread: "30 things flagged four times each", things: 30, flagsEach: 4 },
  ])(
    "keeps a hunter's private-information flag on the first page under 120 older visitors' flags from rotating addresses ($spread)",
    async ({ things, flagsEach }) => {
      const { flagger, jimmy, discoveryId } = await scene();
      let address = 0;
      for (const commentId of await comments(jimmy.id, things))
        for (let i = 0; i < flagsEach; i++)
          await addFlag(t.db, {
            target: { kind: "comment", id: commentId },
            reason: "private_information",
            note: null,
            userId: null,
            clientAddress: `2001:db8::${(++address).toString(16)}`,
            now: daysBefore(20),
          });
      const genuine = { kind: "discovery" as const, id: discoveryId };
      await addFlag(t.db, {
        target: genuine,
        reason: "private_information",
        note: "my street address",
        userId: flagger.id,
        clientAddress: "198.51.100.9",
        now,
      });

      const first = await listOpenFlagGroups(t.db, photoUrls(), { now });
      expect(first.total).toBe(things + 1);
      expect(first.groups).toHaveLength(FLAG_QUEUE_PAGE_SIZE);
      expect(first.groups[0]).toMatchObject({ target: genuine, hunters: 1, guests: 0, notes: ["my street address"] });

      // Every open entry is on exactly one page.
      const seen: string[] = [];
      for (let page = 1; page <= first.pages; page++)
        seen.push(...(await listOpenFlagGroups(t.db, photoUrls(), { page, now })).groups.map((g) => `${g.target.kind}:${g.target.id}`));
      expect(seen).toHaveLength(things + 1);
      expect(new Set(seen).size).toBe(things + 1);
      expect(first.pages).toBe(Math.ceil((things + 1) / FLAG_QUEUE_PAGE_SIZE));
      // A page past the end shows the last one.
      expect((await listOpenFlagGroups(t.db, photoUrls(), { page: 999, now })).page).toBe(first.pages);
    },
  );

  it("ranks serious reasons above spam, a hunter's flag above a visitor's, and the longer waiting first", async () => {
    const { flagger, jimmy } = await scene();
    const [spam, privateInfo, byVisitor, olderRude, newerRude] = await comments(jimmy.id, 5);
    const flag = (id: number, reason: "spam" | "private_information" | "inappropriate", userId: number | null, at: Date) =>
      addFlag(t.db, { target: { kind: "comment", id }, reason, note: null, userId, clientAddress: "198.51.100.1", now: at });
    await flag(spam!, "spam", flagger.id, daysBefore(10));
    await flag(privateInfo!, "private_information", flagger.id, daysBefore(0));
    await flag(byVisitor!, "inappropriate", null, daysBefore(10));
    await flag(olderRude!, "inappropriate", flagger.id, daysBefore(3));
    await flag(newerRude!, "inappropriate", flagger.id, daysBefore(1));
    const { groups } = await listOpenFlagGroups(t.db, photoUrls(), { now });
    expect(groups.map((g) => g.target.id)).toEqual([privateInfo, olderRude, newerRude, spam, byVisitor]);
  });
});
