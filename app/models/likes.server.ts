import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "#db/schema";
import { notifyLike, retractLikeNotification } from "./notifications.server";

export type LikeState = { isLiked: boolean; likeCount: number };

/**
 * Sets whether `userId` likes a discovery; null when there is no such
 * discovery. Idempotent: liking twice is one like, unliking what was never
 * liked changes nothing. The like row and the discovery's count move together
 * in one transaction, and the count only moves when a row was really added or
 * removed, so parallel requests can neither double-count nor go negative.
 */
export async function setLike(
  db: Kysely<Database>,
  input: { discoveryId: number; userId: number; liked: boolean; now?: Date },
): Promise<LikeState | null> {
  return db.transaction().execute(async (trx) => {
    const discovery = await trx
      .selectFrom("discoveries")
      .select(["id", "user_id", "jimmy_id"])
      .where("id", "=", input.discoveryId)
      .executeTakeFirst();
    if (!discovery) return null;
    if (input.liked) {
      const added = await trx
        .insertInto("likes")
        .values({ discovery_id: discovery.id, user_id: input.userId, created_at: (input.now ?? new Date()).toISOString() })
        .onConflict((oc) => oc.columns(["discovery_id", "user_id"]).doNothing())
        .returning("discovery_id")
        .executeTakeFirst();
      if (added) {
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
      }
    } else {
      const removed = await trx
        .deleteFrom("likes")
        .where("discovery_id", "=", discovery.id)
        .where("user_id", "=", input.userId)
        .returning("discovery_id")
        .executeTakeFirst();
      if (removed) {
        await adjustLikeCount(trx, discovery.id, -1);
        await retractLikeNotification(trx, { actorId: input.userId, discoveryId: discovery.id });
      }
    }
    const after = await trx.selectFrom("discoveries").select("like_count").where("id", "=", discovery.id).executeTakeFirstOrThrow();
    return { isLiked: input.liked, likeCount: after.like_count };
  });
}

/** Flips the hunter's like (what SPEC.md §7's POST /api/discoveries/{id}/like does); null for an unknown discovery. */
export async function toggleLike(
  db: Kysely<Database>,
  input: { discoveryId: number; userId: number; now?: Date },
): Promise<LikeState | null> {
  const existing = await db
    .selectFrom("likes")
    .select("user_id")
    .where("discovery_id", "=", input.discoveryId)
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  return setLike(db, { ...input, liked: !existing });
}

async function adjustLikeCount(trx: Transaction<Database>, discoveryId: number, delta: 1 | -1) {
  await trx
    .updateTable("discoveries")
    .set({ like_count: delta > 0 ? sql`like_count + 1` : sql`case when like_count > 0 then like_count - 1 else 0 end` })
    .where("id", "=", discoveryId)
    .execute();
}
