import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "#db/schema";
import { guardedTransaction, type IdempotencyGuard } from "./idempotency.server";
import { notifyLike, retractLikeNotification } from "./notifications.server";

export type LikeState = { isLiked: boolean; likeCount: number };

/** A like key is the hunter's own. */
export function likeGuard(userId: number, key: string | null, request?: string): IdempotencyGuard | null {
  return key ? { scope: `user:${userId}`, key, kind: "like", request } : null;
}

type LikeInput = {
  discoveryId: number;
  userId: number;
  now?: Date;
  /** With a key, a repeat of the same request answers what the first did instead of changing anything again. */
  idempotency?: IdempotencyGuard | null;
};

/**
 * Sets whether `userId` likes a discovery; null when there is no such
 * discovery. Idempotent: liking twice is one like, unliking what was never
 * liked changes nothing. The like row and the discovery's count move together
 * in one transaction that holds the discovery's row (see changeLike), so
 * parallel requests can neither double-count nor go negative.
 */
export async function setLike(db: Kysely<Database>, input: LikeInput & { liked: boolean }): Promise<LikeState | null> {
  return changeLike(db, input, () => input.liked);
}

/** Flips the hunter's like (what SPEC.md §7's POST /api/discoveries/{id}/like does); null for an unknown discovery. */
export async function toggleLike(db: Kysely<Database>, input: LikeInput): Promise<LikeState | null> {
  return changeLike(db, input, (likedNow) => !likedNow);
}

/**
 * Reads whether the hunter likes the discovery now and applies `decide`'s
 * answer, in one transaction that first locks the discovery's row (a write
 * that changes nothing): on PostgreSQL two toggles at the same instant would
 * otherwise both read "not liked" and both like, where one after the other
 * they like then unlike. SQLite runs one write transaction at a time anyway.
 */
async function changeLike(db: Kysely<Database>, input: LikeInput, decide: (likedNow: boolean) => boolean): Promise<LikeState | null> {
  const { result } = await guardedTransaction(
    db,
    input.idempotency ?? null,
    async (trx): Promise<LikeState | null> => {
      const discovery = await trx
        .updateTable("discoveries")
        .set((eb) => ({ like_count: eb.ref("like_count") }))
        .where("id", "=", input.discoveryId)
        .returning(["id", "user_id", "jimmy_id"])
        .executeTakeFirst();
      if (!discovery) return null;
      const current = await trx
        .selectFrom("likes")
        .select("user_id")
        .where("discovery_id", "=", discovery.id)
        .where("user_id", "=", input.userId)
        .executeTakeFirst();
      const liked = decide(current !== undefined);
      if (liked && !current) {
        await trx
          .insertInto("likes")
          .values({ discovery_id: discovery.id, user_id: input.userId, created_at: (input.now ?? new Date()).toISOString() })
          .execute();
        await adjustLikeCount(trx, discovery.id, 1);
        if (discovery.user_id !== input.userId) {
          await notifyLike(trx, {
            recipientId: discovery.user_id,
            actorId: input.userId,
            discoveryId: discovery.id,
            jimmyId: discovery.jimmy_id,
            now: input.now,
          });
        }
      } else if (!liked && current) {
        await trx.deleteFrom("likes").where("discovery_id", "=", discovery.id).where("user_id", "=", input.userId).execute();
        await adjustLikeCount(trx, discovery.id, -1);
        await retractLikeNotification(trx, { actorId: input.userId, discoveryId: discovery.id });
      }
      const after = await trx.selectFrom("discoveries").select("like_count").where("id", "=", discovery.id).executeTakeFirstOrThrow();
      return { isLiked: liked, likeCount: after.like_count };
    },
    input.now,
  );
  return result;
}

async function adjustLikeCount(trx: Transaction<Database>, discoveryId: number, delta: 1 | -1) {
  await trx
    .updateTable("discoveries")
    .set({ like_count: delta > 0 ? sql`like_count + 1` : sql`case when like_count > 0 then like_count - 1 else 0 end` })
    .where("id", "=", discoveryId)
    .execute();
}

/** Which of `discoveryIds` the hunter likes. */
export async function likedAmong(db: Kysely<Database>, userId: number, discoveryIds: readonly number[]): Promise<Set<number>> {
  if (discoveryIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("likes")
    .select("discovery_id")
    .where("user_id", "=", userId)
    .where("discovery_id", "in", [...discoveryIds])
    .execute();
  return new Set(rows.map((row) => Number(row.discovery_id)));
}

/** The discoveries a hunter likes. */
export function likesOfHunter(db: Kysely<Database>, userId: number) {
  return db.selectFrom("likes").select("discovery_id").where("user_id", "=", userId).execute();
}
