/**
 * The email jobs (issue 23, item 3): a watched Jimmy's news, a daily
 * digest, an address confirmation, a sign-in code. Each handler reads the database when it
 * runs, not when it was queued, so a hunter who switched email off or
 * changed their address in between gets what they now ask for; news sent
 * is marked (notifications.emailed_at), so a retried job never sends it
 * twice. Each email is written in its recipient's language (users.language,
 * English when they never chose one).
 */
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { EMAIL_CHANGE_TTL_MS, EMAILED_KINDS, JOB_KINDS } from "~/lib/email";
import { ALL_LANGUAGES, isLanguage, type Language, translator } from "~/lib/language";
import { emailChangeById, emailRecipient, markEmailed } from "~/models/email.server";
import { listNotifications, notificationEmailState } from "~/models/notifications.server";
import { userLanguage } from "~/models/users.server";
import type { Job } from "~/models/jobs.server";
import { absoluteUrl, emailChangeToken, emailChangeUrl, unsubscribeUrls } from "./email-links.server";
import { liveSignInCodeById } from "~/models/sign-in-codes.server";
import { confirmationEmail, digestEmail, newsEmail, signInCodeEmail, type NewsLinks } from "./email-messages.server";
import { PermanentJobError, type JobHandler } from "./jobs.server";
import { isPermanentMailError, sendMail, type Mailer, type OutgoingEmail } from "./mail.server";
import { recoverCode, SIGN_IN_CODE_TTL_MS } from "./sign-in-codes.server";

/** The most news one digest lists; the rest are counted and left to the notifications page. */
export const DIGEST_MAX_ITEMS = 50;

/** The links of one email: its unsubscribe token is its own (issued now, expiring). */
function newsLinks(userId: number, now: Date): NewsLinks {
  const { pageUrl, oneClickUrl } = unsubscribeUrls(userId, now);
  return {
    unsubscribeUrl: pageUrl,
    oneClickUrl,
    settingsUrl: absoluteUrl("/account"),
    absolute: absoluteUrl,
  };
}

function payloadNumber(job: Job, field: string): number {
  const value = (job.payload as Record<string, unknown> | null)?.[field];
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new PermanentJobError(`The job's payload has no ${field}`);
  return value;
}

/** The language a hunter's emails are written in: the one they chose, else English. */
async function recipientLanguage(db: DB, userId: number): Promise<Language> {
  return (await userLanguage(db, userId)) ?? "en";
}

/** The language a job was queued with (`language` in its payload), else English. */
function payloadLanguage(job: Job): Language {
  const value = (job.payload as Record<string, unknown> | null)?.language;
  return isLanguage(value, ALL_LANGUAGES) ? value : "en";
}

async function deliver(db: DB, mailer: Mailer | null, email: OutgoingEmail, now: Date): Promise<void> {
  if (!mailer) throw new PermanentJobError("No mail server is configured (SMTP_URL): nothing was sent");
  try {
    await sendMail(db, mailer, email, now);
  } catch (error) {
    if (isPermanentMailError(error)) throw new PermanentJobError(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

async function sendNews(db: DB, mailer: Mailer | null, job: Job, now: Date): Promise<void> {
  const notificationId = payloadNumber(job, "notificationId");
  const row = await notificationEmailState(db, notificationId);
  if (!row || row.emailed_at !== null) return;
  const recipient = await emailRecipient(db, row.user_id);
  if (!recipient || recipient.frequency !== "each") return;
  const huntName = env().hunt.name;
  const language = await recipientLanguage(db, recipient.id);
  const [notification] = (await listNotifications(db, recipient.id, { huntName, ids: [notificationId], limit: 1, t: translator(language) }))
    .notifications;
  if (!notification) return;
  await deliver(
    db,
    mailer,
    newsEmail({
      to: recipient.email,
      language,
      firstName: recipient.firstName,
      huntName,
      notification,
      links: newsLinks(recipient.id, now),
    }),
    now,
  );
  await markEmailed(db, [notificationId], now);
}

async function sendDigest(db: DB, mailer: Mailer | null, job: Job, now: Date): Promise<void> {
  const recipient = await emailRecipient(db, payloadNumber(job, "userId"));
  if (!recipient || recipient.frequency !== "daily") return;
  const huntName = env().hunt.name;
  const language = await recipientLanguage(db, recipient.id);
  const { notifications } = await listNotifications(db, recipient.id, {
    huntName,
    t: translator(language),
    notEmailedSince: recipient.emailSince ?? "",
    kinds: EMAILED_KINDS,
    limit: 10_000,
  });
  if (notifications.length === 0) return;
  const shown = notifications.slice(0, DIGEST_MAX_ITEMS);
  await deliver(
    db,
    mailer,
    digestEmail({
      to: recipient.email,
      language,
      firstName: recipient.firstName,
      huntName,
      notifications: shown,
      more: notifications.length - shown.length,
      links: newsLinks(recipient.id, now),
    }),
    now,
  );
  await markEmailed(
    db,
    notifications.map((n) => n.id),
    now,
  );
}

async function sendConfirmation(db: DB, mailer: Mailer | null, job: Job, now: Date): Promise<void> {
  const change = await emailChangeById(db, payloadNumber(job, "changeId"));
  if (!change || change.expiresAt <= now.toISOString()) return;
  await deliver(
    db,
    mailer,
    confirmationEmail({
      to: change.newEmail,
      language: await recipientLanguage(db, change.userId),
      huntName: env().hunt.name,
      confirmUrl: emailChangeUrl(emailChangeToken(change)),
      expiresInHours: EMAIL_CHANGE_TTL_MS / 3_600_000,
    }),
    now,
  );
}

/**
 * A code that was used, replaced or has ended by the time the job runs is not
 * sent. Its asker may have no account yet: the email is in the language the
 * job was queued with (`language` in its payload, the asker's page's), else English.
 */
async function sendSignInCode(db: DB, mailer: Mailer | null, job: Job, now: Date): Promise<void> {
  const row = await liveSignInCodeById(db, payloadNumber(job, "codeId"), now);
  if (!row) return;
  const code = recoverCode(row);
  if (!code) throw new PermanentJobError("The sign-in code was issued under a session secret this server no longer has");
  await deliver(
    db,
    mailer,
    signInCodeEmail({
      to: row.email,
      language: payloadLanguage(job),
      huntName: env().hunt.name,
      code,
      minutes: SIGN_IN_CODE_TTL_MS / 60_000,
    }),
    now,
  );
}

/** The handlers of every email job, sending through `mailer` (null: none configured, and each job ends unsent). */
export function emailJobHandlers(mailer: Mailer | null): Record<string, JobHandler> {
  return {
    [JOB_KINDS.notificationEmail]: (job, { db, now }) => sendNews(db, mailer, job, now),
    [JOB_KINDS.digestEmail]: (job, { db, now }) => sendDigest(db, mailer, job, now),
    [JOB_KINDS.emailConfirmation]: (job, { db, now }) => sendConfirmation(db, mailer, job, now),
    [JOB_KINDS.signInCode]: (job, { db, now }) => sendSignInCode(db, mailer, job, now),
  };
}
