import { redirect } from "@remix-run/node";
import { recordAdminAction } from "~/models/audit-log.server";
import { clearRateLimit, hitRateLimit, peekRateLimit, pruneRateLimits } from "~/models/rate-limits.server";
import type { DB } from "./db.server";
import { env } from "./env.server";
import { verifyPassword } from "./password.server";
import { isAdmin } from "./session.server";

/** SPEC: at most 5 wrong passwords per 15 minutes from one address. */
export const ADMIN_FAILURE_LIMIT = 5;
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;

export type AdminSignIn =
  | { status: "granted" }
  | { status: "denied"; attemptsLeft: number }
  | { status: "locked"; retryAt: string }
  | { status: "not_configured" };

/**
 * Checks an admin password from `address`. Once an address has used up its
 * failed attempts it is refused without the password being checked until
 * the window ends, so guessing cannot go faster than the limit.
 */
export async function attemptAdminSignIn(
  db: DB,
  { password, address }: { password: string; address: string },
  { now = new Date(), passwordHash = env().adminPasswordHash }: { now?: Date; passwordHash?: string | null } = {},
): Promise<AdminSignIn> {
  if (!passwordHash) return { status: "not_configured" };
  const key = `admin-sign-in:${address}`;
  const window = await peekRateLimit(db, key, now);
  if (window && window.count >= ADMIN_FAILURE_LIMIT) {
    await recordAdminAction(db, { action: "sign_in_locked", clientAddress: address, now });
    return { status: "locked", retryAt: window.resetAt };
  }
  if (await verifyPassword(password, passwordHash)) {
    await clearRateLimit(db, key);
    await pruneRateLimits(db, now);
    await recordAdminAction(db, { action: "sign_in", clientAddress: address, now });
    return { status: "granted" };
  }
  const failures = await hitRateLimit(db, key, ADMIN_FAILURE_WINDOW_MS, now);
  await recordAdminAction(db, { action: "sign_in_failed", clientAddress: address, now });
  return { status: "denied", attemptsLeft: Math.max(0, ADMIN_FAILURE_LIMIT - failures.count) };
}

/** For admin pages: without a live admin session, back to the password gate. */
export async function requireAdminPage(request: Request, db?: DB): Promise<void> {
  if (!(await isAdmin(request, { db }))) throw redirect("/admin");
}

/** Admin pages hold moderation data: never cached, never indexed. */
export const ADMIN_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
