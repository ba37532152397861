/**
 * Sending email through SMTP (nodemailer). Configured by SMTP_URL and
 * MAIL_FROM; without them there is no mailer and nothing is sent.
 */
import nodemailer from "nodemailer";
import { env } from "~/infra/env.server";

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
