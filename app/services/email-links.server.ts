/**
 * The signed links an email carries: one-click unsubscribe, and the
 * confirmation of a new address. Both are HMACs keyed by the session
 * secret, so nothing is stored to check them and nobody can forge one for
 * another hunter; rotating the secret (several, comma-separated) keeps the
 * links of the older one working.
 */
import crypto from "node:crypto";
import { env } from "~/infra/env.server";
import { UNSUBSCRIBE_LINK_DAYS } from "~/lib/email";

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

const UNSUBSCRIBE_LINK_TTL_MS = UNSUBSCRIBE_LINK_DAYS * 24 * 60 * 60_000;

const UNSUBSCRIBE_SUBJECT = /^([1-9]\d{0,15})-([0-9a-z]{1,12})-[0-9a-f]{12}$/;

/**
 * The token of one email's unsubscribe links: the hunter, when it was
 * issued and a random nonce, signed with the first session secret (or
 * `secret`), so no two emails carry the same one and each expires.
 */
export function unsubscribeToken(userId: number, secret?: string, now = new Date()): string {
  return sign("unsubscribe", `${userId}-${now.getTime().toString(36)}-${crypto.randomBytes(6).toString("hex")}`, secret);
}

export type UnsubscribeTokenCheck = { kind: "valid"; userId: number } | { kind: "expired" } | { kind: "not-ours" };

/**
 * What an unsubscribe token says: whose it is, or that it is ours but
 * expired (older than UNSUBSCRIBE_LINK_DAYS, or of the earlier form that
 * never expired), or that it is not ours at all.
 */
export function checkUnsubscribeToken(token: string, now = new Date()): UnsubscribeTokenCheck {
  const subject = verify("unsubscribe", token);
  if (subject === null) return { kind: "not-ours" };
  const parts = UNSUBSCRIBE_SUBJECT.exec(subject);
  if (!parts) return { kind: "expired" };
  const issuedAt = parseInt(parts[2]!, 36);
  if (now.getTime() - issuedAt >= UNSUBSCRIBE_LINK_TTL_MS) return { kind: "expired" };
  return { kind: "valid", userId: Number(parts[1]) };
}

/** The links of one email: the page that asks first (in the text), and the List-Unsubscribe address a mail program posts to in one click (RFC 8058). */
export function unsubscribeUrls(userId: number, now = new Date()): { pageUrl: string; oneClickUrl: string } {
  const page = new URL(`/email/unsubscribe/${unsubscribeToken(userId, undefined, now)}`, env().publicUrl).href;
  return { pageUrl: page, oneClickUrl: `${page}/one-click` };
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
