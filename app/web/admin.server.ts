import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { DB } from "~/infra/db.server";
import { photoUrls } from "~/infra/storage.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { findDiscoveryForAdmin } from "~/models/discoveries.server";
import { attemptAdminSignIn } from "~/services/admin.server";
import { redirectWithToast } from "./flash.server";
import { checkFields } from "./form-action.server";
import { adminPasswordIsRecent, confirmAdminPassword, isAdmin } from "./session.server";

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
      return {
        ok: false,
        status: 401,
        message: `Wrong password. ${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? "attempt" : "attempts"} left.`,
      };
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

const DiscoveryIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/**
 * For an admin page about one discovery (`/admin/discoveries/:id/…`): the
 * discovery, or back to the admin list with a toast titled `failedTitle`
 * when it no longer exists.
 */
export async function requireAdminPageDiscovery(request: Request, db: DB, idParam: string | undefined, failedTitle: string) {
  await requireAdminPage(request, db);
  const id = checkFields(DiscoveryIdSchema, idParam);
  const discovery = id.ok ? await findDiscoveryForAdmin(db, photoUrls(), id.data) : null;
  if (!discovery) {
    throw await redirectWithToast("/admin", {
      title: failedTitle,
      description: "That discovery no longer exists.",
      variant: "destructive",
    });
  }
  return discovery;
}

/** Admin pages hold moderation data: never cached, never indexed. */
export const ADMIN_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
