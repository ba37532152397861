import type { CommentFormInput } from "~/lib/comment-schema";
import { fullName } from "~/lib/format";
import { publishComment, type PublishCommentResult } from "~/models/comments.server";
import { findIdempotentResult, type IdempotencyGuard } from "~/models/idempotency.server";
import type { DB } from "~/infra/db.server";
import { hunterNameTaken } from "~/models/users.server";
import { env } from "~/infra/env.server";
import { claimsTeam, HUNTER_NAME_TEXT, nameKey, TEAM_NAME_TEXT } from "./names.server";
import { consumeHunterLimit, consumeRateLimit, rateLimitedText } from "./rate-limit.server";
import { msg, type Translate } from "~/lib/language";

const DUPLICATE_TEXT = msg("You just posted this comment. It's already on Jimmy's page.");

export type CommentAuthor =
  /** An admin session: posted as the hunt itself (crown and the hunt's avatar), whatever name was typed. */
  { kind: "admin"; huntName: string } | { kind: "hunter"; userId: number; firstName: string; lastName: string } | { kind: "guest" };

/**
 * A refusal's `message` is a message to word for the reader with `t` (msg), except the 429's,
 * which comes worded (rateLimitedText, with the input's `t`: English without one).
 */
export type SubmitCommentResult =
  | { ok: true; commentId: number; replayed?: boolean }
  | { ok: false; status: 409 | 422; message: string }
  | { ok: false; status: 400; field: "authorName"; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * Whose idempotency key a comment's is. From the page's form, the form's own
 * token: each copy of the page gets one (even copies from the anonymous page
 * cache, ADR 007), so two visitors never share a key. From the JSON API, the
 * hunter, the admin session, or a guest's address. `request` is the
 * request's hash (hashRequest): the key sent again with another comment is refused.
 */
export function commentGuard(
  key: string | null,
  from: { formToken: string } | { author: CommentAuthor; address: string | null },
  request?: string,
): IdempotencyGuard | null {
  if (!key) return null;
  if ("formToken" in from) return { scope: `comment-form:${from.formToken}`, key, kind: "comment", request };
  const { author } = from;
  const scope =
    author.kind === "admin" ? "admin" : author.kind === "hunter" ? `user:${author.userId}` : `guest:${from.address ?? "unknown"}`;
  return { scope, key, kind: "comment", request };
}

/**
 * Why a guest may not post under `name`, or null: the hunt's team's names and
 * registered hunters' names are theirs (compared folded: case, look-alike and
 * invisible characters, names.server.ts).
 */
export async function guestNameRefusal(db: DB, name: string, huntName = env().hunt.name): Promise<string | null> {
  if (claimsTeam(name, huntName)) return TEAM_NAME_TEXT;
  const key = nameKey(name);
  if (key.lower === "" && key.upper === "") return null;
  return (await hunterNameTaken(db, key, nameKey)) ? HUNTER_NAME_TEXT : null;
}

/**
 * Posts a validated comment for whoever is asking: names the author (a
 * signed-in hunter's account name whatever the form sent; a guest's name
 * unless it is the team's or a registered hunter's, nothing for a guest who
 * left it blank), applies the rate limit (per hunter when signed in, per
 * address for guests; admins are exempt), and refuses a repeat of the same
 * comment. Shared by the Jimmy page's form and the JSON API. A comment
 * repeating an idempotency key already recorded is answered with the first
 * comment before any of that (it must not count against the limit, nor be
 * refused as a repeat).
 */
export async function submitComment(
  db: DB,
  input: {
    jimmyId: number;
    comment: CommentFormInput;
    author: CommentAuthor;
    address: string | null;
    idempotency?: IdempotencyGuard | null;
    now?: Date;
    /** Words the rate limit's refusal: the request's (requestT(request)). */
    t?: Translate;
  },
): Promise<SubmitCommentResult> {
  const now = input.now ?? new Date();
  const { author } = input;
  const guard = input.idempotency ?? null;
  const first = guard ? await findIdempotentResult<PublishCommentResult>(db, guard, now) : null;
  if (first?.ok) return { ok: true, commentId: first.commentId, replayed: true };
  if (first) return { ok: false, status: 409, message: DUPLICATE_TEXT };
  const authorName =
    author.kind === "admin"
      ? null
      : author.kind === "hunter"
        ? fullName(author.firstName, author.lastName) || null
        : (input.comment.authorName ?? null);
  if (author.kind === "guest" && authorName !== null) {
    const refusal = await guestNameRefusal(db, authorName);
    if (refusal) return { ok: false, status: 400, field: "authorName", message: refusal };
  }
  if (author.kind !== "admin") {
    const limit =
      author.kind === "hunter"
        ? await consumeHunterLimit(db, "commentPerHunter", author.userId, now)
        : // Without a known address guests share one bucket: it errs on the side of limiting.
          await consumeRateLimit(db, "commentPerAddress", input.address ?? "unknown", now);
    if (!limit.allowed) {
      return {
        ok: false,
        status: 429,
        message: rateLimitedText(author.kind === "hunter" ? "commentPerHunter" : "commentPerAddress", limit, input.t),
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
  }
  const result = await publishComment(db, {
    jimmyId: input.jimmyId,
    userId: author.kind === "hunter" ? author.userId : null,
    authorName,
    isAdmin: author.kind === "admin",
    content: input.comment.content,
    createdAt: now.toISOString(),
    notifyAs: author.kind === "admin" ? author.huntName : authorName,
    idempotency: guard,
  });
  if (!result.ok) {
    return { ok: false, status: 409, message: DUPLICATE_TEXT };
  }
  return { ok: true, commentId: result.commentId, ...(result.replayed ? { replayed: true } : {}) };
}
