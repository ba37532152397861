/**
 * Sending email through SMTP (nodemailer). Configured by SMTP_URL and
 * MAIL_FROM; without them there is no mailer and nothing is sent. Every
 * email goes out through `sendMail`, which holds the whole hunt to one cap.
 */
import nodemailer from "nodemailer";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { metrics } from "~/infra/metrics.server";
import { JobDeferredError } from "./jobs.server";
import { consumeRateLimit } from "./rate-limit.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

export type Mailer = { send(email: OutgoingEmail): Promise<void> };

/** A mailer for one SMTP server. Timeouts are short so a hung server fails an attempt (and it is retried) well within a job's lease. */
export function createSmtpMailer(config: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async send(email) {
      await transport.sendMail({
        from: config.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
      });
    },
  };
}

/** The hunt has sent all the email it may for now (RATE_LIMITS.mailSent): a queued email waits until `runAt`. */
export class MailCapReachedError extends JobDeferredError {
  override name = "MailCapReachedError";
}

/**
 * Sends one email, counted first against the cap on all the hunt's email,
 * kept in the database so every app process shares it. Whatever asks for
 * the mail (news, a confirmation, a sign-in code), no one can make the hunt
 * send more than the cap: past it this throws MailCapReachedError, which
 * the job runner answers by sending later.
 */
export async function sendMail(db: DB, mailer: Mailer, email: OutgoingEmail, now = new Date()): Promise<void> {
  const cap = await consumeRateLimit(db, "mailSent", "hunt", now);
  if (!cap.allowed) throw new MailCapReachedError("The hunt's hourly email cap is reached: sent when it allows", new Date(cap.resetAt));
  try {
    await mailer.send(email);
  } catch (error) {
    metrics().mail.inc({ outcome: "failed" });
    throw error;
  }
  metrics().mail.inc({ outcome: "sent" });
}

const globalForMail = globalThis as typeof globalThis & { __jimmyHuntMailer?: Mailer | null };

/** The app's mailer, or null when no mail server is configured. */
export function getMailer(): Mailer | null {
  if (globalForMail.__jimmyHuntMailer === undefined) {
    const { mail } = env();
    globalForMail.__jimmyHuntMailer = mail ? createSmtpMailer(mail) : null;
  }
  return globalForMail.__jimmyHuntMailer;
}

/**
 * Whether an SMTP error means trying again will not help: the server
 * refused the message or the address for good (a 5xx reply). Anything
 * else (4xx, a lost connection, a timeout) is worth another attempt.
 */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
