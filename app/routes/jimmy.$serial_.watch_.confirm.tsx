import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Link } from "~/components/Link";
import { jimmyPath } from "~/lib/discoveries";
import { parseSerial } from "~/lib/serial";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { watchStateOf } from "~/models/watches.server";
import { getDb } from "~/infra/db.server";
import { requireUser } from "~/web/session.server";
import { forgetIntentHeader, intentOf } from "~/web/sign-in-intent.server";
import { buttonClass, secondaryLinkClass } from "~/components/ui/Button";
import { metaT, useT } from "~/components/i18n";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Watch this Jimmy?") }, { name: "robots", content: "noindex" }];
};

/**
 * Where a Watch pressed while signed out continues after sign-in (like a
 * like's, discoveries_.$id.like_.confirm): a form that watches the Jimmy,
 * sent at once with JavaScript when this browser asked for it just now (the
 * intent cookie, ~/web/sign-in-intent.server); otherwise the hunter presses
 * Watch. Already watching, or a stray visit: the Jimmy's page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const serial = parseSerial(params.serial);
  if (serial === null) return redirect("/");
  const db = getDb();
  const jimmy = await findJimmyBySerial(db, serial);
  if (!jimmy) return redirect("/");
  const intent = await intentOf(request);
  const asked = intent?.kind === "watch" && intent.serialNumber === serial;
  const back = `${jimmyPath(serial)}#watch`;
  if (!asked) return redirect(jimmyPath(serial));
  const user = await requireUser(request, { db });
  const headers = { "Set-Cookie": await forgetIntentHeader() };
  if ((await watchStateOf(db, jimmy.id, user.id)).watching) return redirect(back, { headers });
  return data({ serialNumber: serial }, { headers });
}

export default function WatchAfterSignIn() {
  const t = useT();
  const { serialNumber } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    formRef.current?.requestSubmit();
  }, []);
  const busy = navigation.state !== "idle";
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-3xl border border-orange-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight">{t("Watch Jimmy #{serial}?", { serial: String(serialNumber) })}</h1>
        <p className="mt-2 text-stone-700">
          {t("You'll hear when it is found again, gets a comment, reaches a milestone or is reported missing.")}
        </p>
        {/* A whole-page post, with JavaScript or without: it ends on the Jimmy's page with a toast. */}
        <Form ref={formRef} method="post" action={`${jimmyPath(serialNumber)}/watch`} reloadDocument className="mt-5 flex gap-3">
          <input type="hidden" name="intent" value="watch" />
          <button type="submit" disabled={busy} className={buttonClass("primary", "form", "flex-1")}>
            {busy ? t("Watching…") : t("Watch")}
          </button>
          <Link to={jimmyPath(serialNumber)} className={`${secondaryLinkClass} flex-1 justify-center`}>
            {t("Not now")}
          </Link>
        </Form>
      </div>
    </section>
  );
}
