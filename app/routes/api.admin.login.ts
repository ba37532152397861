import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { attemptAdminSignIn } from "~/services/admin.server";
import { apiError, apiJson, readJson, requireApiMutation } from "~/web/api.server";
import { clientAddress } from "~/web/client-address.server";
import { getDb } from "~/infra/db.server";
import { startSession } from "~/web/session.server";

const LoginSchema = z.object({
  password: z.string({ error: "password is required" }).min(1, "password is required").max(512, "password is too long"),
});

/**
 * POST /api/admin/login (SPEC.md §7): JSON {password} → {success}. Success
 * starts the same server-side admin session as /admin (an HttpOnly cookie);
 * there is no token to keep in the browser. The same lockout applies.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to sign in.");
  requireApiMutation(request);
  const { password } = await readJson(request, LoginSchema);
  const db = getDb();
  let outcome;
  try {
    outcome = await attemptAdminSignIn(db, { password, address: clientAddress(request, context) });
  } catch (error) {
    console.error("Admin sign-in failed", error);
    return apiError(500, "Failed to authenticate", { success: false });
  }
  switch (outcome.status) {
    case "granted":
      return apiJson(
        { success: true, message: "Access granted: immortal Jimmy privileges for one month." },
        { headers: { "Set-Cookie": await startSession(request, "admin", null, { db }) } },
      );
    case "denied":
      return apiError(401, "Invalid password", { success: false, attemptsLeft: outcome.attemptsLeft });
    case "locked": {
      const seconds = Math.max(1, Math.ceil((Date.parse(outcome.retryAt) - Date.now()) / 1000));
      return new Response(JSON.stringify({ success: false, message: "Too many wrong passwords from this address. Try again later." }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": String(seconds), "Cache-Control": "no-store" },
      });
    }
    case "not_configured":
      return apiError(503, "Admin sign-in is not configured on this server.", { success: false });
  }
}

export function loader() {
  return apiError(405, "Use POST to sign in.");
}
