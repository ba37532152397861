import { data } from "@remix-run/node";
import { languageAtSignIn } from "~/web/sign-in-language.server";
import { safeRedirect } from "~/lib/redirect";
import { EMAIL_CODE_INTENTS, type EmailCodeAnswer } from "~/lib/sign-in-code";
import { EMAIL_MAX_LENGTH } from "~/lib/account-schema";
import type { Translate } from "~/lib/language";
import { EmailCodeCheckSchema, EmailCodeRequestSchema } from "~/lib/sign-in-code-schema";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { checkSignInCode, parseCode, requestSignInCode, SIGN_IN_CODE_MAX_WRONG } from "~/services/sign-in-codes.server";
import { clientAddress } from "./client-address.server";
import { flashHeader } from "./flash.server";
import { checkFields } from "./form-action.server";
import { requestLanguage, requestT } from "./language.server";
import { startSession } from "./session.server";

function answer(body: Omit<EmailCodeAnswer, "form">, status: number, headers?: HeadersInit) {
  return data<EmailCodeAnswer>({ form: "email-code", ...body }, { status, headers });
}

/**
 * How long to wait, as the rate limits' waitText counts it (hours above an
 * hour, else minutes from a minute, else seconds), for a message's
 * `{unit, select, …}` and `{count, plural, …}`.
 */
function waitValues(seconds: number): { unit: "hour" | "minute" | "second"; count: number } {
  if (seconds > 60 * 60) return { unit: "hour", count: Math.ceil(seconds / 3600) };
  if (seconds >= 60) return { unit: "minute", count: Math.ceil(seconds / 60) };
  return { unit: "second", count: seconds };
}

function limited(retryAfterSeconds: number, text: string) {
  return { text, headers: { "Retry-After": String(retryAfterSeconds) } };
}

/** A form's field messages (zod's, written with msg()), worded for the reader. */
function worded<K extends string>(t: Translate, fieldErrors: Partial<Record<K, string[]>>): Partial<Record<K, string[]>> {
  const out: Partial<Record<K, string[]>> = {};
  for (const [field, messages] of Object.entries(fieldErrors) as [K, string[] | undefined][])
    if (messages) out[field] = messages.map((message) => t(message, { max: EMAIL_MAX_LENGTH }));
  return out;
}

/**
 * The two forms of sign-in by email: ask for a code (answered by the code
 * form) and type it (a fresh session and a redirect to where the visitor
 * was going, as every sign-in does). The caller has checked the origin.
 */
export async function emailSignInAction(request: Request, context: unknown, form: FormData): Promise<Response | ReturnType<typeof answer>> {
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "");
  const t = requestT(request);
  if (!env().mail)
    return answer(
      {
        step: "email",
        values: { email },
        formError: t("Sign-in by email isn't set up on this server. Please choose another way to sign in."),
      },
      503,
    );
  const db = getDb();
  const address = clientAddress(request, context);

  if (intent === EMAIL_CODE_INTENTS.request) {
    const parsed = checkFields(EmailCodeRequestSchema, { email });
    if (!parsed.ok) return answer({ step: "email", values: { email }, fieldErrors: worded(t, parsed.fieldErrors) }, 400);
    const sent = await requestSignInCode(db, { email: parsed.data.email, address, language: requestLanguage(request) });
    if (!sent.ok) {
      const refusal = limited(
        sent.retryAfterSeconds,
        t(
          "Too many sign-in codes were asked for lately. Please wait {unit, select, hour {{count, plural, one {# hour} other {# hours}}} minute {{count, plural, one {# minute} other {# minutes}}} other {{count, plural, one {# second} other {# seconds}}}} and try again.",
          waitValues(sent.retryAfterSeconds),
        ),
      );
      return answer({ step: "email", values: { email }, formError: refusal.text }, 429, refusal.headers);
    }
    // The same answer whether or not the address belongs to a hunter: the page tells nobody who has an account.
    return answer({ step: "code", values: { email: parsed.data.email }, sentTo: parsed.data.email }, 200);
  }

  const typedCode = String(form.get("code") ?? "");
  const values = { email, code: typedCode };
  const parsed = checkFields(EmailCodeCheckSchema, values);
  if (!parsed.ok) return answer({ step: "code", values, fieldErrors: worded(t, parsed.fieldErrors) }, 400);
  const code = parseCode(parsed.data.code);
  if (!code)
    return answer({ step: "code", values, fieldErrors: { code: [t("The code in the email has 6 digits. Please type all six.")] } }, 400);
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
                t("That isn't the code we sent. Check the email and try again ({count, plural, one {# try} other {# tries}} left).", {
                  count: checked.triesLeft,
                }),
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
            fieldErrors: {
              code: [
                t(
                  "{count, plural, one {# wrong code was typed} other {# wrong codes were typed}}, so this code no longer works. Ask for a new one.",
                  { count: SIGN_IN_CODE_MAX_WRONG },
                ),
              ],
            },
          },
          400,
        );
      case "expired":
        return answer(
          { step: "code", values, fieldErrors: { code: [t("That code has expired or was already used. Ask for a new one.")] } },
          400,
        );
      case "limited": {
        const refusal = limited(
          checked.retryAfterSeconds,
          t(
            "Too many sign-in codes were typed from your connection. Please wait {unit, select, hour {{count, plural, one {# hour} other {# hours}}} minute {{count, plural, one {# minute} other {# minutes}}} other {{count, plural, one {# second} other {# seconds}}}} and try again.",
            waitValues(checked.retryAfterSeconds),
          ),
        );
        return answer({ step: "code", values, formError: refusal.text }, 429, refusal.headers);
      }
    }
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, "user", checked.userId, { db }));
  const language = await languageAtSignIn(request, db, checked.userId);
  if (language) headers.append("Set-Cookie", language);
  headers.append(
    "Set-Cookie",
    await flashHeader(
      checked.created
        ? {
            title: t("Welcome to the hunt!"),
            description: t("Other hunters see you as Hunter until you choose a name on your account page."),
            variant: "success",
          }
        : checked.firstName.trim()
          ? { title: t("Signed in"), description: t("Welcome, {name}!", { name: checked.firstName.trim() }), variant: "success" }
          : { title: t("Signed in"), description: t("Welcome, Hunter!"), variant: "success" },
    ),
  );
  headers.set("Location", safeRedirect(form.get("redirectTo"), "/"));
  return new Response(null, { status: 302, headers });
}
