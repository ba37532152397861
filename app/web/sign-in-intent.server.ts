import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { COMMENT_MAX_LENGTH } from "~/lib/comments";
import { env } from "~/infra/env.server";

/**
 * What a signed-out visitor asked for when they were sent to sign in (a like,
 * a watch, the comment they had typed), kept in a short-lived signed cookie while they
 * sign in, with any provider. The page they come back to reads it, and only
 * when its address carries the same `pending` id: a link from elsewhere cannot
 * make a page act for a hunter, and an intent is used on the page it was made
 * for, not on every later visit. The act itself is always a POST that page
 * makes (a form, submitted for them with JavaScript or by their click).
 */
export type SignInIntent =
  | { id: string; kind: "like"; discoveryId: number }
  | { id: string; kind: "watch"; serialNumber: number }
  | { id: string; kind: "comment"; serialNumber: number; content: string };

/** The address parameter naming the intent (not "intent": the like form already posts a field of that name). */
export const INTENT_PARAM = "pending";

/** Long enough to sign in with a provider, short enough that a forgotten intent does not come back much later. */
const INTENT_MAX_AGE_SECONDS = 15 * 60;

/**
 * A cookie holds about 4 KB; a comment of 1,000 characters may be three times
 * that in UTF-8 (signed and encoded, a third more). A longer one is kept in
 * part: the rest is still in the browser's own draft when JavaScript runs.
 */
const COMMENT_BYTES_KEPT = 2_000;

const IntentSchema = z.discriminatedUnion("kind", [
  z.object({ id: z.string().min(8).max(64), kind: z.literal("like"), discoveryId: z.number().int().positive() }),
  z.object({ id: z.string().min(8).max(64), kind: z.literal("watch"), serialNumber: z.number().int().positive() }),
  z.object({
    id: z.string().min(8).max(64),
    kind: z.literal("comment"),
    serialNumber: z.number().int().positive(),
    content: z.string().max(COMMENT_MAX_LENGTH),
  }),
]);

function intentCookie() {
  const config = env();
  const secure = config.isProduction && config.publicUrl.protocol === "https:";
  return createCookie(secure ? "__Host-jh_intent" : "jh_intent", {
    httpOnly: true,
    // Lax: sent on the top-level navigation back from a provider's sign-in.
    sameSite: "lax",
    path: "/",
    secure,
    secrets: config.sessionSecrets,
    maxAge: INTENT_MAX_AGE_SECONDS,
  });
}

/** `text` cut to at most `bytes` bytes of UTF-8, never inside a character. */
export function keepBytes(text: string, bytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= bytes) return text;
  let kept = "";
  for (const char of text) {
    if (encoder.encode(kept + char).length > bytes) break;
    kept += char;
  }
  return kept;
}

type NewIntent =
  | { kind: "like"; discoveryId: number }
  | { kind: "watch"; serialNumber: number }
  | { kind: "comment"; serialNumber: number; content: string };

/** Remembers `intent` for the page after sign-in: the Set-Cookie header, and the id that page's address must carry. */
export async function rememberIntent(intent: NewIntent): Promise<{ id: string; header: string }> {
  const id = crypto.randomUUID();
  const kept =
    intent.kind === "comment" ? { ...intent, content: keepBytes(intent.content.slice(0, COMMENT_MAX_LENGTH), COMMENT_BYTES_KEPT) } : intent;
  return { id, header: await intentCookie().serialize({ id, ...kept }) };
}

/** The intent the request's address names (`?pending=…`), if this browser made it and it has not expired; else null. */
export async function intentOf(request: Request): Promise<SignInIntent | null> {
  const named = new URL(request.url).searchParams.get(INTENT_PARAM);
  if (!named) return null;
  const parsed = IntentSchema.safeParse(await intentCookie().parse(request.headers.get("Cookie")));
  return parsed.success && parsed.data.id === named ? parsed.data : null;
}

/** The Set-Cookie header that forgets the intent once it has been acted on. */
export async function forgetIntentHeader(): Promise<string> {
  return intentCookie().serialize("", { maxAge: 0 });
}

/** The comment a visitor typed before signing in to post it on Jimmy #`serialNumber`, when the request's address names it; else null. */
export async function commentDraftOf(request: Request, serialNumber: number): Promise<string | null> {
  const intent = await intentOf(request);
  return intent?.kind === "comment" && intent.serialNumber === serialNumber ? intent.content : null;
}
