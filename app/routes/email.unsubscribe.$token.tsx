import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { metaT, useT } from "~/components/i18n";
import { Link } from "~/components/Link";
import { Button } from "~/components/ui/Button";
import { stopEmails } from "~/models/email.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { UNSUBSCRIBE_LINK_DAYS } from "~/lib/email";
import { checkUnsubscribeToken } from "~/services/email-links.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { requestT } from "~/web/language.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Unsubscribe") }, { name: "robots", content: "noindex" }];
};

/** The hunter the link is for, or null when it has expired (a 410 page then leads to the account page); a link not ours is a 404. */
function hunterOf(request: Request, token: string | undefined): number | null {
  const check = checkUnsubscribeToken(token ?? "");
  if (check.kind === "not-ours") {
    const t = requestT(request);
    throw new Response(
      t("This unsubscribe link isn't one of ours (it may have been cut short). You can stop email on your account page."),
      {
        status: 404,
      },
    );
  }
  return check.kind === "valid" ? check.userId : null;
}

/** Opening the link asks first: a GET never changes anything (mail scanners open links). */
export function loader({ request, params }: LoaderFunctionArgs) {
  const expired = hunterOf(request, params.token) === null;
  return data({ huntName: env().hunt.name, expired }, { status: expired ? 410 : 200 });
}

/**
 * Stops all email to the hunter, from this page's button. The signed token
 * is the proof (no sign-in needed); posting it twice changes nothing more.
 * Mail programs' one-click POST goes to ./one-click.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const userId = hunterOf(request, params.token);
  if (userId === null) return data({ unsubscribed: false }, { status: 410 });
  await stopEmails(getDb(), userId);
  return { unsubscribed: true };
}

export default function Unsubscribe() {
  const { huntName, expired } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.unsubscribed === true;
  const t = useT();
  const settings = (
    <Link to="/account" className="font-semibold text-orange-800 underline">
      {t("Your email settings")}
    </Link>
  );
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-3xl border border-orange-100 bg-white p-6 shadow-sm sm:p-8">
        {expired ? (
          <>
            <h1 className="text-2xl font-extrabold tracking-tight">{t("This unsubscribe link has expired")}</h1>
            <p className="mt-3 text-stone-700" role="alert">
              {t(
                "The unsubscribe link in an email works for {days, plural, one {# day} other {# days}}, and this one is older. Sign in to choose what email {huntName} sends you, or to stop it all.",
                { days: UNSUBSCRIBE_LINK_DAYS, huntName },
              )}{" "}
              {settings}
            </p>
          </>
        ) : done ? (
          <>
            <h1 className="text-2xl font-extrabold tracking-tight">{t("You're unsubscribed")}</h1>
            <p className="mt-3 text-stone-700" role="status">
              {t("{huntName} won't email you news any more. It still shows under the bell when you're signed in.", { huntName })}{" "}
              <Link to="/account" className="font-semibold text-orange-800 underline">
                {t("Change your choices")}
              </Link>
            </p>
          </>
        ) : (
          <Form method="post" className="space-y-4">
            <h1 className="text-2xl font-extrabold tracking-tight">{t("Stop email from {huntName}?", { huntName })}</h1>
            <p className="text-stone-700">
              {t("No more news of the Jimmys you watch by email. You can switch it back on from your account.")}
            </p>
            <Button>{t("Unsubscribe")}</Button>
          </Form>
        )}
      </div>
    </div>
  );
}
