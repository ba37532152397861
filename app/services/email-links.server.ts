/**
 * The signed links an email carries: one-click unsubscribe, and the
 * confirmation of a new address. Both are HMACs keyed by the session
 * secret, so nothing is stored to check them and nobody can forge one for
 * another hunter; rotating the secret (several, comma-separated) keeps the
 * links of the older one working.
 */
import crypto from "node:crypto";
import { env } from "~/infra/env.server";

function mac(secret: string, purpose: string, subject: string): string {
  return crypto.createHmac("sha256", secret).update(`${purpose}:${subject}`).digest("base64url").slice(0, 32);
}

function sign(purpose: string, subject: string, secret = env().sessionSecrets[0]!): string {
  return `${subject}.${mac(secret, purpose, subject)}`;
}

function verify(purpose: string, token: string): string | null {
  const at = token.lastIndexOf(".");
  if (at <= 0) return null;
  const subject = token.slice(0, at);
  const given = Buffer.from(token.slice(at + 1));
  for (const secret of env().sessionSecrets) {
    const expected = Buffer.from(mac(secret, purpose, subject));
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) return subject;
  }
  return null;
}

/** The token in a hunter's unsubscribe link (signed with the first session secret, or `secret`). */
export function unsubscribeToken(userId: number, secret?: string): string {
  return sign("unsubscribe", String(userId), secret);
}

/** The hunter an unsubscribe token is for, or null when it is not one of ours. */
export function unsubscribeTokenUser(token: string): number | null {
  const subject = verify("unsubscribe", token);
  return subject !== null && /^[1-9]\d{0,15}$/.test(subject) ? Number(subject) : null;
}

/** The List-Unsubscribe address: a mail program posts to it in one click (RFC 8058); a browser opening it is led to unsubscribePageUrl. */
export function oneClickUnsubscribeUrl(userId: number): string {
  return new URL(`/email/unsubscribe/${unsubscribeToken(userId)}/one-click`, env().publicUrl).href;
}

/** The page that asks before it unsubscribes, linked in the email's text. */
export function unsubscribePageUrl(userId: number): string {
  return new URL(`/email/unsubscribe/${unsubscribeToken(userId)}`, env().publicUrl).href;
}

/**
 * The token that confirms a new address: an HMAC of the request (who, which
 * address, when), so the job that mails it needs no copy of it; only its
 * hash is stored (email_changes.token_hash), and that lookup is the check.
 */
export function emailChangeToken(change: { userId: number; newEmail: string; createdAt: string }): string {
  return crypto
    .createHmac("sha256", env().sessionSecrets[0]!)
    .update(`email-change:${change.userId}|${change.newEmail}|${change.createdAt}`)
    .digest("base64url");
}

export function tokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function emailChangeUrl(token: string): string {
  return new URL(`/account/email/${token}`, env().publicUrl).href;
}

export function absoluteUrl(pathname: string): string {
  return new URL(pathname, env().publicUrl).href;
}
