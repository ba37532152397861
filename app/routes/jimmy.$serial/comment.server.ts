import { data, type ActionFunctionArgs } from "@remix-run/node";
import { CommentFormSchema } from "~/lib/comment-schema";
import type { CommentActionResult } from "~/lib/comments";
import { fullName } from "~/lib/format";
import { IDEMPOTENCY_KEY_REUSED_FORM_TEXT } from "~/lib/idempotency";
import { parseSerial } from "~/lib/serial";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { checkCommentForm, FORM_TOKEN_FIELD, issueUniqueFormToken } from "~/services/comment-guard.server";
import { commentGuard, submitComment, type CommentAuthor } from "~/services/comments.server";
import { clientAddress } from "~/web/client-address.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { parseForm } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { hashRequest } from "~/web/request-hash.server";
import type { SessionUser } from "~/web/session.server";
import { getUser, isAdmin } from "~/web/session.server";
import { commentDraftOf } from "~/web/sign-in-intent.server";
import { requestT } from "~/web/language.server";

/**
 * How the comment box opens for this reader: a form token when the page is
 * theirs alone (signed in, an admin, or asked for with ?comment=new), the
 * name it posts under and what was typed before signing in.
 */
export async function commentFormSetup(
  request: Request,
  serial: number,
  { user, admin, openForm }: { user: SessionUser | null; admin: boolean; openForm: boolean },
) {
  const t = requestT(request);
  return {
    token: user || admin || openForm ? issueUniqueFormToken() : null,
    // Shared by the copies of a cached page, but scoped by each copy's own token (commentGuard).
    idempotencyKey: crypto.randomUUID(),
    defaultName: user && !admin ? fullName(user.firstName, user.lastName) : "",
    nameHint: admin
      ? t("You're in an admin session, so this comment is posted as {huntName}.", { huntName: env().hunt.name })
      : user
        ? t("You're signed in, so this comment is posted under your account name.")
        : t("Leave it blank to post as Anonymous Hunter. Admins are auto-assigned."),
    openInitially: openForm,
    // A guest may sign in first to post under their name; what they typed comes back with them (comment-sign-in route).
    offerSignIn: !user && !admin,
    draft: user ? await commentDraftOf(request, serial) : null,
  };
}

/**
 * Posts a comment. Anyone may comment, so the form's spam checks run first
 * (honeypot, minimum fill time), then validation, then the per-address rate
 * limit and the repeat check; a repeat of the form's idempotency key gets the
 * first comment's answer. Answers data to the enhanced form; without
 * JavaScript, a redirect to the new comment with a flash message.
 */
export async function postComment({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = requestT(request);
  const serial = parseSerial(params.serial);
  if (serial === null) throw new Response(t("That address doesn't name a Jimmy."), { status: 400 });
  const db = getDb();
  const jimmy = await findJimmyBySerial(db, serial);
  if (!jimmy) throw new Response(t("There is no Jimmy #{serial}.", { serial: String(serial) }), { status: 404 });
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { content: field("content"), authorName: field("authorName") };
  const reject = (
    status: number,
    rest: Omit<Extract<CommentActionResult, { ok: false }>, "ok" | "values" | "formToken">,
    headers?: HeadersInit,
  ) => data<CommentActionResult>({ ok: false, values, formToken: issueUniqueFormToken(), ...rest }, { status, headers });

  const verdict = checkCommentForm(form);
  if (!verdict.ok) return reject(400, { formError: t(verdict.message) });
  const parsed = parseForm(form, CommentFormSchema, values, { idempotencyKey: true });
  if (!parsed.ok) {
    if (parsed.formError) return reject(400, { formError: t(parsed.formError) });
    // The schema's messages (msg in ~/lib/comments), worded for the reader.
    const { content, authorName } = parsed.fieldErrors as { content?: string[]; authorName?: string[] };
    const word = (messages?: string[]) => messages?.map((message) => t(message));
    return reject(400, { fieldErrors: { content: word(content), authorName: word(authorName) } });
  }

  const [user, admin] = await Promise.all([getUser(request, { db }), isAdmin(request, { db })]);
  const author: CommentAuthor = admin
    ? { kind: "admin", huntName: env().hunt.name }
    : user
      ? { kind: "hunter", userId: user.id, firstName: user.firstName, lastName: user.lastName }
      : { kind: "guest" };
  const result = await submitComment(db, {
    jimmyId: jimmy.id,
    comment: parsed.data,
    author,
    address: clientAddress(request, context),
    idempotency: commentGuard(parsed.idempotencyKey, { formToken: field(FORM_TOKEN_FIELD) }, hashRequest(request, parsed.data)),
    t,
  }).catch((error: unknown) => {
    if (error instanceof IdempotencyKeyReusedError)
      return { ok: false as const, status: 422 as const, message: IDEMPOTENCY_KEY_REUSED_FORM_TEXT };
    throw error;
  });
  if (!result.ok) {
    if (result.status === 400) return reject(400, { fieldErrors: { [result.field]: [t(result.message)] } });
    // The rate limit's message comes worded (~/services/rate-limit.server); the others are messages to word.
    if (result.status === 429) return reject(429, { formError: result.message }, { "Retry-After": String(result.retryAfterSeconds) });
    return reject(result.status, { formError: t(result.message) });
  }
  if (field("enhanced") === "1") return data<CommentActionResult>({ ok: true, commentId: result.commentId });
  return redirectWithToast(`/jimmy/${serial}#comment-${result.commentId}`, {
    title: t("Comment posted!"),
    description: t("Your comment has been added to Jimmy's page."),
    variant: "success",
  });
}
