import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { DiscoveryPhoto, photoAlt } from "~/components/DiscoveryPhoto";
import { SignInChoices } from "~/components/SignInChoices";
import { PinIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/Button";
import { parseLabelCode } from "~/lib/qr-code";
import type { QrErrorCode } from "~/lib/qr-errors";
import { clientAddress } from "~/web/client-address.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { photoUrls } from "~/infra/storage.server";
import { getJimmyPage } from "~/models/jimmys.server";
import { issueScanProof } from "~/services/possession.server";
import { checkLabel, discoveryFormPath } from "~/services/qr.server";
import { providerAvailability } from "~/web/oauth.server";
import { discoveryDateTime, requestPreferences } from "~/web/reader-terms.server";
import { requestLanguage, requestT } from "~/web/language.server";
import { getUser } from "~/web/session.server";
import { metaT, useT } from "~/components/i18n";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return [
    { title: data?.kind === "found" ? t("You found Jimmy #{serial}!", { serial: String(data.serial) }) : t("QR Code") },
    { name: "robots", content: "noindex" },
  ];
};
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const noStore = { "Cache-Control": "no-store" };
const toFound = (error: QrErrorCode) => redirect(`/found?error=${error}`, { headers: noStore });

/**
 * Where a label's QR code leads (https://{host}/q/{serial}-{check}). It only
 * reads: a signed-in hunter lands on the right discovery form for the Jimmy
 * with a scan proof (docs/security.md), so the form does not ask for the
 * code; a signed-out one is told they found him and signs in here, any way
 * they like, coming back to this address (which proves the scan again); a
 * failure ends on /found with its reason. Every target is a fixed path on
 * this site.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const code = parseLabelCode(params.code ?? "");
  if (!code) return toFound("invalid_qr");
  let db;
  let outcome;
  let user;
  try {
    db = getDb();
    user = await getUser(request, { db });
    outcome = await checkLabel(db, { ...code, address: clientAddress(request, context), userId: user?.id ?? null });
  } catch (error) {
    console.error("Checking a QR label failed", error);
    return toFound("server_error");
  }
  if (outcome.ok) {
    if (!user) {
      const page = await getJimmyPage(db, photoUrls(), outcome.serial, { limit: 1, t: requestT(request) });
      const latest = page?.latest ?? null;
      return data(
        {
          kind: "found" as const,
          serial: outcome.serial,
          latest,
          latestWhen: latest ? discoveryDateTime(latest, requestPreferences(request).timeZone, requestLanguage(request)) : null,
          // The proof is bound to the hunter, so it is issued when they come back here signed in.
          returnTo: `/q/${params.code}`,
          providers: providerAvailability(),
          emailAvailable: env().mail !== null,
        },
        { headers: noStore },
      );
    }
    const proof = issueScanProof(outcome.serial, user.id);
    return redirect(`${discoveryFormPath(outcome.serial, outcome.found)}?proof=${proof}`, { headers: noStore });
  }
  if (outcome.error === "rate_limited") {
    const minutes = Math.max(1, Math.ceil((Date.parse(outcome.retryAt) - Date.now()) / 60_000));
    return data({ kind: "limited" as const, minutes }, { status: 429, headers: { ...noStore, "Retry-After": String(minutes * 60) } });
  }
  return toFound(outcome.error);
}

export default function LabelScanned() {
  const answer = useLoaderData<typeof loader>();
  return answer.kind === "found" ? <YouFoundHim {...answer} /> : <TooManyAttempts minutes={answer.minutes} />;
}

/** A signed-out finder's page: who they found, where he was last seen, and how to sign in to record it. */
function YouFoundHim({
  serial,
  latest,
  latestWhen,
  returnTo,
  providers,
  emailAvailable,
}: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "found" }>) {
  const t = useT();
  return (
    <section className="mx-auto max-w-md px-4 py-8">
      <p className="text-center text-sm font-semibold uppercase tracking-wide text-orange-700">{t("Label checked")}</p>
      <h1 className="mt-1 text-center text-3xl font-extrabold tracking-tight">
        {t("You found Jimmy #{serial}!", { serial: String(serial) })}
      </h1>
      {latest ? (
        <section aria-labelledby="last-sighting" className="mt-5 overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
          <DiscoveryPhoto
            photo={latest.photo}
            alt={photoAlt(latest, t)}
            sizes="(min-width: 448px) 416px, calc(100vw - 2rem)"
            priority
            className="max-h-56"
          />
          <div className="space-y-1 p-4">
            <h2 id="last-sighting" className="font-bold">
              {t("His last sighting")}
            </h2>
            <p className="flex items-center gap-1.5 text-stone-800">
              <PinIcon className="h-4 w-4 shrink-0 text-orange-700" />
              <span>{latest.place ?? t("Location not specified")}</span>
            </p>
            <p className="text-sm text-stone-600">
              <time dateTime={latest.createdAt}>{latestWhen}</time>
            </p>
          </div>
        </section>
      ) : (
        <p className="mt-5 rounded-3xl border border-amber-200 bg-amber-50 p-4 text-center text-amber-950">
          <strong className="block text-lg">{t("You're the first to find him!")}</strong>
          {t("Nobody has reported Jimmy #{serial} yet: your photo starts his page.", { serial: String(serial) })}
        </p>
      )}
      <div className="mt-6 rounded-3xl border border-orange-100 bg-white p-5 shadow-sm">
        <h2 className="text-xl font-bold">{t("Sign in to record your find")}</h2>
        <p className="mt-1 text-stone-700">
          {t(
            "Signing in puts this find under your name, so the hunt knows who found him. Browsing stays open to everyone. Your scan is kept while you sign in: you go straight to the report form, with nothing to scan or type again.",
          )}
        </p>
        <div className="mt-4">
          <SignInChoices redirectTo={returnTo} providers={providers} emailAvailable={emailAvailable} />
        </div>
      </div>
      <Link to={`/jimmy/${serial}`} className="mt-6 block text-center font-semibold text-orange-700 hover:underline">
        {t("See Jimmy #{serial}'s page", { serial: String(serial) })}
      </Link>
    </section>
  );
}

/** Shown only while the connection is refused for too many codes that could not be verified. */
function TooManyAttempts({ minutes }: { minutes: number }) {
  const t = useT();
  return (
    <section className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">{t("Too many attempts")}</h1>
      <p className="mt-3 text-stone-700">
        {t(
          "Too many QR codes that could not be verified came from your connection. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.",
          { minutes },
        )}
      </p>
      <Link to="/" className={buttonClass("primary", "cta", "mt-8")}>
        {t("Go Home")}
      </Link>
    </section>
  );
}
