import { EMAIL_MAX_LENGTH, EmailChoicesSchema, NewEmailSchema } from "~/lib/account-schema";
import { parseSerial } from "~/lib/serial";
import { env } from "~/infra/env.server";
import { emailSettingsOf, saveEmailChoices } from "~/models/email.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { setWatching } from "~/models/watches.server";
import { requestAddressConfirmation } from "~/services/email-change.server";
import { rateLimitedText } from "~/services/rate-limit.server";
import { parseForm } from "~/web/form-action.server";
import { retryAfterHeaders } from "~/web/rate-limit.server";
import { requestT } from "~/web/language.server";
import { done, refuse, wordErrors, type IntentContext } from "./answer.server";
import { NO_MAIL_SERVER } from "./news";

/** Email choices: how often news comes by email (never, when the hunt has no mail server) and whether finds are watched. */
export async function choicesAction({ request, form, db, user }: IntentContext) {
  const t = requestT(request);
  const values = { frequency: String(form.get("frequency") ?? ""), watchFinds: form.get("watchFinds") === "on" };
  const parsed = parseForm(form, EmailChoicesSchema, values);
  if (!parsed.ok) return refuse("choices", values, { fieldErrors: wordErrors(t, parsed.fieldErrors) });
  if (parsed.data.frequency !== "off") {
    if (!env().mail) return refuse("choices", values, { fieldErrors: { frequency: [t(NO_MAIL_SERVER)] } });
    const { email } = await emailSettingsOf(db, user.id);
    if (!email)
      return refuse("choices", values, {
        fieldErrors: { frequency: [t("Add an email address below first: there is nowhere to send your news yet.")] },
      });
  }
  await saveEmailChoices(db, user.id, parsed.data);
  return done(
    t("Saved"),
    parsed.data.frequency === "off" ? t("No email: your news stays in the app.") : t("Your news will come by email as you chose."),
  );
}

/** A new address: a link to confirm it goes there, within the hunter's and the address's daily limits. */
export async function emailAction({ request, form, db, user }: IntentContext) {
  const t = requestT(request);
  const values = { email: String(form.get("email") ?? "") };
  const parsed = parseForm(form, NewEmailSchema, values);
  if (!parsed.ok) return refuse("email", values, { fieldErrors: wordErrors(t, parsed.fieldErrors, { max: EMAIL_MAX_LENGTH }) });
  if (!env().mail) return refuse("email", values, { fieldErrors: { email: [t(NO_MAIL_SERVER)] } });
  const outcome = await requestAddressConfirmation(db, { userId: user.id, newEmail: parsed.data.email });
  if (!outcome.queued)
    return refuse(
      "email",
      values,
      // The rate-limit module's words (app/services/rate-limit.server.ts), worded there.
      { fieldErrors: { email: [rateLimitedText(outcome.refusedBy, outcome.limit, t)] } },
      { status: 429, headers: retryAfterHeaders(outcome.limit) },
    );
  return done(
    t("Check your email"),
    t("We sent a link to {email}. Open it within a day to make it your address.", { email: parsed.data.email }),
  );
}

/** Stops watching one Jimmy; an address that names none is a 404. */
export async function unwatchAction({ request, form, db, user }: IntentContext) {
  const t = requestT(request);
  const serial = parseSerial(String(form.get("serial") ?? ""));
  const jimmy = serial === null ? undefined : await findJimmyBySerial(db, serial);
  if (!jimmy) throw new Response(t("There is no such Jimmy to stop watching."), { status: 404 });
  await setWatching(db, { userId: user.id, jimmyId: jimmy.id, watching: false });
  return done(t("You stopped watching Jimmy #{serial}", { serial: String(jimmy.serial_number) }), t("Its news won't reach you any more."));
}
