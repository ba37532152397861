import { recordAdminAction } from "~/models/audit-log.server";
import { clearRateLimit, hitRateLimit, pruneRateLimits } from "~/models/rate-limits.server";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { verifyPassword } from "./password.server";

/** SPEC: at most 5 wrong passwords per 15 minutes from one address. */
export const ADMIN_FAILURE_LIMIT = 5;
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;

export type AdminSignIn =
  { status: "granted" } | { status: "denied"; attemptsLeft: number } | { status: "locked"; retryAt: string } | { status: "not_configured" };

/**
 * Checks an admin password from `address`. The attempt is counted before the
 * password is checked, in one statement, so a burst of requests in flight
 * (in one process or several) cannot all pass a limit read before the slow
 * hash: only the first ADMIN_FAILURE_LIMIT of a window are ever checked, the
 * rest are refused unchecked until the window ends. The right password
 * clears the count.
 */
export async function attemptAdminSignIn(
  db: DB,
  { password, address }: { password: string; address: string },
  { now = new Date(), passwordHash = env().adminPasswordHash }: { now?: Date; passwordHash?: string | null } = {},
): Promise<AdminSignIn> {
  if (!passwordHash) return { status: "not_configured" };
  const key = `admin-sign-in:${address}`;
  const attempt = await hitRateLimit(db, key, ADMIN_FAILURE_WINDOW_MS, now);
  if (attempt.count > ADMIN_FAILURE_LIMIT) {
    await recordAdminAction(db, { action: "sign_in_locked", clientAddress: address, now });
    return { status: "locked", retryAt: attempt.resetAt };
  }
  if (await verifyPassword(password, passwordHash)) {
    await clearRateLimit(db, key);
    await pruneRateLimits(db, now);
    await recordAdminAction(db, { action: "sign_in", clientAddress: address, now });
    return { status: "granted" };
  }
  await recordAdminAction(db, { action: "sign_in_failed", clientAddress: address, now });
  return { status: "denied", attemptsLeft: Math.max(0, ADMIN_FAILURE_LIMIT - attempt.count) };
}
