import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema";
import type { CommentView } from "~/lib/comments";

export type NewCommentInput = {
  jimmyId: number;
  userId: number | null;
  authorName: string | null;
  isAdmin: boolean;
  content: string;
  createdAt: string;
};

/** Adds a comment and keeps the Jimmy's comment count in step, in one transaction. */
export async function addComment(db: Kysely<Database>, input: NewCommentInput) {
  return db.transaction().execute(async (trx) => {
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
  });
}

/** A Jimmy's comments, newest first. */
export async function listComments(db: Kysely<Database>, jimmyId: number, limit = 200): Promise<CommentView[]> {
  const rows = await db
    .selectFrom("comments")
    .select(["id", "content", "author_name", "is_admin", "created_at"])
    .where("jimmy_id", "=", jimmyId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    authorName: r.author_name,
    isAdmin: r.is_admin === 1,
    createdAt: r.created_at,
  }));
}
