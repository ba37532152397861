import type { Executor } from "~/infra/db.server";
import { nowIso } from "~/lib/time";

export type SignInCodeRow = { id: number; email: string; codeHash: string; wrongAttempts: number; createdAt: string; expiresAt: string };

/**
 * Records a new code for `email` (its hash comes from `hashFor`, which is
 * given the row's id and creation time). Any earlier code of the address
 * ends here, so only the newest one mailed works, and ended codes of every
 * address are dropped.
 */
export async function insertSignInCode(
  db: Executor,
  input: { email: string; now: Date; ttlMs: number; hashFor: (row: { id: number; email: string; createdAt: string }) => string },
): Promise<SignInCodeRow> {
  const createdAt = nowIso(input.now);
  await db
    .deleteFrom("sign_in_codes")
    .where((eb) => eb.or([eb("email", "=", input.email), eb("expires_at", "<=", createdAt)]))
    .execute();
  const expiresAt = nowIso(new Date(input.now.getTime() + input.ttlMs));
  const { id } = await db
    .insertInto("sign_in_codes")
    .values({ email: input.email, code_hash: "", created_at: createdAt, expires_at: expiresAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  const codeHash = input.hashFor({ id, email: input.email, createdAt });
  await db.updateTable("sign_in_codes").set({ code_hash: codeHash }).where("id", "=", id).execute();
  return { id, email: input.email, codeHash, wrongAttempts: 0, createdAt, expiresAt };
}

const columns = ["id", "email", "code_hash", "wrong_attempts", "created_at", "expires_at"] as const;

function toRow(row: { id: number; email: string; code_hash: string; wrong_attempts: number; created_at: string; expires_at: string }) {
  return {
    id: row.id,
    email: row.email,
    codeHash: row.code_hash,
    wrongAttempts: Number(row.wrong_attempts),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** The codes that are neither used nor ended at `now`. */
function liveCodes(db: Executor, now: Date) {
  return db.selectFrom("sign_in_codes").select(columns).where("used_at", "is", null).where("expires_at", ">", nowIso(now));
}

/** The code with this id while it can still be sent (not used, not ended), else null. */
export async function liveSignInCodeById(db: Executor, id: number, now: Date): Promise<SignInCodeRow | null> {
  const row = await liveCodes(db, now).where("id", "=", id).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The address's newest code that is neither used nor ended, or null. */
export async function liveSignInCode(db: Executor, email: string, now: Date): Promise<SignInCodeRow | null> {
  const row = await liveCodes(db, now).where("email", "=", email).orderBy("id", "desc").limit(1).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Counts a wrong code typed against code `id` (one statement); answers the count after it. */
export async function countWrongSignInCode(db: Executor, id: number): Promise<number> {
  const row = await db
    .updateTable("sign_in_codes")
    .set((eb) => ({ wrong_attempts: eb("wrong_attempts", "+", 1) }))
    .where("id", "=", id)
    .returning("wrong_attempts")
    .executeTakeFirst();
  return Number(row?.wrong_attempts ?? Number.MAX_SAFE_INTEGER);
}

/**
 * Spends code `id`: true for the one caller whose update marked it (so two
 * requests with the same code cannot both sign in), false when it was used,
 * ended or has had `maxWrong` wrong codes typed against it meanwhile.
 */
export async function spendSignInCode(db: Executor, id: number, maxWrong: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("sign_in_codes")
    .set({ used_at: nowIso(now) })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso(now))
    .where("wrong_attempts", "<", maxWrong)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
