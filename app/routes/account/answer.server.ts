import { data } from "@remix-run/node";
import type { DB } from "~/infra/db.server";
import { redirectWithToast } from "~/web/flash.server";
import type { SessionUser } from "~/web/session.server";
import type { AccountAnswer } from "./Section";

/** What each of the account page's intents is handed: the signed-in hunter and the form they sent. */
export type IntentContext = { request: Request; db: DB; user: SessionUser; form: FormData };

/** Done: back to the account page, with a toast that says what changed. */
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
