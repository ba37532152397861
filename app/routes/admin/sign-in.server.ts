import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { DB } from "~/infra/db.server";
import { recordAdminAction } from "~/models/audit-log.server";
import { attemptAdminSignIn } from "~/services/admin.server";
import { redirectWithToast } from "~/web/flash.server";
import { checkFields } from "~/web/form-action.server";
import { endSession, isAdmin, startSession } from "~/web/session.server";
import type { SignInResult } from "./PasswordGate";

/** What each of the admin page's forms is handed: the request, its form and the address it came from. */
export type AdminFormContext = { request: Request; db: DB; form: FormData; address: string };

const SignInSchema = z.object({
  password: z.string().min(1, "Enter the admin password.").max(200, "That is too long to be the password."),
});

/** Ends the admin session; the audit log records it when there was one. */
export async function signOutAction({ request, db, address }: AdminFormContext) {
  const wasAdmin = await isAdmin(request, { db });
  const headers = { "Set-Cookie": await endSession(request, "admin", { db }) };
  if (wasAdmin) {
    await recordAdminAction(db, { action: "sign_out", clientAddress: address });
    return redirectWithToast("/admin", { title: "Signed out", description: "Your admin session has ended." }, { headers });
  }
  return redirect("/admin", { headers });
}

/** The password gate: a month-long admin session, or why not (wrong password, paused after too many, not configured). */
export async function signInAction({ request, db, form, address }: AdminFormContext) {
  const parsed = checkFields(SignInSchema, { password: form.get("password") ?? "" });
  if (!parsed.ok) {
    return data<SignInResult>({ fieldErrors: parsed.fieldErrors }, { status: 400 });
  }
  try {
    const outcome = await attemptAdminSignIn(db, { password: parsed.data.password, address });
    switch (outcome.status) {
      case "granted": {
        return redirectWithToast(
          "/admin",
          { title: "Access granted", description: "You now have immortal Jimmy privileges for one month.", variant: "success" },
          { headers: { "Set-Cookie": await startSession(request, "admin", null, { db }) } },
        );
      }
      case "denied":
        return data<SignInResult>(
          {
            alert: {
              title: "Access denied",
              description:
                outcome.attemptsLeft > 0
                  ? `Invalid password. ${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? "attempt" : "attempts"} left before sign-in is paused for 15 minutes.`
                  : "Invalid password. Sign-in from your address is now paused for 15 minutes.",
            },
          },
          { status: 401 },
        );
      case "locked": {
        const minutes = Math.max(1, Math.ceil((Date.parse(outcome.retryAt) - Date.now()) / 60_000));
        return data<SignInResult>(
          {
            alert: {
              title: "Too many attempts",
              description: `Too many wrong passwords were tried from your address. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
            },
          },
          { status: 429, headers: { "Retry-After": String(minutes * 60) } },
        );
      }
      case "not_configured":
        return data<SignInResult>(
          { alert: { title: "Error", description: "Admin sign-in is not configured on this server." } },
          { status: 503 },
        );
    }
  } catch (error) {
    console.error("Admin sign-in failed", error);
    return data<SignInResult>({ alert: { title: "Error", description: "Failed to authenticate" } }, { status: 500 });
  }
}
