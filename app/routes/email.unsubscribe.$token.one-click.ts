import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { stopEmails } from "~/models/email.server";
import { getDb } from "~/infra/db.server";
import { unsubscribeTokenUser } from "~/services/email-links.server";

/**
 * The address in every news email's List-Unsubscribe header. A mail program
 * that offers one-click unsubscribe (RFC 8058, List-Unsubscribe-Post) posts
 * to it from wherever it runs, with no cookie: the signed token is the proof,
 * and all it can do is stop email, so the cross-site refusal lets it through
 * (server/cross-site.ts). Opened in a browser instead, it leads to the page
 * that asks first.
 */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/email/unsubscribe/${encodeURIComponent(params.token ?? "")}`);
}

export async function action({ params }: ActionFunctionArgs) {
  const userId = unsubscribeTokenUser(params.token ?? "");
  if (userId === null)
    return new Response("This unsubscribe link isn't one of ours.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  await stopEmails(getDb(), userId);
  return new Response("Unsubscribed: no more email.", { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
