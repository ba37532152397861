import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { likeGuard, toggleLike } from "~/models/likes.server";
import { apiError, apiJson, readIdempotencyKey, requireApiMutation, requireApiUser } from "~/web/api.server";
import { getDb } from "~/infra/db.server";
import { consumeHunterLimit } from "~/services/rate-limit.server";
import { rateLimitedJson } from "~/web/rate-limit.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { hashRequest } from "~/web/request-hash.server";
import { requestT } from "~/web/language.server";

const IdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/**
 * POST /api/discoveries/{id}/like (SPEC.md §7): flips the signed-in hunter's
 * like and answers the new state, {isLiked, likeCount}. With an
 * `Idempotency-Key`, a repeat answers the first result instead of flipping again.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const t = requestT(request);
  if (request.method !== "POST") return apiError(405, t("Use POST to like or unlike."));
  requireApiMutation(request);
  const user = await requireApiUser(request);
  const key = readIdempotencyKey(request);
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(400, t("The discovery id must be a positive whole number."));
  const db = getDb();
  const limit = await consumeHunterLimit(db, "likePerHunter", user.id);
  if (!limit.allowed) return rateLimitedJson("likePerHunter", limit, t);
  let state;
  try {
    state = await toggleLike(db, { discoveryId: id.data, userId: user.id, idempotency: likeGuard(user.id, key, hashRequest(request, {})) });
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) return apiError(422, t(error.message));
    throw error;
  }
  if (!state) return apiError(404, t("There is no discovery {id}.", { id: String(id.data) }));
  return apiJson(state);
}

export function loader({ request }: { request: Request }) {
  const t = requestT(request);
  return apiError(405, t("Use POST to like or unlike."));
}
