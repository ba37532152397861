import { data } from "@remix-run/node";
import type { DB } from "~/infra/db.server";
import type { MessageKey, Translate } from "~/lib/language";
import { redirectWithToast } from "~/web/flash.server";
import type { SessionUser } from "~/web/session.server";
import type { AccountAnswer } from "./Section";

/** What each of the account page's intents is handed: the signed-in hunter and the form they sent. */
export type IntentContext = { request: Request; db: DB; user: SessionUser; form: FormData };

/**
 * A refused form's messages (zod's, written with `msg`), worded for the
 * reader; `values` fill their placeholders (a limit's `{max}`).
 */
export function wordErrors<K extends string>(
  t: Translate,
  fieldErrors: Partial<Record<K, MessageKey[]>>,
  values?: Record<string, string | number>,
): Partial<Record<K, string[]>> {
  const worded: Partial<Record<K, string[]>> = {};
  for (const [field, messages] of Object.entries(fieldErrors) as [K, MessageKey[] | undefined][])
    if (messages) worded[field] = messages.map((message) => t(message, values));
  return worded;
}

/** Done: back to the account page, with a toast that says what changed (worded by the caller). */
export function done(title: string, description: string): Promise<Response> {
  return redirectWithToast("/account", { title, description, variant: "success" });
}

/** A refusal of one form: the reasons, with what was typed or chosen so nothing is lost (400 unless said). */
export function refuse(
  form: AccountAnswer["form"],
  values: AccountAnswer["values"],
  reasons: Pick<AccountAnswer, "fieldErrors" | "formError">,
  init: { status?: number; headers?: HeadersInit } = {},
) {
  return data<AccountAnswer>({ form, values, ...reasons }, { status: 400, ...init });
}
