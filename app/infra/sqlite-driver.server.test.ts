import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { upsertUserFromProvider } from "~/models/users.server";

// The driver under test is SQLite's, under npm run test:pg too.
const t = testDbPerTest({ dialect: "sqlite" });

const firstName = async (id: number) =>
  (await t.db.selectFrom("users").select("first_name").where("id", "=", id).executeTakeFirstOrThrow()).first_name;

describe("the SQLite connection (one writer, reads beside it)", () => {
  it("runs concurrent transactions one after another, so read-modify-write steps never interleave", async () => {
    const user = await upsertUserFromProvider(t.db, { provider: "google", subject: "g-1", firstName: "0", lastName: "Counter" });
    await Promise.all(
      Array.from({ length: 50 }, () =>
        t.db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom("users").select("first_name").where("id", "=", user.id).executeTakeFirstOrThrow();
          await new Promise((resolve) => setImmediate(resolve));
          await trx
            .updateTable("users")
            .set({ first_name: String(Number(row.first_name) + 1) })
            .where("id", "=", user.id)
            .execute();
        }),
      ),
    );
    expect(await firstName(user.id)).toBe("50");
  });

  it("answers a read during another request's transaction with what was committed, without waiting for it", async () => {
    const user = await upsertUserFromProvider(t.db, { provider: "google", subject: "g-2", firstName: "Before", lastName: "Reader" });
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    let updated!: () => void;
    const hasUpdated = new Promise<void>((resolve) => (updated = resolve));
    const transaction = t.db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ first_name: "After" }).where("id", "=", user.id).execute();
      updated();
      await finishing;
    });
    await hasUpdated;
    expect(await firstName(user.id)).toBe("Before");
    finish();
    await transaction;
    expect(await firstName(user.id)).toBe("After");
  });

  it("rolls a failed transaction back and lets the next one write", async () => {
    const user = await upsertUserFromProvider(t.db, { provider: "google", subject: "g-3", firstName: "Kept", lastName: "Rollback" });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable("users").set({ first_name: "Lost" }).where("id", "=", user.id).execute();
        await sql`select * from no_such_table`.execute(trx);
      }),
    ).rejects.toThrow(/no such table/);
    expect(await firstName(user.id)).toBe("Kept");
    await t.db.updateTable("users").set({ first_name: "Written" }).where("id", "=", user.id).execute();
    expect(await firstName(user.id)).toBe("Written");
  });

  it("keeps statements prepared, yet a read after a schema change sees the new column, and more distinct statements than it keeps all answer", async () => {
    const user = await upsertUserFromProvider(t.db, { provider: "google", subject: "g-4", firstName: "Kept", lastName: "Prepared" });
    const whole = sql<Record<string, unknown>>`select * from users where id = ${user.id}`;
    const before = (await whole.execute(t.db)).rows[0]!;
    expect(before).toMatchObject({ first_name: "Kept" });
    expect(before).not.toHaveProperty("nickname");
    await sql`alter table users add column nickname text default 'Scout'`.execute(t.db);
    expect((await whole.execute(t.db)).rows[0]).toMatchObject({ first_name: "Kept", nickname: "Scout" });

    for (let i = 0; i < 600; i++) {
      const { rows } = await sql<{ n: number }>`select ${sql.lit(i)} as n`.execute(t.db);
      expect(rows).toEqual([{ n: i }]);
    }
    expect(await firstName(user.id)).toBe("Kept");
  });
});
