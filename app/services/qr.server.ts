import crypto from "node:crypto";
import { CHECK_ALPHABET, CHECK_LENGTH } from "~/lib/qr-code";
import type { QrErrorCode } from "~/lib/qr-errors";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { hitRateLimit, peekRateLimit } from "~/models/rate-limits.server";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";

/** Failed label checks one address may make per window before it is refused for the rest of it. */
export const QR_FAILURE_LIMIT = 20;
export const QR_FAILURE_WINDOW_MS = 15 * 60_000;

/** Wrong codes one hunter may type (over every Jimmy) per window before checks are refused for the rest of it. */
export const CHECK_CODE_HUNTER_LIMIT = { max: 10, windowMs: 60 * 60_000 };
/** Wrong codes typed for one Jimmy (by anyone) per window before checks of its code are refused for the rest of it. */
export const CHECK_CODE_JIMMY_LIMIT = { max: 30, windowMs: 60 * 60_000 };

const hunterKey = (userId: number) => `check-code:user:${userId}`;
const jimmyKey = (serial: number) => `check-code:jimmy:${serial}`;

/** When checks refused for too many wrong codes from this hunter, or for this Jimmy, may start again; null when they are not refused. */
export async function checkCodeLockout(db: DB, serial: number, userId: number | null, now = new Date()): Promise<string | null> {
  const [hunter, jimmy] = await Promise.all([
    userId === null ? null : peekRateLimit(db, hunterKey(userId), now),
    peekRateLimit(db, jimmyKey(serial), now),
  ]);
  if (hunter && hunter.count >= CHECK_CODE_HUNTER_LIMIT.max) return hunter.resetAt;
  if (jimmy && jimmy.count >= CHECK_CODE_JIMMY_LIMIT.max) return jimmy.resetAt;
  return null;
}

/** Counts a wrong code against the hunter (when known) and the Jimmy; returns the lockout's end if this used up a window. */
export async function countWrongCode(db: DB, serial: number, userId: number | null, now = new Date()): Promise<string | null> {
  if (userId !== null) await hitRateLimit(db, hunterKey(userId), CHECK_CODE_HUNTER_LIMIT.windowMs, now);
  await hitRateLimit(db, jimmyKey(serial), CHECK_CODE_JIMMY_LIMIT.windowMs, now);
  return checkCodeLockout(db, serial, userId, now);
}

/**
 * The check code printed beside a serial: an HMAC-SHA256 of the serial keyed
 * by QR_SECRET, cut to six base-32 characters (30 bits). Without the secret a
 * label cannot be forged from its serial, and the per-address limit on failed
 * checks keeps guessing out of reach.
 */
export function checkCodeFor(serial: number, secret = env().qrSecret): string {
  const digest = crypto.createHmac("sha256", secret).update(`jimmy-label:v1:${serial}`).digest();
  let bits = digest.readUInt32BE(0);
  let code = "";
  for (let i = 0; i < CHECK_LENGTH; i++) {
    code += CHECK_ALPHABET[bits & 31];
    bits >>>= 5;
  }
  return code;
}

export function labelCode(serial: number, secret?: string): string {
  return `${serial}-${checkCodeFor(serial, secret)}`;
}

/** The URL a label's QR code holds. */
export function labelUrl(serial: number, { secret, publicUrl = env().publicUrl }: { secret?: string; publicUrl?: URL } = {}): string {
  return new URL(`/q/${labelCode(serial, secret)}`, publicUrl.origin).href;
}

export function isValidCheck(serial: number, check: string, secret?: string): boolean {
  const expected = Buffer.from(checkCodeFor(serial, secret));
  const given = Buffer.from(check);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export type LabelCheck =
  | { ok: true; serial: number; found: boolean }
  | { ok: false; error: Exclude<QrErrorCode, "invalid_qr" | "server_error"> }
  | { ok: false; error: "rate_limited"; retryAt: string };

/**
 * Checks a serial and check code from a label (scanned or typed). Every
 * failure counts against the address, and a wrong code for a real Jimmy also
 * against the hunter and that Jimmy; past a limit, every check from the
 * address (or by the hunter, or of the Jimmy) is refused until the window
 * ends, so a correct guess cannot be told apart.
 */
export async function checkLabel(
  db: DB,
  { serial, check, address, userId = null }: { serial: number; check: string; address: string; userId?: number | null },
  now = new Date(),
): Promise<LabelCheck> {
  const key = `qr-check:${address}`;
  const window = await peekRateLimit(db, key, now);
  if (window && window.count >= QR_FAILURE_LIMIT) return { ok: false, error: "rate_limited", retryAt: window.resetAt };
  const jimmy = await findJimmyBySerial(db, serial);
  // The same windows as a code typed into a report form: neither door gives more guesses than the other.
  const lockout = jimmy ? await checkCodeLockout(db, serial, userId, now) : null;
  if (lockout) return { ok: false, error: "rate_limited", retryAt: lockout };
  const failure = !jimmy ? "invalid_serial" : !isValidCheck(serial, check) ? "invalid_check" : null;
  if (failure || !jimmy) {
    await hitRateLimit(db, key, QR_FAILURE_WINDOW_MS, now);
    if (jimmy) await countWrongCode(db, serial, userId, now);
    return { ok: false, error: failure ?? "invalid_serial" };
  }
  return { ok: true, serial, found: jimmy.discovery_count > 0 };
}

/** Where a verified label leads: the first-discovery form until the Jimmy has been found, then the new-discovery form. */
export function discoveryFormPath(serial: number, found: boolean): string {
  return `/jimmy/${serial}/${found ? "new-discovery" : "first-discovery"}`;
}
