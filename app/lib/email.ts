/** What a hunter's email choices mean (app/models/email.server.ts, /account). */
import type { EmailFrequency, NotificationKind } from "#db/schema";
import { type MessageKey, msg } from "./language";

/** The news of a watched Jimmy, which email carries; likes stay in the app. */
export const EMAILED_KINDS: readonly NotificationKind[] = ["rediscovery", "comment", "milestone", "missing"];

/** A daily digest collects a day of news: it goes out this long after the first news it carries. */
export const DIGEST_DELAY_MS = 24 * 60 * 60_000;

/** How long the link that confirms a new address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

/**
 * How many days an email's unsubscribe links work: a digest read weeks later
 * still unsubscribes in one click, and a link leaked from an old email does
 * not work for ever. An older one leads to the account page after sign-in.
 */
export const UNSUBSCRIBE_LINK_DAYS = 60;

/** Worded where shown: `t(EMAIL_FREQUENCY_LABELS[frequency])`. */
export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, MessageKey> = {
  off: msg("No email — news in the app only"),
  each: msg("An email for each piece of news"),
  daily: msg("One email a day with the day's news (a digest)"),
};

export const JOB_KINDS = {
  notificationEmail: "notification-email",
  digestEmail: "digest-email",
  emailConfirmation: "email-confirmation",
  signInCode: "sign-in-code",
} as const;
