import crypto from "node:crypto";
import { normalizeCheck } from "~/lib/qr-code";
import { CHECK_CODE_REQUIRED_TEXT } from "~/lib/report-form";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { msg, type Translate } from "~/lib/language";
import { isScanProofUsed, type SpentScanProof } from "~/models/scan-proofs.server";
import { checkCodeLockout, countWrongCode, isValidCheck } from "./qr.server";

/**
 * Proof of possession (docs/security.md): reporting a discovery needs the
 * check code printed on the Jimmy's label. A hunter who scanned the label
 * (/q/… or /scan) carries a scan proof instead: an HMAC, keyed by the session
 * secret, of the Jimmy's serial, the hunter and an expiry, so it is worth
 * nothing for another Jimmy, another hunter or after it expires, and the raw
 * code never travels in a form page's URL. It proves possession for one
 * discovery: recording one marks it used (by its hash, until it expires).
 */
export const SCAN_PROOF_TTL_MS = 60 * 60_000;

function proofMac(secret: string, serial: number, userId: number, expires: number): string {
  return crypto.createHmac("sha256", secret).update(`scan-proof:v1:${serial}:${userId}:${expires}`).digest("base64url");
}

/** A proof that `userId` scanned Jimmy `serial`'s label, valid for SCAN_PROOF_TTL_MS. */
export function issueScanProof(serial: number, userId: number, now = new Date(), secrets = env().sessionSecrets): string {
  const expires = Math.floor((now.getTime() + SCAN_PROOF_TTL_MS) / 1000);
  return `${expires}.${proofMac(secrets[0]!, serial, userId, expires)}`;
}

/**
 * Whether `proof` was issued for this Jimmy and this hunter and has not
 * expired (any current secret may have signed it). An expiry further ahead
 * than a proof ever gets is refused too: no proof outlives its hour, whoever
 * signed it.
 */
export function isValidScanProof(proof: string, serial: number, userId: number, now = new Date(), secrets = env().sessionSecrets): boolean {
  const match = /^(\d{10,12})\.([A-Za-z0-9_-]{43})$/.exec(proof);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime() || expires * 1000 > now.getTime() + SCAN_PROOF_TTL_MS) return false;
  const given = Buffer.from(match[2]!);
  return secrets.some((secret) => {
    const expected = Buffer.from(proofMac(secret, serial, userId, expires));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}

/** How a valid proof is kept once a discovery was recorded with it: its hash and its expiry. */
export function scanProofRecord(proof: string): SpentScanProof {
  const expires = Number(proof.slice(0, proof.indexOf(".")));
  return { hash: crypto.createHash("sha256").update(proof).digest("base64url"), expiresAt: new Date(expires * 1000).toISOString() };
}

/** Whether `proof` still proves possession: valid for this Jimmy and hunter (isValidScanProof) and not yet used for a discovery. */
export async function scanProofHolds(db: DB, proof: string, serial: number, userId: number, now = new Date()): Promise<boolean> {
  return isValidScanProof(proof, serial, userId, now) && !(await isScanProofUsed(db, scanProofRecord(proof).hash));
}

export const CHECK_CODE_MALFORMED_TEXT = msg(
  "The code on the label has 6 letters and numbers (like Code 7KX3PA). Please check it against the label.",
);
export const SCAN_PROOF_EXPIRED_TEXT = msg(
  "Your scan of the label has expired or was for another Jimmy. Enter the code printed on the label, or scan it again.",
);
export const SCAN_PROOF_USED_TEXT = msg(
  "Your scan of the label was already used for a discovery. Enter the code printed on the label, or scan it again.",
);

/**
 * A refusal's message (English, as the service says it) worded for the
 * reader: `t` is the request's (app/web/language.server.ts).
 */
export function possessionMessage(check: Exclude<PossessionCheck, { ok: true }>, t: Translate): string {
  switch (check.reason) {
    case "limited":
      return t("Too many wrong codes were tried. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.", {
        minutes: Math.ceil(check.retryAfterSeconds / 60),
      });
    case "wrong":
      return t("That code doesn't match Jimmy #{serial}. Please check each character against the label.", { serial: String(check.serial) });
    default:
      return t(check.message);
  }
}

export type PossessionCheck =
  | { ok: true }
  | { ok: false; reason: "missing" | "malformed" | "expired" | "used"; message: string }
  | { ok: false; reason: "wrong"; message: string; serial: number }
  | { ok: false; reason: "limited"; message: string; retryAfterSeconds: number };

function limited(resetAt: string, now: Date): PossessionCheck {
  const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(resetAt) - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    ok: false,
    reason: "limited",
    retryAfterSeconds,
    message: `Too many wrong codes were tried. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
  };
}

/**
 * Checks that a report of Jimmy `serial` by `userId` proves possession: a
 * valid scan proof, or the label's code typed (read forgivingly: case, O/0,
 * I/1, spaces, a leading "Code"). A wrong code counts against the hunter and
 * the Jimmy; past either limit every typed code is refused until the window
 * ends, so a right guess cannot be told apart. A valid scan proof is never
 * refused for those limits: it was earned by a right code. A proof already
 * used for a discovery does not hold; a code typed beside it still may.
 */
export async function verifyPossession(
  db: DB,
  { serial, userId, proof, checkCode }: { serial: number; userId: number; proof?: string | null; checkCode?: string | null },
  now = new Date(),
): Promise<PossessionCheck> {
  const typed = (checkCode ?? "").trim();
  if (proof && isValidScanProof(proof, serial, userId, now)) {
    if (!(await isScanProofUsed(db, scanProofRecord(proof).hash))) return { ok: true };
    if (!typed) return { ok: false, reason: "used", message: SCAN_PROOF_USED_TEXT };
  }
  if (!typed) {
    return proof
      ? { ok: false, reason: "expired", message: SCAN_PROOF_EXPIRED_TEXT }
      : { ok: false, reason: "missing", message: CHECK_CODE_REQUIRED_TEXT };
  }
  const check = normalizeCheck(typed);
  if (!check) return { ok: false, reason: "malformed", message: CHECK_CODE_MALFORMED_TEXT };
  const lockout = await checkCodeLockout(db, serial, userId, now);
  if (lockout) return limited(lockout, now);
  if (isValidCheck(serial, check)) return { ok: true };
  const after = await countWrongCode(db, serial, userId, now);
  if (after) return limited(after, now);
  return {
    ok: false,
    reason: "wrong",
    serial,
    message: `That code doesn't match Jimmy #${serial}. Please check each character against the label.`,
  };
}
