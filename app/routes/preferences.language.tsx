import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { metaT, useT } from "~/components/i18n";
import { isLanguage, LANGUAGE_NAMES } from "~/lib/language";
import { safeRedirect } from "~/lib/redirect";
import { getDb } from "~/infra/db.server";
import { setUserLanguage } from "~/models/users.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getUser } from "~/web/session.server";
import { readForm } from "~/web/form.server";
import { languageCookie, requestLanguage, requestT, servedLanguages } from "~/web/language.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("Language") }, { name: "robots", content: "noindex" }];

/** Where the footer's "Language" link leads: the languages, each named in itself, as buttons of one plain form. */
export function loader({ request }: LoaderFunctionArgs) {
  const back = safeRedirect(new URL(request.url).searchParams.get("back"), "/");
  return { current: requestLanguage(request), languages: servedLanguages(), back };
}

/**
 * Remembers the language for a year (the `lang` cookie, and the hunter's account when
 * signed in) and goes back to the page the reader came from, now in that language.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await readForm(request);
  const language = form.get("language");
  const back = safeRedirect(form.get("redirectTo"), "/");
  if (!isLanguage(language, servedLanguages())) {
    const t = requestT(request);
    return data({ error: t("Choose one of the languages listed.") }, { status: 400 });
  }
  // A signed-in hunter's choice is theirs on every device, and words their emails.
  const user = await getUser(request);
  if (user) await setUserLanguage(getDb(), user.id, language);
  return redirect(back, { status: 303, headers: { "Set-Cookie": languageCookie(language) } });
}

export default function LanguagePage() {
  const { current, languages, back } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("Language")}</h1>
      <p className="mt-2 text-stone-600">
        {t("The hunt speaks these languages. This browser remembers your choice, and so does your account when you are signed in.")}
      </p>
      {answer?.error ? (
        <p role="alert" className="mt-4 font-medium text-red-700">
          {answer.error}
        </p>
      ) : null}
      {/* A plain form: the whole page comes back in the new language, with JavaScript or without. */}
      <form method="post" action="/preferences/language" className="mt-6" data-testid="language-switch">
        <input type="hidden" name="redirectTo" value={back} />
        <ul className="grid gap-2 sm:grid-cols-2">
          {languages.map((language) => (
            <li key={language}>
              <button
                type="submit"
                name="language"
                value={language}
                lang={language}
                dir="auto"
                aria-pressed={language === current}
                className={`min-h-11 w-full rounded-xl border px-4 py-2 text-start font-semibold ${
                  language === current
                    ? "border-orange-700 bg-orange-700 text-white"
                    : "border-stone-300 bg-white text-stone-800 hover:bg-orange-50"
                }`}
              >
                {LANGUAGE_NAMES[language]}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </section>
  );
}
