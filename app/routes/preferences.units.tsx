import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UnitsSwitch } from "~/components/UnitsSwitch";
import { isDistanceUnit, requestPreferences, unitsCookie } from "~/lib/reader-preferences";
import { safeRedirect } from "~/lib/redirect";
import { env } from "~/infra/env.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { readForm } from "~/web/form.server";

export const meta: MetaFunction = () => [{ title: "Miles or kilometres" }, { name: "robots", content: "noindex" }];

/** The switch has a page of its own for whoever arrives here without the form (a bookmark, a reload after posting). */
export function loader({ request }: LoaderFunctionArgs) {
  const { units, unitsChosen } = requestPreferences(request);
  return { units, unitsChosen };
}

/** Remembers miles or kilometres for a year and goes back to the page the switch was on. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const units = form.get("units");
  const back = safeRedirect(form.get("redirectTo"), "/preferences/units");
  if (!isDistanceUnit(units)) return data({ error: "Choose miles (mi) or kilometres (km)." }, { status: 400 });
  const secure = env().publicUrl.protocol === "https:";
  return redirect(back, { status: 303, headers: { "Set-Cookie": unitsCookie(units, secure) } });
}

export default function UnitsPreferencePage() {
  const { units, unitsChosen } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Miles or kilometres</h1>
      <p className="mt-2 text-stone-600">
        The Hall of Fame, journeys, milestones and &ldquo;Near me&rdquo; show distances in the unit you pick here.{" "}
        {unitsChosen ? "This browser remembers your choice." : "Until you pick one, it follows your browser's language."}
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
