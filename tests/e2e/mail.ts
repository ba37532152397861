import { expect } from "@playwright/test";
import { E2E_MAIL_DIR } from "../support/e2e-data";
import { readSavedMail, type ReceivedMail } from "../support/smtp-server";

/** Every email the test server's SMTP server received for `to` whose subject matches. */
export async function mailFor(to: string, subject: RegExp): Promise<ReceivedMail[]> {
  return (await readSavedMail(E2E_MAIL_DIR)).filter((m) => m.to.includes(to) && subject.test(m.parsed.subject ?? ""));
}

/** Waits for the first email to `to` whose subject matches (the app sends outside the request, within a second or so). */
export async function waitForMail(to: string, subject: RegExp, timeout = 15_000): Promise<ReceivedMail> {
  await expect
    .poll(async () => (await mailFor(to, subject)).length, { timeout, message: `an email to ${to} about ${subject}` })
    .toBeGreaterThan(0);
  return (await mailFor(to, subject))[0]!;
}

/** The first link in an email's text that contains `part`. */
export function linkIn(mail: ReceivedMail, part: string): string {
  const link = (mail.parsed.text ?? "").split(/\s+/).find((word) => /^https?:\/\//.test(word) && word.includes(part));
  if (!link) throw new Error(`No link with ${part} in: ${mail.parsed.text}`);
  return link;
}
