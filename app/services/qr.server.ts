import crypto from "node:crypto";
import { CHECK_ALPHABET, CHECK_LENGTH } from "~/lib/qr-code";
import type { QrErrorCode } from "~/lib/qr-errors";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { hitRateLimit, peekRateLimit } from "~/models/rate-limits.server";
import type { DB } from "./db.server";
import { env } from "./env.server";

/** Failed label checks one address may make per window before it is refused for the rest of it. */
export const QR_FAILURE_LIMIT = 20;
export const QR_FAILURE_WINDOW_MS = 15 * 60_000;

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
 * failure counts against the address; past the limit, every check from it
 * is refused until the window ends, so a correct guess cannot be told apart.
 */
export async function checkLabel(
  db: DB,
  { serial, check, address }: { serial: number; check: string; address: string },
  now = new Date(),
): Promise<LabelCheck> {
  const key = `qr-check:${address}`;
  const window = await peekRateLimit(db, key, now);
  if (window && window.count >= QR_FAILURE_LIMIT) return { ok: false, error: "rate_limited", retryAt: window.resetAt };
  const jimmy = await findJimmyBySerial(db, serial);
  const failure = !jimmy ? "invalid_serial" : !isValidCheck(serial, check) ? "invalid_check" : null;
  if (failure || !jimmy) {
    await hitRateLimit(db, key, QR_FAILURE_WINDOW_MS, now);
    return { ok: false, error: failure ?? "invalid_serial" };
  }
  return { ok: true, serial, found: jimmy.discovery_count > 0 };
}

/** Where a verified label leads: the first-discovery form until the Jimmy has been found, then the new-discovery form. */
export function discoveryFormPath(serial: number, found: boolean): string {
  return `/jimmy/${serial}/${found ? "new-discovery" : "first-discovery"}`;
}
