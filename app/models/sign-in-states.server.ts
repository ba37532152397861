import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { nowIso } from "~/lib/time";

/** Records a sign-in's state (its hash) as issued until `expiresAt`, dropping states that have ended. */
export async function insertSignInState(
  db: Kysely<Database>,
  { stateHash, provider, expiresAt, now = new Date() }: { stateHash: string; provider: string; expiresAt: string; now?: Date },
): Promise<void> {
  await db.deleteFrom("sign_in_states").where("expires_at", "<=", nowIso(now)).execute();
  await db.insertInto("sign_in_states").values({ state_hash: stateHash, provider, expires_at: expiresAt }).execute();
}

/**
 * Uses up a live state of `provider`: true for the one caller that removed
 * it (a single DELETE, so two callbacks racing with the same state cannot
 * both get true), false for an unknown, ended or already used state.
 */
export async function consumeSignInState(
  db: Kysely<Database>,
  { stateHash, provider, now = new Date() }: { stateHash: string; provider: string; now?: Date },
): Promise<boolean> {
  const result = await db
    .deleteFrom("sign_in_states")
    .where("state_hash", "=", stateHash)
    .where("provider", "=", provider)
    .where("expires_at", ">", nowIso(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
