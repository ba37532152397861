import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { stopEmails } from "~/models/email.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { UNSUBSCRIBE_LINK_DAYS } from "~/lib/email";
import { checkUnsubscribeToken } from "~/services/email-links.server";
import { requestT } from "~/web/language.server";

/**
 * The address in every news email's List-Unsubscribe header. A mail program
 * that offers one-click unsubscribe (RFC 8058, List-Unsubscribe-Post) posts
 * to it from wherever it runs, with no cookie: the signed token is the proof,
 * and all it can do is stop email, so the cross-site refusal lets it through
 * (server/cross-site.ts). Opened in a browser instead, it leads to the page
 * that asks first. A link past its days answers 410 with where to go instead.
 */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/email/unsubscribe/${encodeURIComponent(params.token ?? "")}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const t = requestT(request);
  const check = checkUnsubscribeToken(params.token ?? "");
  const text = (status: number, message: string) =>
    new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (check.kind === "not-ours") return text(404, t("This unsubscribe link isn't one of ours."));
  if (check.kind === "expired")
    return text(
      410,
      t(
        "This unsubscribe link has expired: they work for {days, plural, one {# day} other {# days}}. Sign in at {address} to choose what email you get.",
        { days: UNSUBSCRIBE_LINK_DAYS, address: new URL("/account", env().publicUrl).href },
      ),
    );
  await stopEmails(getDb(), check.userId);
  return text(200, t("Unsubscribed: no more email."));
}
