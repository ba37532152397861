import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema";
import type { CommentView } from "~/lib/comments";
import { guardedTransaction, type IdempotencyGuard } from "./idempotency.server";
import { notifyComment } from "./notifications.server";
import type { Executor } from "~/infra/db.server";

export type NewCommentInput = {
  jimmyId: number;
  userId: number | null;
  authorName: string | null;
  isAdmin: boolean;
  content: string;
  createdAt: string;
};

async function insertComment(trx: Executor, input: NewCommentInput) {
  const row = await trx
    .insertInto("comments")
    .values({
      jimmy_id: input.jimmyId,
      user_id: input.userId,
      author_name: input.authorName,
      is_admin: input.isAdmin ? 1 : 0,
      content: input.content,
      created_at: input.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("jimmys")
    .set({ comment_count: sql`comment_count + 1` })
    .where("id", "=", input.jimmyId)
    .execute();
  return row;
}

/** Adds a comment and keeps the Jimmy's comment count in step, in one transaction. */
export async function addComment(db: Kysely<Database>, input: NewCommentInput) {
  return db.transaction().execute((trx) => insertComment(trx, input));
}

/** How long an identical comment by the same author is refused as a repeat. */
export const DUPLICATE_COMMENT_WINDOW_MS = 5 * 60 * 1000;

export type PublishCommentResult = { ok: true; commentId: number; replayed?: boolean } | { ok: false; reason: "duplicate" };

/**
 * Publishes a comment: refuses the same text by the same author on the same
 * Jimmy within five minutes (a double submit or a bot repeating itself),
 * then stores it, counts it and notifies the Jimmy's finders, all in one
 * transaction. `notifyAs` is the author as finders should see it. With an
 * idempotency key, a repeat answers the first result (`replayed`).
 */
export async function publishComment(
  db: Kysely<Database>,
  input: NewCommentInput & { notifyAs: string | null; idempotency?: IdempotencyGuard | null },
): Promise<PublishCommentResult> {
  const { result, replayed } = await guardedTransaction(
    db,
    input.idempotency ?? null,
    async (trx): Promise<PublishCommentResult> => {
      // Locks the Jimmy's row (a write that changes nothing) before looking for
      // a repeat: on PostgreSQL a double submit's two requests would otherwise
      // both find no repeat and both be stored. SQLite runs one write
      // transaction at a time anyway.
      await trx
        .updateTable("jimmys")
        .set((eb) => ({ comment_count: eb.ref("comment_count") }))
        .where("id", "=", input.jimmyId)
        .execute();
      const since = new Date(Date.parse(input.createdAt) - DUPLICATE_COMMENT_WINDOW_MS).toISOString();
      let repeat = trx
        .selectFrom("comments")
        .select("id")
        .where("jimmy_id", "=", input.jimmyId)
        .where("created_at", ">", since)
        .where("content", "=", input.content)
        .where("is_admin", "=", input.isAdmin ? 1 : 0);
      repeat =
        input.userId !== null
          ? repeat.where("user_id", "=", input.userId)
          : repeat.where("user_id", "is", null).where("author_name", input.authorName === null ? "is" : "=", input.authorName);
      if (await repeat.executeTakeFirst()) return { ok: false, reason: "duplicate" };
      const row = await insertComment(trx, input);
      await notifyComment(trx, {
        jimmyId: input.jimmyId,
        commentId: row.id,
        actorUserId: input.userId,
        actorName: input.notifyAs,
        now: new Date(input.createdAt),
      });
      return { ok: true, commentId: row.id };
    },
    new Date(input.createdAt),
  );
  return result.ok && replayed ? { ...result, replayed } : result;
}

type CommentRow = {
  id: number;
  content: string;
  author_name: string | null;
  is_admin: number;
  user_id: number | null;
  created_at: string;
  edited_at: string | null;
};

function toCommentView(row: CommentRow): CommentView {
  return {
    id: row.id,
    content: row.content,
    authorName: row.author_name,
    isAdmin: row.is_admin === 1,
    byHunter: row.user_id !== null && row.is_admin !== 1,
    hunterId: row.is_admin !== 1 ? row.user_id : null,
    createdAt: row.created_at,
    editedAt: row.edited_at,
  };
}

const COMMENT_COLUMNS = ["id", "content", "author_name", "is_admin", "user_id", "created_at", "edited_at"] as const;

/** A Jimmy's comments, newest first. */
export async function listComments(db: Kysely<Database>, jimmyId: number, limit = 200): Promise<CommentView[]> {
  const rows = await db
    .selectFrom("comments")
    .select(COMMENT_COLUMNS)
    .where("jimmy_id", "=", jimmyId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toCommentView);
}

/** One comment as the pages show it, or null. */
export async function findComment(db: Kysely<Database>, id: number): Promise<CommentView | null> {
  const row = await db.selectFrom("comments").select(COMMENT_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toCommentView(row) : null;
}

export type AdminComment = CommentView & { serialNumber: number };

/** The most recent comments on any Jimmy, newest first. */
export async function listRecentComments(db: Kysely<Database>, limit = 20): Promise<AdminComment[]> {
  const rows = await db
    .selectFrom("comments as c")
    .innerJoin("jimmys as j", "j.id", "c.jimmy_id")
    .select(["c.id", "c.content", "c.author_name", "c.is_admin", "c.user_id", "c.created_at", "c.edited_at", "j.serial_number"])
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...toCommentView(r), serialNumber: r.serial_number }));
}

/** Deletes a comment and keeps its Jimmy's comment count in step; returns what was deleted, or null. */
export async function deleteComment(db: Kysely<Database>, id: number): Promise<{ jimmyId: number; serialNumber: number } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("comments as c")
      .innerJoin("jimmys as j", "j.id", "c.jimmy_id")
      .select(["c.jimmy_id", "j.serial_number"])
      .where("c.id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom("comments").where("id", "=", id).execute();
    await trx
      .updateTable("jimmys")
      .set({ comment_count: sql`case when comment_count > 0 then comment_count - 1 else 0 end` })
      .where("id", "=", row.jimmy_id)
      .execute();
    return { jimmyId: row.jimmy_id, serialNumber: row.serial_number };
  });
}

export type OwnedComment = CommentView & { userId: number | null; jimmyId: number; serialNumber: number };

/** A comment with who wrote it and where, for its author's edit and delete pages; null when there is none. */
export async function findCommentWithOwner(db: Kysely<Database>, id: number): Promise<OwnedComment | null> {
  const row = await db
    .selectFrom("comments as c")
    .innerJoin("jimmys as j", "j.id", "c.jimmy_id")
    .select([
      "c.id",
      "c.content",
      "c.author_name",
      "c.is_admin",
      "c.created_at",
      "c.edited_at",
      "c.user_id",
      "c.jimmy_id",
      "j.serial_number",
    ])
    .where("c.id", "=", id)
    .executeTakeFirst();
  return row ? { ...toCommentView(row), userId: row.user_id, jimmyId: row.jimmy_id, serialNumber: row.serial_number } : null;
}

/** Replaces a comment's text and marks it edited; false when it no longer exists. */
export async function editComment(db: Kysely<Database>, id: number, content: string, now = new Date()): Promise<boolean> {
  const result = await db.updateTable("comments").set({ content, edited_at: now.toISOString() }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The ids of a hunter's comments. */
export function commentIdsOfHunter(db: Executor, userId: number) {
  return db.selectFrom("comments").select("id").where("user_id", "=", userId).execute();
}
