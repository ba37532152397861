import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import {
  findIdempotentResult,
  guardedTransaction,
  IDEMPOTENCY_KEY_TTL_MS,
  IdempotencyKeyReusedError,
  pruneIdempotencyKeys,
  requestHash,
  type IdempotencyGuard,
} from "./idempotency.server";

const t = testDbPerTest();

const guard: IdempotencyGuard = { scope: "user:1", key: "key-0123456789abcdef", kind: "comment" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for a real write: one row in rate_limits per call, numbered. */
async function countedWrite(trx: Parameters<Parameters<typeof guardedTransaction>[2]>[0], label: string, holdMs = 0) {
  const count = await trx
    .selectFrom("rate_limits")
    .select(({ fn }) => fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("rate_limits")
    .values({ key: label, count: Number(count.n) + 1, reset_at: "2026-01-01T00:00:00.000Z" })
    .execute();
  if (holdMs) await sleep(holdMs);
  return { created: label };
}

const writes = async () => (await t.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);

describe("the idempotency store", () => {
  it("answers a repeat with the first result and writes nothing the second time", async () => {
    const first = await guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "first"));
    const again = await guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "second"));
    expect(first).toEqual({ result: { created: "first" }, replayed: false });
    expect(again).toEqual({ result: { created: "first" }, replayed: true });
    expect(await writes()).toEqual(["first"]);
    expect(await findIdempotentResult(t.db, guard)).toEqual({ created: "first" });
  });

  it("records one write for two concurrent requests with one key; the other gets its result", async () => {
    const both = await Promise.all([
      guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "a", 150)),
      guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "b", 150)),
    ]);
    expect(await writes()).toHaveLength(1);
    const [written] = await writes();
    expect(both.map((b) => b.result)).toEqual([{ created: written }, { created: written }]);
    expect(both.filter((b) => b.replayed)).toHaveLength(1);
  });

  it("keeps keys apart by scope, and a different key is a new request", async () => {
    await guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "mine"));
    const someoneElse = await guardedTransaction(t.db, { ...guard, scope: "user:2" }, (trx) => countedWrite(trx, "theirs"));
    const nextOne = await guardedTransaction(t.db, { ...guard, key: "key-fedcba9876543210" }, (trx) => countedWrite(trx, "next"));
    expect(someoneElse.replayed).toBe(false);
    expect(nextOne.replayed).toBe(false);
    expect((await writes()).sort()).toEqual(["mine", "next", "theirs"]);
  });

  it("leaves no key behind when the write fails, so a retry writes", async () => {
    await expect(
      guardedTransaction(t.db, guard, async (trx) => {
        await countedWrite(trx, "doomed");
        throw new Error("storage went away");
      }),
    ).rejects.toThrow("storage went away");
    expect(await findIdempotentResult(t.db, guard)).toBeNull();
    expect(await guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "retry"))).toEqual({
      result: { created: "retry" },
      replayed: false,
    });
    expect(await writes()).toEqual(["retry"]);
  });

  it("refuses a key reused for another kind of request", async () => {
    await guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "comment"));
    await expect(findIdempotentResult(t.db, { ...guard, kind: "like" })).rejects.toThrow(IdempotencyKeyReusedError);
    await expect(guardedTransaction(t.db, { ...guard, kind: "like" }, (trx) => countedWrite(trx, "like"))).rejects.toThrow(
      IdempotencyKeyReusedError,
    );
    expect(await writes()).toEqual(["comment"]);
  });

  it("forgets keys after 24 hours: the key works again and pruning removes old ones", async () => {
    const then = new Date("2026-03-01T10:00:00.000Z");
    const later = new Date(then.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1000);
    await guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "day one"), then);
    await guardedTransaction(t.db, { ...guard, key: "other-0123456789abcdef" }, (trx) => countedWrite(trx, "other"), then);
    expect(await findIdempotentResult(t.db, guard, later)).toBeNull();
    expect((await guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "day two"), later)).replayed).toBe(false);
    expect(await pruneIdempotencyKeys(t.db, later)).toBe(1);
    expect(await findIdempotentResult(t.db, guard, later)).toEqual({ created: "day two" });
  });

  it("refuses a key sent again with a different request, and writes nothing for it", async () => {
    const first = { ...guard, request: requestHash("POST", "/api/jimmys/1/comments", { content: "First!" }) };
    const other = { ...guard, request: requestHash("POST", "/api/jimmys/2/comments", { content: "First!" }) };
    const otherText = { ...guard, request: requestHash("POST", "/api/jimmys/1/comments", { content: "Second" }) };
    await guardedTransaction(t.db, first, (trx) => countedWrite(trx, "first"));
    for (const changed of [other, otherText, { ...first, request: requestHash("PUT", "/api/jimmys/1/comments", { content: "First!" }) }]) {
      await expect(findIdempotentResult(t.db, changed)).rejects.toThrow(IdempotencyKeyReusedError);
      await expect(guardedTransaction(t.db, changed, (trx) => countedWrite(trx, "second"))).rejects.toThrow(
        "This idempotency key was already used for a different request. Send a new key.",
      );
    }
    expect(await writes()).toEqual(["first"]);
    // The same request again (its fields in another order) is an honest retry: it replays.
    const sameAgain = { ...guard, request: requestHash("post", "/api/jimmys/1/comments", { content: "First!", skipped: undefined }) };
    expect(await guardedTransaction(t.db, sameAgain, (trx) => countedWrite(trx, "again"))).toEqual({
      result: { created: "first" },
      replayed: true,
    });
    expect(requestHash("POST", "/p", { a: 1, b: { d: 2, c: 3 } })).toBe(requestHash("POST", "/p", { b: { c: 3, d: 2 }, a: 1 }));
  });

  it("replays a key stored before requests were hashed, whatever the request", async () => {
    await guardedTransaction(t.db, guard, (trx) => countedWrite(trx, "old"));
    const row = await t.db.selectFrom("idempotency_keys").select("request_hash").executeTakeFirstOrThrow();
    expect(row.request_hash).toBeNull();
    const hashed = { ...guard, request: requestHash("POST", "/api/jimmys/1/comments", { content: "Anything" }) };
    expect(await guardedTransaction(t.db, hashed, (trx) => countedWrite(trx, "new"))).toEqual({
      result: { created: "old" },
      replayed: true,
    });
    expect(await writes()).toEqual(["old"]);
  });
});
