import { hitRateLimit, pruneRateLimits } from "~/models/rate-limits.server";
import type { DB } from "~/infra/db.server";
import { translator, type Translate } from "~/lib/language";

export type RateLimitRule = { max: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; count: number; resetAt: string; retryAfterSeconds: number };

/**
 * Every rate limit in one place. Counts live in the database (table
 * rate_limits), so they hold across several app processes.
 */
export const RATE_LIMITS = {
  /**
   * Anonymous comments per client address. One address may be a whole café's
   * Wi-Fi or a mobile carrier's NAT, so it is generous: twenty people each
   * leaving a comment in ten minutes is a busy hunt, not a script.
   */
  commentPerAddress: { max: 20, windowMs: 10 * 60 * 1000 },
  /** A signed-in hunter's comments, counted on the hunter wherever they post from: a conversation, not a flood. */
  commentPerHunter: { max: 10, windowMs: 10 * 60 * 1000 },
  /**
   * Discovery reports per hunter: each one decodes and re-encodes a photo and
   * notifies earlier finders. Nobody finds ten Jimmys in ten minutes on foot;
   * a script gets one a minute.
   */
  reportPerHunter: { max: 10, windowMs: 10 * 60 * 1000 },
  /** Photo uploads per hunter (API upload and upload targets): three tries per report allowed. */
  uploadPerHunter: { max: 30, windowMs: 10 * 60 * 1000 },
  /** Like and unlike per hunter: one a second, kept up for a minute, is scrolling and tapping; more is a script. */
  likePerHunter: { max: 60, windowMs: 60 * 1000 },
  /** Flags per signed-in hunter: someone cleaning up a page flags a handful; hundreds an hour is an attack on the queue. */
  flagPerHunter: { max: 30, windowMs: 60 * 60 * 1000 },
  /** Flags from visitors, per address: shared networks get the same room as one busy hunter. */
  flagPerAddress: { max: 30, windowMs: 60 * 60 * 1000 },
  /** "It wasn't there" per hunter: a walk round a park checks a few spots; dozens an hour is not a walk. */
  missingPerHunter: { max: 20, windowMs: 60 * 60 * 1000 },
  /**
   * Confirmation emails a hunter asks for (a change of address): fixing a typo
   * or moving address takes two or three tries; five a day leaves room, and
   * more is someone mailing other people's addresses.
   */
  emailChangePerHunter: { max: 5, windowMs: 24 * 60 * 60 * 1000 },
  /**
   * Confirmation emails one address receives, whoever asks (several accounts
   * included): its owner needs one; a stranger's inbox gets at most three a day.
   */
  emailChangePerAddress: { max: 3, windowMs: 24 * 60 * 60 * 1000 },
  /**
   * Every email the hunt sends, all kinds together (app/services/mail.server.ts):
   * well above the news of a busy hour, below what a small SMTP relay allows
   * before it throttles or blocklists the sender. Past it, mail waits in the
   * queue for the next window; nothing is dropped.
   */
  mailSent: { max: 300, windowMs: 60 * 60 * 1000 },
  /**
   * Sign-in codes asked for per client address: a family or a café signing
   * in one after another asks for a handful; more is someone mailing strangers.
   */
  signInCodePerAddress: { max: 10, windowMs: 60 * 60 * 1000 },
  /** Sign-in codes mailed to one address: a few retries for a slow inbox, never a flood in someone's mailbox. */
  signInCodePerRecipient: { max: 5, windowMs: 60 * 60 * 1000 },
  /** Sign-in codes typed per client address, right or wrong: beside the five wrong tries each code allows, guessing across addresses stops here. */
  signInCodeCheckPerAddress: { max: 30, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Counts one attempt by `subject` (e.g. an address) under the named limit. */
export async function consumeRateLimit(db: DB, name: RateLimitName, subject: string, now = new Date()): Promise<RateLimitResult> {
  const rule: RateLimitRule = RATE_LIMITS[name];
  const window = await hitRateLimit(db, `${name}:${subject}`, rule.windowMs, now);
  // A new window for this key is a natural moment to drop everyone's finished ones.
  if (window.count === 1) await pruneRateLimits(db, now);
  return {
    allowed: window.count <= rule.max,
    count: window.count,
    resetAt: window.resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(window.resetAt) - now.getTime()) / 1000)),
  };
}

/** Counts one action by a signed-in hunter under the named limit (keyed on their user id). */
export function consumeHunterLimit(db: DB, name: RateLimitName, userId: number, now = new Date()): Promise<RateLimitResult> {
  return consumeRateLimit(db, name, `user:${userId}`, now);
}

/** Each limit's kind of action, as rateLimitedText's message selects on it. */
const LIMIT_ACTION: Record<RateLimitName, string> = {
  commentPerAddress: "comments",
  commentPerHunter: "comments",
  reportPerHunter: "reports",
  uploadPerHunter: "photos",
  likePerHunter: "likes",
  flagPerHunter: "flags",
  flagPerAddress: "flags",
  missingPerHunter: "missing",
  emailChangePerHunter: "emailChanges",
  emailChangePerAddress: "emailChangesToAddress",
  mailSent: "mail",
  signInCodePerAddress: "signInCodes",
  signInCodePerRecipient: "signInCodes",
  signInCodeCheckPerAddress: "signInCodeChecks",
};

/** How long to wait as a unit and a count (hours above an hour, minutes from a minute, else seconds), for `{unit, select, …}` and `{count, plural, …}`. */
export function waitValues(seconds: number): { unit: "hour" | "minute" | "second"; count: number } {
  if (seconds > 60 * 60) return { unit: "hour", count: Math.ceil(seconds / 3600) };
  if (seconds >= 60) return { unit: "minute", count: Math.ceil(seconds / 60) };
  return { unit: "second", count: seconds };
}

/** What a refused hunter reads: what they did, and when to try again (in English without a `t`). */
export function rateLimitedText(name: RateLimitName, limit: RateLimitResult, t: Translate = translator("en")): string {
  return t(
    "You've {action, select, comments {posted a lot of comments} reports {reported a lot of discoveries} photos {uploaded a lot of photos} likes {liked and unliked a lot} flags {flagged a lot} missing {reported a lot of Jimmys missing} emailChanges {asked for a lot of confirmation emails} emailChangesToAddress {asked for a lot of confirmation emails to that address} mail {made the hunt send a lot of email} signInCodes {asked for a lot of sign-in codes} other {typed a lot of sign-in codes}} in a short time. Please wait {unit, select, hour {{count, plural, one {# hour} other {# hours}}} minute {{count, plural, one {# minute} other {# minutes}}} other {{count, plural, one {# second} other {# seconds}}}} and try again.",
    { action: LIMIT_ACTION[name], ...waitValues(limit.retryAfterSeconds) },
  );
}

/** "3 hours", "10 minutes", "1 minute", "30 seconds": how long to wait, for messages (in English without a `t`). */
export function waitText(seconds: number, t: Translate = translator("en")): string {
  return t(
    "{unit, select, hour {{count, plural, one {# hour} other {# hours}}} minute {{count, plural, one {# minute} other {# minutes}}} other {{count, plural, one {# second} other {# seconds}}}}",
    waitValues(seconds),
  );
}
