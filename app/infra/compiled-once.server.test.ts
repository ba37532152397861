import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeUser } from "../../tests/support/fixtures";
import { createTestDb } from "../../tests/support/test-db";
import { compiledOnce, type Executor } from "./db.server";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.cleanup();
});

describe("a statement compiled once", () => {
  it("answers each call with its own arguments, keeping the values the statement fixed itself", async () => {
    const [ann, ben] = [await makeUser(t.db, "Ann", "Archer"), await makeUser(t.db, "Ben", "Archer")];
    await makeUser(t.db, "Ann", "Baker");
    const named = compiledOnce((db: Executor, firstName: string, minId: number) =>
      db
        .selectFrom("users")
        .select("id")
        .where("first_name", "=", firstName)
        .where("last_name", "=", "Archer")
        .where("id", ">=", minId)
        .orderBy("id"),
    );
    expect((await named(t.db, "Ann", 0)).rows).toEqual([{ id: ann.id }]);
    expect((await named(t.db, "Ben", 0)).rows).toEqual([{ id: ben.id }]);
    expect((await named(t.db, "Ben", ben.id + 1)).rows).toEqual([]);
    // Inside a transaction too (compiled for it on its first use).
    await t.db.transaction().execute(async (trx) => {
      expect((await named(trx, "Ann", 0)).rows).toEqual([{ id: ann.id }]);
    });
  });

  it("refuses a statement that does not use each argument as a value of its own", async () => {
    const unused = compiledOnce((db: Executor, _firstName: string) => db.selectFrom("users").select("id"));
    await expect(async () => unused(t.db, "Ann")).rejects.toThrow(/every argument/);
  });
});
