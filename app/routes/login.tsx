import { sitePagePreview } from "~/lib/site-page-preview";
import { languageAtSignIn } from "~/web/sign-in-language.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { metaT, useT } from "~/components/i18n";
import { Link } from "~/components/Link";
import { z } from "zod";
import { type MessageKey, msg } from "~/lib/language";
import { safeRedirect } from "~/lib/redirect";
import { EMAIL_CODE_INTENTS, type EmailCodeAnswer } from "~/lib/sign-in-code";
import { SignInChoices } from "~/components/SignInChoices";
import { emailSignInAction } from "~/web/email-sign-in.server";
import { upsertUserFromProvider } from "~/models/users.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { redirectWithToast } from "~/web/flash.server";
import { checkFields } from "~/web/form-action.server";
import { nameKey } from "~/services/names.server";
import { providerAvailability } from "~/web/oauth.server";
import { getUser, startSession } from "~/web/session.server";
import { readForm } from "~/web/form.server";
import { requestT } from "~/web/language.server";
import { singleLineText } from "~/lib/text-fields";
import { useActionAnswer } from "~/lib/action-answer";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return sitePagePreview(matches, {
    path: "/login",
    name: t("Join the Hunt"),
    documentTitle: t("Sign in · Join the Hunt"),
    description: t("Sign in to report the Jimmys you find, follow their journeys and comment under your name."),
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  const user = await getUser(request);
  if (user) throw redirect(redirectTo);
  return {
    redirectTo,
    providers: providerAvailability(),
    emailAvailable: env().mail !== null,
    demoSignIn: env().demoSignIn,
    error: url.searchParams.get("error"),
  };
}

/** The users.provider of hunters the demo sign-in creates (the demo data's seeded hunters are provider "demo"). */
const DEMO_SIGN_IN_PROVIDER = "demo-sign-in";

const DemoSignInSchema = z.object({
  firstName: singleLineText().min(1, msg("Enter a first name.")).max(40, msg("Keep the first name under 40 characters.")),
  lastName: singleLineText().max(40, msg("Keep the last name under 40 characters.")).default(""),
  redirectTo: z.string().optional(),
});

/** Sign-in by a code sent by email (its two forms), or the local demo sign-in (only when DEMO_SIGN_IN is on, which needs a loopback PUBLIC_URL). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === EMAIL_CODE_INTENTS.request || intent === EMAIL_CODE_INTENTS.check) return emailSignInAction(request, context, form);
  const t = requestT(request);
  if (!env().demoSignIn) {
    throw new Response(t("Local sign-in is turned off on this server."), { status: 404 });
  }
  const parsed = checkFields(DemoSignInSchema, {
    firstName: form.get("firstName") ?? "",
    lastName: form.get("lastName") ?? "",
    redirectTo: form.get("redirectTo") ?? undefined,
  });
  if (!parsed.ok) {
    return data(
      {
        // zod's messages, written with msg() in the schema, worded for the reader.
        fieldErrors: {
          firstName: parsed.fieldErrors.firstName?.map((message) => t(message)),
          lastName: parsed.fieldErrors.lastName?.map((message) => t(message)),
        },
        values: { firstName: String(form.get("firstName") ?? ""), lastName: String(form.get("lastName") ?? "") },
      },
      { status: 400 },
    );
  }
  const { firstName, lastName } = parsed.data;
  const db = getDb();
  // The demo identity is the name itself, so signing in as the same name again
  // is the same hunter; under a provider of its own, so it never matches (or
  // renames) a seeded hunter or one who signed in with a real provider.
  const subject = `${firstName} ${lastName}`.trim().toLowerCase().replace(/\s+/g, " ");
  const user = await upsertUserFromProvider(db, { provider: DEMO_SIGN_IN_PROVIDER, subject, firstName, lastName }, new Date(), nameKey);
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, "user", user.id, { db }));
  const language = await languageAtSignIn(request, db, user.id);
  if (language) headers.append("Set-Cookie", language);
  return redirectWithToast(
    safeRedirect(parsed.data.redirectTo, "/"),
    { title: t("Signed in"), description: t("Welcome, {name}!", { name: firstName }), variant: "success" },
    { headers },
  );
}

const benefits: MessageKey[] = [
  msg("Upload photos of the Jimmys you find"),
  msg("Share locations and track each Jimmy's journey"),
  msg("Like and comment on other hunters' discoveries"),
];

const loginErrors: Record<string, MessageKey> = {
  provider_unavailable: msg("That sign-in option is not set up on this server. Please choose another."),
  sign_in_failed: msg("We couldn't complete the sign-in. Please try again."),
  sign_in_cancelled: msg("Sign-in was cancelled."),
  sign_in_expired: msg("The sign-in took too long or was started in another browser. Please try again."),
};

export default function Login() {
  const { redirectTo, providers, emailAvailable, demoSignIn, error } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const emailAnswer = answer && "form" in answer ? (answer as EmailCodeAnswer) : undefined;
  const actionData = answer && !("form" in answer) ? answer : undefined;
  const navigation = useNavigation();
  const t = useT();
  const loginError = error && Object.hasOwn(loginErrors, error) ? loginErrors[error] : undefined;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-3xl border border-orange-100 bg-white p-6 shadow-sm sm:p-8">
        <img src="/logo.svg" alt="" width={64} height={64} className="mx-auto h-16 w-16" />
        <h1 className="mt-4 text-center text-3xl font-extrabold tracking-tight">{t("Join the Hunt")}</h1>
        <p className="mt-2 text-center text-stone-600">{t("Sign in to contribute to the hunt:")}</p>
        <ul className="mt-4 space-y-2 text-stone-700">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <span aria-hidden="true" className="mt-1 h-2 w-2 shrink-0 rounded-full bg-orange-600" />
              {t(benefit)}
            </li>
          ))}
        </ul>
        {loginError !== undefined ? (
          <p role="alert" className="mt-5 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {t(loginError)}
          </p>
        ) : null}
        <div className="mt-6">
          <SignInChoices redirectTo={redirectTo} providers={providers} emailAvailable={emailAvailable} answer={emailAnswer} />
        </div>
        {demoSignIn ? (
          <Form method="post" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4" aria-labelledby="demo-title">
            <h2 id="demo-title" className="font-bold text-amber-900">
              {t("Local demo sign-in")}
            </h2>
            <p className="mt-1 text-sm text-amber-900">
              {t("This server runs on your own machine with demo sign-in turned on. Pick any name; no account is needed.")}
            </p>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <div className="mt-3 grid grid-cols-2 gap-2">
              <label className="text-sm font-medium text-stone-800">
                {t("First name")}
                <input
                  name="firstName"
                  required
                  maxLength={40}
                  autoComplete="given-name"
                  defaultValue={actionData?.values.firstName ?? ""}
                  aria-invalid={actionData?.fieldErrors.firstName ? true : undefined}
                  aria-describedby={actionData?.fieldErrors.firstName ? "demo-first-error" : undefined}
                  className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2"
                />
              </label>
              <label className="text-sm font-medium text-stone-800">
                {t("Last name")}
                <input
                  name="lastName"
                  maxLength={40}
                  autoComplete="family-name"
                  defaultValue={actionData?.values.lastName ?? ""}
                  className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2"
                />
              </label>
            </div>
            {actionData?.fieldErrors.firstName ? (
              <p id="demo-first-error" className="mt-2 text-sm text-red-700">
                {actionData.fieldErrors.firstName[0]}
              </p>
            ) : null}
            <button
              type="submit"
              disabled={navigation.state === "submitting"}
              className="mt-3 h-11 w-full rounded-full bg-amber-700 font-semibold text-white hover:bg-amber-800 disabled:opacity-60"
            >
              {t("Sign in locally")}
            </button>
          </Form>
        ) : null}
        <p className="mt-6 text-center text-sm text-stone-600">
          {t("You can browse discoveries without signing in. Sign in only to contribute!")}
        </p>
        <Link to="/" className="mt-4 block text-center font-semibold text-orange-700 hover:underline">
          {t("Back to Hunt")}
        </Link>
      </div>
    </section>
  );
}
