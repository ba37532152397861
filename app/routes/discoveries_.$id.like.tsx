import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { loginHref, safeRedirect } from "~/lib/redirect";
import { INTENT_PARAM, rememberIntent } from "~/web/sign-in-intent.server";
import {
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_INVALID_TEXT,
  IDEMPOTENCY_KEY_REUSED_FORM_TEXT,
  parseIdempotencyKey,
} from "~/lib/idempotency";
import { hashRequest } from "~/web/request-hash.server";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { likeGuard, setLike } from "~/models/likes.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import { checkFields } from "~/web/form-action.server";
import { consumeHunterLimit, rateLimitedText } from "~/services/rate-limit.server";
import { retryAfterHeaders } from "~/web/rate-limit.server";
import { getUser } from "~/web/session.server";
import { readForm } from "~/web/form.server";
import { MAX_ROW_ID } from "~/lib/ids";
import type { Translate } from "~/lib/language";
import { requestT } from "~/web/language.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

const LikeFormSchema = z.object({
  discoveryId: z.coerce.number().int().positive().max(MAX_ROW_ID),
  /** The state the hunter asked for, so a repeated or retried post changes nothing. */
  intent: z.enum(["like", "unlike"]),
  enhanced: z.literal("1").optional(),
});

const likeFailed = (t: Translate) => ({ title: t("Error"), description: t("Failed to update like"), variant: "destructive" }) as const;

const DiscoveryIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** Likes have no page of their own (the one after sign-in is discoveries_.$id.like_.confirm); a stray visit goes home. */
export function loader() {
  return redirect("/");
}

/** A like asked for while signed out: remembered, then off to sign in, and on to the page that makes it (discoveries_.$id.like_.confirm). */
async function signInFirst(form: FormData, discoveryId: string | undefined, back: string): Promise<Response> {
  const id = checkFields(DiscoveryIdSchema, discoveryId);
  if (form.get("intent") !== "like" || !id.ok) return redirect(loginHref(back));
  const intent = await rememberIntent({ kind: "like", discoveryId: id.data });
  const next = `/discoveries/${id.data}/like/confirm?${new URLSearchParams({ redirectTo: back, [INTENT_PARAM]: intent.id })}`;
  return redirect(loginHref(next), { headers: { "Set-Cookie": intent.header } });
}

/**
 * The like button's form. With JavaScript (`enhanced`) it answers the new
 * state for the card to show; without, it redirects back to the same card.
 * Signed-out visitors are sent to sign in and brought back to the card. A
 * repeat of the button's idempotency key answers the first result.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = requestT(request);
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/");
  const user = await getUser(request);
  if (!user) return signInFirst(form, params.id, back);
  const parsed = checkFields(LikeFormSchema, {
    discoveryId: params.id,
    intent: form.get("intent"),
    enhanced: form.get("enhanced") || undefined,
  });
  const enhanced = form.get("enhanced") === "1";
  const failure = async (status: number, error: string) => {
    if (enhanced) return Response.json({ error }, { status });
    return redirectWithToast(back, likeFailed(t));
  };
  if (!parsed.ok) return failure(400, t("That like request wasn't understood. Please reload the page."));
  const db = getDb();
  const limit = await consumeHunterLimit(db, "likePerHunter", user.id);
  if (!limit.allowed) {
    const message = rateLimitedText("likePerHunter", limit, t);
    if (enhanced)
      return Response.json({ error: message, retryAfter: limit.retryAfterSeconds }, { status: 429, headers: retryAfterHeaders(limit) });
    // Without JavaScript the answer must be a page: back to the card, with the reason as a toast.
    return redirectWithToast(
      back,
      { title: t("Slow down"), description: message, variant: "destructive" },
      { headers: retryAfterHeaders(limit) },
    );
  }
  const key = parseIdempotencyKey(form.get(IDEMPOTENCY_KEY_FIELD));
  if (key === "invalid") return failure(400, t(IDEMPOTENCY_KEY_INVALID_TEXT));
  let result;
  try {
    result = await setLike(db, {
      discoveryId: parsed.data.discoveryId,
      userId: user.id,
      liked: parsed.data.intent === "like",
      idempotency: likeGuard(user.id, key, hashRequest(request, { intent: parsed.data.intent })),
    });
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) return failure(422, t(IDEMPOTENCY_KEY_REUSED_FORM_TEXT));
    throw error;
  }
  if (!result) return failure(404, t("This discovery no longer exists."));
  if (enhanced) return Response.json({ isLiked: result.isLiked, likeCount: result.likeCount });
  return redirect(back);
}
