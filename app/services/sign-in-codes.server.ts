/**
 * Sign-in by a one-time code sent by email (issue 29, item 5), for whoever
 * has no Apple, Meta or Google account or would rather not use one.
 *
 * A code is six digits, works once, for SIGN_IN_CODE_TTL_MS, and ends after
 * SIGN_IN_CODE_MAX_WRONG wrong codes typed against it; asking for a new one
 * ends the old. It is an HMAC (keyed by the session secret) of its row, so
 * the job that mails it needs no copy of it, and the row keeps only a keyed
 * hash of it: the database alone gives neither the code nor a way to test
 * guesses. Asking is limited per client address and per recipient, typing
 * per client address (RATE_LIMITS); the mail goes through the job table.
 */
import crypto from "node:crypto";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { JOB_KINDS } from "~/lib/email";
import type { Language } from "~/lib/language";
import { enqueueJob } from "~/models/jobs.server";
import { countWrongSignInCode, insertSignInCode, liveSignInCode, spendSignInCode, type SignInCodeRow } from "~/models/sign-in-codes.server";
import { findHunterByConfirmedEmail, setConfirmedEmail, setDefaultFirstName, upsertUserFromProvider } from "~/models/users.server";
import { nameKey } from "./names.server";
import { consumeRateLimit } from "./rate-limit.server";

export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
export const SIGN_IN_CODE_MAX_WRONG = 5;
export const SIGN_IN_CODE_DIGITS = 6;

/** The users.provider of hunters who signed up with a code sent by email; the subject is the address. */
export const EMAIL_PROVIDER = "email";

/** An address as codes and accounts compare it: trimmed, in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

type CodeSubject = { id: number; email: string; createdAt: string };

function codeFor(row: CodeSubject, secret: string): string {
  const mac = crypto.createHmac("sha256", secret).update(`sign-in-code:v1:${row.id}|${row.email}|${row.createdAt}`).digest();
  return String(mac.readUInt32BE(0) % 10 ** SIGN_IN_CODE_DIGITS).padStart(SIGN_IN_CODE_DIGITS, "0");
}

function codeHash(id: number, code: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`sign-in-code-hash:v1:${id}|${code}`).digest("hex");
}

function hashMatches(row: SignInCodeRow, code: string, secret: string): boolean {
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(codeHash(row.id, code, secret));
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** The code a row was issued with (for the job that mails it), under whichever current secret issued it; null if none did. */
export function recoverCode(row: SignInCodeRow, secrets = env().sessionSecrets): string | null {
  for (const secret of secrets) {
    const code = codeFor(row, secret);
    if (hashMatches(row, code, secret)) return code;
  }
  return null;
}

/** What was typed, as a code: digits only (spaces and dashes dropped), or null when it is not SIGN_IN_CODE_DIGITS digits. */
export function parseCode(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`).test(digits) ? digits : null;
}

export type CodeRequest = { ok: true } | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * Issues a code for `email` and queues its email, in `language` (the asker's:
 * the recipient may have no account yet). The client's limit is counted
 * first, so a client over it cannot use up a recipient's.
 */
export async function requestSignInCode(
  db: DB,
  { email, address, language, now = new Date() }: { email: string; address: string; language?: Language; now?: Date },
): Promise<CodeRequest> {
  const recipient = normalizeEmail(email);
  const byClient = await consumeRateLimit(db, "signInCodePerAddress", address, now);
  if (!byClient.allowed) return { ok: false, reason: "limited", retryAfterSeconds: byClient.retryAfterSeconds };
  const byRecipient = await consumeRateLimit(db, "signInCodePerRecipient", recipient, now);
  if (!byRecipient.allowed) return { ok: false, reason: "limited", retryAfterSeconds: byRecipient.retryAfterSeconds };
  const secret = env().sessionSecrets[0]!;
  await db.transaction().execute(async (trx) => {
    const row = await insertSignInCode(trx, {
      email: recipient,
      now,
      ttlMs: SIGN_IN_CODE_TTL_MS,
      hashFor: (subject) => codeHash(subject.id, codeFor(subject, secret), secret),
    });
    await enqueueJob(trx, {
      kind: JOB_KINDS.signInCode,
      key: `sign-in-code:${row.id}`,
      payload: { codeId: row.id, ...(language ? { language } : {}) },
      now,
    });
  });
  return { ok: true };
}

export type CodeCheck =
  | { ok: true; userId: number; firstName: string; created: boolean }
  | { ok: false; reason: "expired" | "used_up" }
  | { ok: false; reason: "wrong"; triesLeft: number }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * Checks a code typed for `email`. The right one, once, signs in the hunter
 * whose confirmed address it is, or creates one (named "Hunter" until they
 * choose a name) whose confirmed address it becomes.
 */
export async function checkSignInCode(
  db: DB,
  { email, code, address, now = new Date() }: { email: string; code: string; address: string; now?: Date },
): Promise<CodeCheck> {
  const recipient = normalizeEmail(email);
  const limit = await consumeRateLimit(db, "signInCodeCheckPerAddress", address, now);
  if (!limit.allowed) return { ok: false, reason: "limited", retryAfterSeconds: limit.retryAfterSeconds };
  const row = await liveSignInCode(db, recipient, now);
  if (!row) return { ok: false, reason: "expired" };
  if (row.wrongAttempts >= SIGN_IN_CODE_MAX_WRONG) return { ok: false, reason: "used_up" };
  if (!env().sessionSecrets.some((secret) => hashMatches(row, code, secret))) {
    const wrong = await countWrongSignInCode(db, row.id);
    const triesLeft = SIGN_IN_CODE_MAX_WRONG - wrong;
    return triesLeft > 0 ? { ok: false, reason: "wrong", triesLeft } : { ok: false, reason: "used_up" };
  }
  if (!(await spendSignInCode(db, row.id, SIGN_IN_CODE_MAX_WRONG, now))) return { ok: false, reason: "expired" };
  const known = await findHunterByConfirmedEmail(db, recipient);
  if (known) return { ok: true, userId: known.id, firstName: known.first_name, created: false };
  const user = await upsertUserFromProvider(
    db,
    { provider: EMAIL_PROVIDER, subject: recipient, firstName: "", lastName: "", email: recipient },
    now,
    nameKey,
  );
  const created = user.email_chosen !== 1;
  if (created) await setConfirmedEmail(db, user.id, recipient, now);
  if (!user.first_name.trim()) {
    await setDefaultFirstName(db, user.id, nameKey(`Hunter ${user.last_name}`.trim()));
    user.first_name = "Hunter";
  }
  return { ok: true, userId: user.id, firstName: user.first_name, created };
}
