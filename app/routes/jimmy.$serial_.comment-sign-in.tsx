import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { loginHref } from "~/lib/redirect";
import { parseSerial } from "~/lib/serial";
import { requireSameOrigin } from "~/web/csrf.server";
import { readForm } from "~/web/form.server";
import { getUser } from "~/web/session.server";
import { INTENT_PARAM, rememberIntent } from "~/web/sign-in-intent.server";
import { requestT } from "~/web/language.server";

/** The Jimmy's page with its comment box open (how 'Add Comment' works without JavaScript). */
const commentBoxPath = (serial: number, params = "") => `/jimmy/${serial}?comment=new${params}#add-comment`;

/** Nothing to show here: a stray visit opens the comment box. */
export function loader({ params }: LoaderFunctionArgs) {
  const serial = parseSerial(params.serial);
  return redirect(serial === null ? "/" : commentBoxPath(serial));
}

/**
 * The comment box's 'Sign in to post under your name' (a second submit
 * button of the same form, so it works without JavaScript): keeps what the
 * visitor typed while they sign in, then brings them back to the box, open,
 * with their text in it (the Jimmy page reads it back). Nothing is posted.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const serial = parseSerial(params.serial);
  const t = requestT(request);
  if (serial === null) throw new Response(t("That address doesn't name a Jimmy."), { status: 400 });
  const form = await readForm(request);
  if (await getUser(request)) return redirect(commentBoxPath(serial));
  const content = form.get("content");
  const intent = await rememberIntent({ kind: "comment", serialNumber: serial, content: typeof content === "string" ? content : "" });
  return redirect(loginHref(commentBoxPath(serial, `&${INTENT_PARAM}=${intent.id}`)), { headers: { "Set-Cookie": intent.header } });
}
