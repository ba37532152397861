import crypto from "node:crypto";
import { HONEYPOT_FIELD } from "~/lib/comments";
import { env } from "~/infra/env.server";
import { msg } from "~/lib/language";

/** People need a few seconds to write anything; a form posted faster than this was filled by a script. */
export const MIN_FILL_MS = 2000;
/** A form rendered longer ago than this is stale; the visitor gets a fresh one. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const FORM_TOKEN_FIELD = "formToken";

function sign(issuedAt: number, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`comment-form:${issuedAt}`).digest("base64url");
}

/**
 * A token recording when the comment form was rendered, signed so a bot
 * cannot simply claim it rendered the form long ago.
 */
export function issueFormToken(now = new Date(), secrets = env().sessionSecrets): string {
  const issuedAt = now.getTime();
  return `${issuedAt}.${sign(issuedAt, secrets[0]!)}`;
}

let lastIssuedAt = 0;

/**
 * issueFormToken for each copy of a page, never the same token twice from
 * this process (two copies in one millisecond get consecutive times): the
 * comment form's idempotency key is scoped by this token, so no two visitors
 * may share one.
 */
export function issueUniqueFormToken(): string {
  lastIssuedAt = Math.max(Date.now(), lastIssuedAt + 1);
  return issueFormToken(new Date(lastIssuedAt));
}

/** `message` is a message (msg) to word for the reader with `t`. */
export type SpamVerdict = { ok: true } | { ok: false; reason: "honeypot" | "token" | "too_fast" | "expired"; message: string };

const REJECTED = msg("We couldn't post that comment. Please reload the page and try again.");

/**
 * The checks a comment form must pass before its content is even read: the
 * honeypot field is present and empty (a bot that fills every field, or posts
 * without loading the form, fails), and the signed render time is genuine and
 * at least MIN_FILL_MS old.
 */
export function checkCommentForm(form: FormData, now = new Date(), secrets = env().sessionSecrets): SpamVerdict {
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot !== "string" || honeypot !== "") return { ok: false, reason: "honeypot", message: REJECTED };
  const token = form.get(FORM_TOKEN_FIELD);
  const match = typeof token === "string" ? /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return { ok: false, reason: "token", message: REJECTED };
  const issuedAt = Number(match[1]);
  const signature = Buffer.from(match[2]!);
  const genuine = secrets.some((secret) => {
    const expected = Buffer.from(sign(issuedAt, secret));
    return expected.length === signature.length && crypto.timingSafeEqual(expected, signature);
  });
  if (!genuine) return { ok: false, reason: "token", message: REJECTED };
  const age = now.getTime() - issuedAt;
  if (age < MIN_FILL_MS) {
    return {
      ok: false,
      reason: "too_fast",
      message: msg("That was quick! Please take a moment to check your comment, then post it again."),
    };
  }
  if (age > FORM_TOKEN_MAX_AGE_MS) {
    return { ok: false, reason: "expired", message: msg("This page was open for a long time. Please post your comment again.") };
  }
  return { ok: true };
}
