import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { metaT, useT } from "~/components/i18n";
import { Link } from "~/components/Link";
import { UnitsSwitch } from "~/components/UnitsSwitch";
import { buttonClass } from "~/components/ui/Button";
import { DisplayNameSchema, NewEmailSchema } from "~/lib/account-schema";
import { formHints } from "~/lib/form-hints";
import { fullName } from "~/lib/format";
import { describeBrowser } from "~/lib/user-agent";
import { requestPreferences } from "~/lib/reader-preferences";
import { emailSettingsOf } from "~/models/email.server";
import { listDataExports } from "~/models/data-exports.server";
import { profileOf } from "~/models/users.server";
import { listUserSessions } from "~/models/sessions.server";
import { watchedJimmysOf } from "~/models/watches.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { readForm } from "~/web/form.server";
import { requestLanguage, requestT } from "~/web/language.server";
import { formatBytes } from "~/web/multipart.server";
import { readerDate } from "~/web/reader-terms.server";
import { currentSessionHash, requireUser } from "~/web/session.server";
import { exportAction } from "./data.server";
import { DataSection } from "./data";
import { deviceId, signOutDeviceAction, signOutOthersAction } from "./devices.server";
import { DevicesSection } from "./devices";
import { choicesAction, emailAction, unwatchAction } from "./news.server";
import { EmailSection, NewsSection, WatchedSection } from "./news";
import { nameAction, photoAction } from "./profile.server";
import { NameSection, PhotoSection } from "./profile";
import { Section } from "./Section";

// A request lost on the way keeps the page, and what was typed, as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("Your account") }, { name: "robots", content: "noindex" }];
};

/** A refusal's Retry-After reaches the page that says so. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, { db });
  const t = requestT(request);
  const now = new Date().toISOString();
  const [profile, settings, watched, sessions, current, exports] = await Promise.all([
    profileOf(db, user.id),
    emailSettingsOf(db, user.id),
    watchedJimmysOf(db, user.id),
    listUserSessions(db, user.id, now),
    currentSessionHash(request),
    listDataExports(db, user.id),
  ]);
  const language = requestLanguage(request);
  const readerDay = (at: string) => readerDate(at, requestPreferences(request), language);
  return {
    now,
    exports: exports.map((e) => ({
      id: e.id,
      status: e.status,
      requestedOn: readerDay(e.createdAt),
      until: e.expiresAt ? readerDay(e.expiresAt) : null,
      size: formatBytes(e.size ?? 0, language),
    })),
    devices: sessions.map((session) => ({
      id: deviceId(session.idHash),
      browser: describeBrowser(session.userAgent, t),
      signedInOn: readerDate(session.createdAt, requestPreferences(request), language),
      lastUsed: session.lastSeenAt,
      thisDevice: session.idHash === current,
    })),
    user: { id: user.id, name: fullName(user.firstName, user.lastName) },
    profile: {
      firstName: profile.first_name,
      lastName: profile.last_name,
      imageUrl: profile.profile_image_url,
      providerImageUrl: profile.provider_image_url,
      photoChoice: profile.photo_choice,
    },
    nameHints: formHints(DisplayNameSchema),
    settings,
    watched,
    mailConfigured: env().mail !== null,
    emailHints: formHints(NewEmailSchema),
    units: requestPreferences(request).units,
  };
}

/** The page's forms by their `intent`, each answered by the module of the section that holds it. */
const INTENTS = {
  name: nameAction,
  choices: choicesAction,
  email: emailAction,
  "sign-out-device": signOutDeviceAction,
  "sign-out-others": signOutOthersAction,
  unwatch: unwatchAction,
  export: exportAction,
};

/** The account page's forms: the photo (multipart, the only one that is), and the others told apart by `intent`. */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const db = getDb();
  const user = await requireUser(request, { db });
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) return photoAction(request, db, user.id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (!Object.hasOwn(INTENTS, intent)) {
    const t = requestT(request);
    throw new Response(t("That form isn't one this page knows. Reload the page and try again."), { status: 400 });
  }
  return INTENTS[intent as keyof typeof INTENTS]({ request, db, user, form });
}

export default function AccountPage() {
  const { user, units } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("Your account")}</h1>
      <p className="mt-2 text-stone-700">
        {t("Signed in as {name}.", { name: <span className="font-semibold">{user.name}</span> })}{" "}
        <Link to={`/hunters/${user.id}`} className="font-semibold text-orange-800 underline">
          {t("Your public profile")}
        </Link>{" "}
        ·{" "}
        <Link to="/notifications" className="font-semibold text-orange-800 underline">
          {t("Your notifications")}
        </Link>
      </p>
      <NameSection />
      <PhotoSection />
      <NewsSection />
      <EmailSection />
      <DevicesSection />
      <Section id="units" title={t("Distances")}>
        <p className="mt-1 text-sm text-stone-600">
          {t("The Hall of Fame, journeys, milestones and \u201cNear me\u201d use this unit. It is remembered by this browser.")}
        </p>
        <UnitsSwitch unit={units} back="/account" className="mt-3" />
      </Section>
      <WatchedSection />
      <DataSection />
      <Section id="delete" title={t("Delete your account")}>
        <p className="mt-1 text-sm text-stone-700">
          {t("Your discoveries, photos, comments, likes and everything else the hunt holds about you, for good.")}
        </p>
        <Link to="/account/delete" className={buttonClass("danger", "cta", "mt-3")}>
          {t("Delete my account…")}
        </Link>
      </Section>
    </div>
  );
}
