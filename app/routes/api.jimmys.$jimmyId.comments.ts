import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { CommentFormSchema } from "~/lib/comment-schema";
import { findComment, listComments } from "~/models/comments.server";
import { findJimmyById } from "~/models/jimmys.server";
import { apiError, apiJson, readIdempotencyKey, readJson, REPLAYED_HEADERS, requireApiMutation, requireApiUser } from "~/web/api.server";
import { clientAddress } from "~/web/client-address.server";
import { hashRequest } from "~/web/request-hash.server";
import { commentGuard, submitComment, type CommentAuthor } from "~/services/comments.server";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { isAdmin } from "~/web/session.server";
import { MAX_ROW_ID } from "~/lib/ids";
import type { Translate } from "~/lib/language";
import { requestT } from "~/web/language.server";

const IdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

async function jimmyFrom(params: LoaderFunctionArgs["params"], t: Translate) {
  const id = IdSchema.safeParse(params.jimmyId);
  if (!id.success) throw apiError(400, t("The Jimmy id must be a positive whole number."));
  const jimmy = await findJimmyById(getDb(), id.data);
  if (!jimmy) throw apiError(404, t("There is no Jimmy with id {id}.", { id: String(id.data) }));
  return jimmy;
}

/** GET /api/jimmys/{jimmyId}/comments (SPEC.md §7): the Jimmy's comments, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const jimmy = await jimmyFrom(params, requestT(request));
  return apiJson(await listComments(getDb(), jimmy.id));
}

/**
 * POST /api/jimmys/{jimmyId}/comments (SPEC.md §7): JSON {content}, from a
 * signed-in hunter (or an admin session, posting as the hunt). The page's
 * form is where guests comment: its honeypot and fill-time checks need a
 * rendered form, which an API client has not got, so the API asks for a
 * sign-in instead (docs/api.md). The comment is posted under the hunter's
 * account name, whatever `authorName` says; the same rules as the form apply
 * otherwise (length, the per-hunter limit, no repeats within 5 minutes).
 * Answers 201 with the created comment; with an `Idempotency-Key`, a repeat
 * answers the same comment again.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const t = requestT(request);
  if (request.method !== "POST") return apiError(405, t("Use POST to comment."));
  requireApiMutation(request);
  const db = getDb();
  const author: CommentAuthor = (await isAdmin(request, { db }))
    ? { kind: "admin", huntName: env().hunt.name }
    : await requireApiUser(request).then((user) => ({
        kind: "hunter",
        userId: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
      }));
  const jimmy = await jimmyFrom(params, t);
  const key = readIdempotencyKey(request);
  const body = await readJson(request, CommentFormSchema);
  const address = clientAddress(request, context);
  const result = await submitComment(db, {
    jimmyId: jimmy.id,
    comment: body,
    author,
    address,
    idempotency: commentGuard(key, { author, address }, hashRequest(request, body)),
    t,
  }).catch((error: unknown) => {
    if (error instanceof IdempotencyKeyReusedError) return { ok: false as const, status: 422 as const, message: error.message };
    throw error;
  });
  if (!result.ok) {
    // The rate limit's message comes worded; the others are messages (msg) to word.
    const message = result.status === 429 ? result.message : t(result.message);
    const response = apiError(result.status, message, "field" in result ? { field: result.field } : {});
    if (result.status === 429) response.headers.set("Retry-After", String(result.retryAfterSeconds));
    return response;
  }
  const created = await findComment(db, result.commentId);
  return apiJson(created, { status: 201, headers: result.replayed ? REPLAYED_HEADERS : {} });
}
