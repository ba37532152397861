import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UnitsSwitch } from "~/components/UnitsSwitch";
import { isDistanceUnit, requestPreferences, unitsCookie } from "~/lib/reader-preferences";
import { safeRedirect } from "~/lib/redirect";
import { env } from "~/infra/env.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { readForm } from "~/web/form.server";
import { metaT, useT } from "~/components/i18n";
import { requestT } from "~/web/language.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches)("Miles or kilometres") },
  { name: "robots", content: "noindex" },
];

/** The switch has a page of its own for whoever arrives here without the form (a bookmark, a reload after posting). */
export function loader({ request }: LoaderFunctionArgs) {
  const { units, unitsChosen } = requestPreferences(request);
  return { units, unitsChosen };
}

/** Remembers miles or kilometres for a year and goes back to the page the switch was on. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const t = requestT(request);
  const units = form.get("units");
  const back = safeRedirect(form.get("redirectTo"), "/preferences/units");
  if (!isDistanceUnit(units)) return data({ error: t("Choose miles (mi) or kilometres (km).") }, { status: 400 });
  const secure = env().publicUrl.protocol === "https:";
  return redirect(back, { status: 303, headers: { "Set-Cookie": unitsCookie(units, secure) } });
}

export default function UnitsPreferencePage() {
  const { units, unitsChosen } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("Miles or kilometres")}</h1>
      <p className="mt-2 text-stone-600">
        {t("The Hall of Fame, journeys, milestones and “Near me” show distances in the unit you pick here.")}{" "}
        {unitsChosen ? t("This browser remembers your choice.") : t("Until you pick one, it follows your browser's language.")}
      </p>
      {answer?.error ? (
        <p role="alert" className="mt-4 font-medium text-red-700">
          {answer.error}
        </p>
      ) : null}
      <UnitsSwitch unit={units} back="/preferences/units" className="mt-6" />
    </section>
  );
}
