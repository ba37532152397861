import type { CommentFormInput } from "~/lib/comment-schema";
import { fullName } from "~/lib/format";
import { publishComment } from "~/models/comments.server";
import type { DB } from "./db.server";
import { consumeRateLimit, waitText } from "./rate-limit.server";

export type CommentAuthor =
  /** An admin session: posted as the hunt itself (crown and the hunt's avatar), whatever name was typed. */
  | { kind: "admin"; huntName: string }
  | { kind: "hunter"; userId: number; firstName: string; lastName: string }
  | { kind: "guest" };

export type SubmitCommentResult =
  | { ok: true; commentId: number }
  | { ok: false; status: 409; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * Posts a validated comment for whoever is asking: applies the per-address
 * rate limit (admins are exempt), names the author (a signed-in hunter's own
 * name unless they typed another, nothing for a guest who left it blank), and
 * refuses a repeat of the same comment. Shared by the Jimmy page's form and
 * the JSON API.
 */
export async function submitComment(
  db: DB,
  input: { jimmyId: number; comment: CommentFormInput; author: CommentAuthor; address: string | null; now?: Date },
): Promise<SubmitCommentResult> {
  const now = input.now ?? new Date();
  const { author } = input;
  if (author.kind !== "admin") {
    // Without a known address a hunter is counted alone and guests share one bucket: it errs on the side of limiting.
    const subject = input.address ?? (author.kind === "hunter" ? `user:${author.userId}` : "unknown");
    const limit = await consumeRateLimit(db, "commentPerAddress", subject, now);
    if (!limit.allowed) {
      return {
        ok: false,
        status: 429,
        message: `You've posted a lot of comments in a short time. Please wait ${waitText(limit.retryAfterSeconds)} and try again.`,
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
  }
  const authorName =
    author.kind === "admin"
      ? null
      : (input.comment.authorName ?? (author.kind === "hunter" ? fullName(author.firstName, author.lastName) || null : null));
  const result = await publishComment(db, {
    jimmyId: input.jimmyId,
    userId: author.kind === "hunter" ? author.userId : null,
    authorName,
    isAdmin: author.kind === "admin",
    content: input.comment.content,
    createdAt: now.toISOString(),
    notifyAs: author.kind === "admin" ? author.huntName : authorName,
  });
  if (!result.ok) {
    return { ok: false, status: 409, message: "You just posted this comment. It's already on Jimmy's page." };
  }
  return { ok: true, commentId: result.commentId };
}
