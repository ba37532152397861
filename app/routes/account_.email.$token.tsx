import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { metaT, useT } from "~/components/i18n";
import { Link } from "~/components/Link";
import { Button } from "~/components/ui/Button";
import { confirmEmailChange, emailChangeByTokenHash } from "~/models/email.server";
import { getDb } from "~/infra/db.server";
import { tokenHash } from "~/services/email-links.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { redirectWithToast } from "~/web/flash.server";
import { requestT } from "~/web/language.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Confirm your email address") }, { name: "robots", content: "noindex" }];
};

/**
 * The link mailed to a new address. Opening it shows a button: a GET never
 * changes anything (mail scanners open links), the POST does. The token is
 * the proof, so the hunter need not be signed in on the device they read
 * their mail on.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const change = await emailChangeByTokenHash(getDb(), tokenHash(params.token ?? ""));
  return { newEmail: change?.newEmail ?? null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  const t = requestT(request);
  const change = await emailChangeByTokenHash(db, tokenHash(params.token ?? ""));
  if (!change) throw new Response(t("This link has expired or was already used. Ask for a new one on your account page."), { status: 410 });
  await confirmEmailChange(db, change);
  return redirectWithToast("/account", {
    title: t("Address confirmed"),
    description: t("Your news now goes to {email}.", { email: change.newEmail }),
    variant: "success",
  });
}

export default function ConfirmEmail() {
  const { newEmail } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <div className="rounded-3xl border border-orange-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{t("Confirm your email address")}</h1>
        {newEmail ? (
          <Form method="post" className="mt-4 space-y-4">
            <p className="text-stone-700">
              {t("Make {email} the address your news goes to?", { email: <span className="font-semibold">{newEmail}</span> })}
            </p>
            <Button>{t("Confirm {email}", { email: newEmail })}</Button>
          </Form>
        ) : (
          <p className="mt-4 text-stone-700" role="alert">
            {t("This link has expired or was already used. Ask for a new one on your account page.")}{" "}
            <Link to="/account" className="font-semibold text-orange-800 underline">
              {t("Your account")}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
