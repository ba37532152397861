import { data } from "@remix-run/node";
import { safeRedirect } from "~/lib/redirect";
import { EMAIL_CODE_INTENTS, type EmailCodeAnswer } from "~/lib/sign-in-code";
import { EmailCodeCheckSchema, EmailCodeRequestSchema } from "~/lib/sign-in-code-schema";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { waitText } from "~/services/rate-limit.server";
import { checkSignInCode, parseCode, requestSignInCode, SIGN_IN_CODE_MAX_WRONG } from "~/services/sign-in-codes.server";
import { clientAddress } from "./client-address.server";
import { flashHeader } from "./flash.server";
import { checkFields } from "./form-action.server";
import { startSession } from "./session.server";

const NO_MAIL_TEXT = "Sign-in by email isn't set up on this server. Please choose another way to sign in.";

function answer(body: Omit<EmailCodeAnswer, "form">, status: number, headers?: HeadersInit) {
  return data<EmailCodeAnswer>({ form: "email-code", ...body }, { status, headers });
}

function limited(retryAfterSeconds: number, what: string) {
  return {
    text: `${what} Please wait ${waitText(retryAfterSeconds)} and try again.`,
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}

/**
 * The two forms of sign-in by email: ask for a code (answered by the code
 * form) and type it (a fresh session and a redirect to where the visitor
 * was going, as every sign-in does). The caller has checked the origin.
 */
export async function emailSignInAction(request: Request, context: unknown, form: FormData): Promise<Response | ReturnType<typeof answer>> {
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "");
  if (!env().mail) return answer({ step: "email", values: { email }, formError: NO_MAIL_TEXT }, 503);
  const db = getDb();
  const address = clientAddress(request, context);

  if (intent === EMAIL_CODE_INTENTS.request) {
    const parsed = checkFields(EmailCodeRequestSchema, { email });
    if (!parsed.ok) return answer({ step: "email", values: { email }, fieldErrors: parsed.fieldErrors }, 400);
    const sent = await requestSignInCode(db, { email: parsed.data.email, address });
    if (!sent.ok) {
      const refusal = limited(sent.retryAfterSeconds, "Too many sign-in codes were asked for lately.");
      return answer({ step: "email", values: { email }, formError: refusal.text }, 429, refusal.headers);
    }
    // The same answer whether or not the address belongs to a hunter: the page tells nobody who has an account.
    return answer({ step: "code", values: { email: parsed.data.email }, sentTo: parsed.data.email }, 200);
  }

  const typedCode = String(form.get("code") ?? "");
  const values = { email, code: typedCode };
  const parsed = checkFields(EmailCodeCheckSchema, values);
  if (!parsed.ok) return answer({ step: "code", values, fieldErrors: parsed.fieldErrors }, 400);
  const code = parseCode(parsed.data.code);
  if (!code)
    return answer({ step: "code", values, fieldErrors: { code: ["The code in the email has 6 digits. Please type all six."] } }, 400);
  const checked = await checkSignInCode(db, { email: parsed.data.email, code, address });
  if (!checked.ok) {
    switch (checked.reason) {
      case "wrong":
        return answer(
          {
            step: "code",
            values,
            fieldErrors: {
              code: [
                `That isn't the code we sent. Check the email and try again (${checked.triesLeft} ${checked.triesLeft === 1 ? "try" : "tries"} left).`,
              ],
            },
          },
          400,
        );
      case "used_up":
        return answer(
          {
            step: "code",
            values,
            fieldErrors: { code: [`${SIGN_IN_CODE_MAX_WRONG} wrong codes were typed, so this code no longer works. Ask for a new one.`] },
          },
          400,
        );
      case "expired":
        return answer(
          { step: "code", values, fieldErrors: { code: ["That code has expired or was already used. Ask for a new one."] } },
          400,
        );
      case "limited": {
        const refusal = limited(checked.retryAfterSeconds, "Too many sign-in codes were typed from your connection.");
        return answer({ step: "code", values, formError: refusal.text }, 429, refusal.headers);
      }
    }
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, "user", checked.userId, { db }));
  headers.append(
    "Set-Cookie",
    await flashHeader(
      checked.created
        ? {
            title: "Welcome to the hunt!",
            description: "Other hunters see you as Hunter until you choose a name on your account page.",
            variant: "success",
          }
        : { title: "Signed in", description: `Welcome, ${checked.firstName.trim() || "Hunter"}!`, variant: "success" },
    ),
  );
  headers.set("Location", safeRedirect(form.get("redirectTo"), "/"));
  return new Response(null, { status: 302, headers });
}
