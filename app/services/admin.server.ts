import { redirect } from "@remix-run/node";
import { recordAdminAction } from "~/models/audit-log.server";
import { clearRateLimit, hitRateLimit, pruneRateLimits } from "~/models/rate-limits.server";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { verifyPassword } from "./password.server";
import { adminPasswordIsRecent, confirmAdminPassword, isAdmin } from "./session.server";

/** SPEC: at most 5 wrong passwords per 15 minutes from one address. */
export const ADMIN_FAILURE_LIMIT = 5;
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;

export type AdminSignIn =
  | { status: "granted" }
  | { status: "denied"; attemptsLeft: number }
  | { status: "locked"; retryAt: string }
  | { status: "not_configured" };

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

export type PasswordCheck = { ok: true } | { ok: false; status: number; message: string };

/**
 * For the destructive admin actions: passes when the password was typed
 * recently in this session; otherwise `password` (from the action's form)
 * must be the admin password, checked under the same lockout as sign-in.
 */
export async function requireRecentPassword(
  request: Request,
  db: DB,
  { password, address }: { password: string; address: string },
  now = new Date(),
): Promise<PasswordCheck> {
  if (await adminPasswordIsRecent(request, { db, now })) return { ok: true };
  if (!password) return { ok: false, status: 401, message: "Enter the admin password again to do this." };
  const outcome = await attemptAdminSignIn(db, { password, address }, { now });
  switch (outcome.status) {
    case "granted":
      await confirmAdminPassword(request, { db, now });
      return { ok: true };
    case "denied":
      return { ok: false, status: 401, message: `Wrong password. ${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? "attempt" : "attempts"} left.` };
    case "locked":
      return { ok: false, status: 429, message: "Too many wrong passwords from your address. Please wait 15 minutes and try again." };
    case "not_configured":
      return { ok: false, status: 503, message: "Admin sign-in is not configured on this server." };
  }
}

/** For admin pages: without a live admin session, back to the password gate. */
export async function requireAdminPage(request: Request, db?: DB): Promise<void> {
  if (!(await isAdmin(request, { db }))) throw redirect("/admin");
}

/** Admin pages hold moderation data: never cached, never indexed. */
export const ADMIN_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
