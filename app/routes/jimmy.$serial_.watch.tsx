import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { jimmyPath } from "~/lib/discoveries";
import { loginHref } from "~/lib/redirect";
import { parseSerial } from "~/lib/serial";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { setWatching, watchStateOf } from "~/models/watches.server";
import { getDb } from "~/infra/db.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { checkFields } from "~/web/form-action.server";
import { readForm } from "~/web/form.server";
import { getUser } from "~/web/session.server";
import { INTENT_PARAM, rememberIntent } from "~/web/sign-in-intent.server";
import { requestT } from "~/web/language.server";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

const WatchFormSchema = z.object({
  /** The state the hunter asked for, so a repeated or retried post changes nothing. */
  intent: z.enum(["watch", "unwatch"]),
});

/** Watching has no page of its own: the Jimmy's page has the button (and jimmy.$serial_.watch_.confirm the page after sign-in). */
export function loader({ params }: LoaderFunctionArgs) {
  const serial = parseSerial(params.serial);
  return redirect(serial === null ? "/" : jimmyPath(serial));
}

/** A Watch pressed while signed out: remembered, then off to sign in, and on to the confirm page, which watches. */
async function signInFirst(form: FormData, serial: number, back: string): Promise<Response> {
  if (form.get("intent") !== "watch") return redirect(loginHref(back));
  const intent = await rememberIntent({ kind: "watch", serialNumber: serial });
  const next = `${jimmyPath(serial)}/watch/confirm?${new URLSearchParams({ [INTENT_PARAM]: intent.id })}`;
  return redirect(loginHref(next), { headers: { "Set-Cookie": intent.header } });
}

/**
 * The Jimmy page's Watch button. With JavaScript (`enhanced`) it answers
 * the new state for the button; without, it goes back to the Jimmy's page
 * with a toast. A signed-out hunter signs in and the watch is then made (the loader's page).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const t = requestT(request);
  const serial = parseSerial(params.serial);
  const db = getDb();
  const jimmy = serial === null ? undefined : await findJimmyBySerial(db, serial);
  if (!jimmy) throw new Response(t("There is no Jimmy #{serial}.", { serial: params.serial ?? "" }), { status: 404 });
  const back = `${jimmyPath(jimmy.serial_number)}#watch`;
  const form = await readForm(request);
  const user = await getUser(request, { db });
  if (!user) return signInFirst(form, jimmy.serial_number, back);
  const enhanced = form.get("enhanced") === "1";
  const parsed = checkFields(WatchFormSchema, { intent: form.get("intent") });
  if (!parsed.ok) {
    const error = t("That request wasn't understood: reload the page and try again.");
    if (enhanced) return Response.json({ error }, { status: 400 });
    return redirectWithToast(back, { title: t("Error"), description: error, variant: "destructive" });
  }
  const watching = parsed.data.intent === "watch";
  await setWatching(db, { userId: user.id, jimmyId: jimmy.id, watching });
  const state = await watchStateOf(db, jimmy.id, user.id);
  if (enhanced) return Response.json(state);
  return redirectWithToast(
    back,
    watching
      ? {
          title: t("You're watching Jimmy #{serial}", { serial: String(jimmy.serial_number) }),
          description: t("You'll hear when it is found again, gets a comment, reaches a milestone or is reported missing."),
          variant: "success",
        }
      : {
          title: t("You stopped watching Jimmy #{serial}", { serial: String(jimmy.serial_number) }),
          description: t("Its news won't reach you any more."),
        },
  );
}
