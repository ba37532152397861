import { linkPreview, previewSite } from "~/lib/link-preview";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { Link } from "~/components/Link";
import { metaT, useT } from "~/components/i18n";
import { HunterAvatarLink, HunterNameLink } from "~/components/Avatar";
import { DiscoveryPhoto, photoAlt } from "~/components/DiscoveryPhoto";
import { LikeButton } from "~/components/LikeButton";
import { OwnActions } from "~/components/OwnActions";
import { ShareButton } from "~/components/ShareButton";
import { PinIcon } from "~/components/ui/icons";
import { discoveryInJourneyPath, discoveryPagePath, jimmyPath, shownCaption } from "~/lib/discoveries";
import { fullName } from "~/lib/format";
import { discoveryDateTime, placeDate, requestPreferences } from "~/web/reader-terms.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { PAGE_CACHE_HANDLE } from "~/lib/page-cache";
import { getDb } from "~/infra/db.server";
import { photoUrls } from "~/infra/storage.server";
import { findDiscoveryPage } from "~/models/discoveries.server";
import { ErrorPage } from "~/components/ui/ErrorPage";
import { getUser } from "~/web/session.server";
import { requestLanguage, requestT } from "~/web/language.server";

// A like lost on the way keeps the page as it was.
export { shouldRevalidate } from "~/browser/keep-page";

/** The same for every signed-out visitor: served from the anonymous page cache. */
export const handle = PAGE_CACHE_HANDLE;

/** A 410 tells crawlers and link previews the page is gone for good. */
export const headers: HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

/** The photo fills the column: up to 896 px wide, the screen minus its margins on phones. */
const PAGE_IMAGE_SIZES = "(min-width: 960px) 896px, calc(100vw - 2rem)";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  const site = previewSite(matches);
  if (!data) return [{ title: t("Discovery · {site}", { site: site.name }) }, { name: "robots", content: "noindex" }];
  const { discovery, day } = data;
  const name = fullName(discovery.user.firstName, discovery.user.lastName);
  const serial = String(discovery.jimmy.serialNumber);
  const title = discovery.place
    ? t("Jimmy #{serial} found by {name} in {place}", { serial, name, place: discovery.place })
    : t("Jimmy #{serial} found by {name}", { serial, name });
  return linkPreview({
    site,
    path: discoveryPagePath(discovery.id),
    title,
    documentTitle: t("{title} · {site}", { title, site: site.name }),
    description: t("{caption} — {day}. Follow Jimmy #{serial}'s journey on {site}.", {
      caption: shownCaption(discovery.caption, t),
      day,
      serial,
      site: site.name,
    }),
    image: `/og/discoveries/${discovery.id}.jpg`,
    imageAlt: photoAlt(discovery, t),
    type: "article",
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requestT(request);
  const id = /^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!(id <= MAX_ROW_ID))
    throw new Response(t("That address doesn't name a discovery: discovery pages look like /discoveries/12."), { status: 400 });
  const db = getDb();
  const viewer = await getUser(request, { db });
  const page = await findDiscoveryPage(db, photoUrls(), id, viewer?.id ?? null, t);
  if (!page.found) {
    if (!page.removed) throw new Response(t("There is no such discovery."), { status: 404 });
    throw Response.json(
      {
        message: t("This discovery was removed by its finder or the hunt's moderators."),
        serialNumber: page.removed.serialNumber,
      },
      { status: 410 },
    );
  }
  const { timeZone } = requestPreferences(request);
  const language = requestLanguage(request);
  const { discovery } = page;
  return {
    discovery,
    // Edit and Delete for its hunter; a signed-out visitor's copy (the cached one) has none.
    own: viewer !== null && viewer.id === discovery.user.id,
    // Worded here, in the time zone of where it was found, so hydration changes nothing.
    when: discoveryDateTime(discovery, timeZone, language),
    day: placeDate(discovery.createdAt, discovery, timeZone, language),
  };
}

export default function DiscoveryPage() {
  const t = useT();
  const { discovery, own, when } = useLoaderData<typeof loader>();
  const { jimmy, user } = discovery;
  const serial = String(jimmy.serialNumber);
  return (
    <article className="mx-auto max-w-4xl px-4 py-6 sm:py-8" aria-labelledby="discovery-heading" id={`discovery-${discovery.id}`}>
      <p className="text-sm font-semibold uppercase tracking-wide text-orange-800">
        {discovery.isFirst ? t("First discovery") : t("Discovery")}
      </p>
      <h1 id="discovery-heading" className="text-3xl font-extrabold tracking-tight wrap-anywhere sm:text-4xl">
        {t("Jimmy #{serial}", { serial })}
        {discovery.place ? (
          <span className="block text-xl font-bold text-stone-700 sm:text-2xl">{t("in {place}", { place: discovery.place })}</span>
        ) : null}
      </h1>
      <div className="mt-4 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
        <DiscoveryPhoto photo={discovery.photo} alt={photoAlt(discovery, t)} sizes={PAGE_IMAGE_SIZES} priority />
        <div className="p-4 sm:p-6">
          <div className="flex items-center gap-3">
            <HunterAvatarLink user={user} />
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">{t("Found by {name}", { name: <HunterNameLink user={user} /> })}</p>
              <p className="flex flex-wrap items-center gap-1 text-sm text-stone-600">
                {discovery.place ? (
                  <>
                    <PinIcon className="h-3.5 w-3.5 shrink-0" />
                    <span>{discovery.place}</span>
                    <span aria-hidden="true">·</span>
                  </>
                ) : null}
                <time dateTime={discovery.createdAt} data-testid="discovery-when">
                  {when}
                </time>
              </p>
              {discovery.pin ? (
                <p className="text-xs text-stone-600" data-testid="place-pin">
                  {discovery.pin}
                </p>
              ) : null}
            </div>
          </div>
          <p className="mt-4 whitespace-pre-line break-words text-lg text-stone-800">{shownCaption(discovery.caption, t)}</p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <LikeButton discoveryId={discovery.id} liked={discovery.isLikedByUser} count={discovery.likeCount} />
            <ShareButton path={discoveryPagePath(discovery.id)} title={t("Jimmy #{serial} was found!", { serial })} />
            {own ? <OwnActions discovery={discovery} returnTo={discoveryPagePath(discovery.id)} /> : null}
          </div>
          <nav aria-label={t("More of this Jimmy")} className="mt-5 flex flex-wrap gap-3">
            <Link
              to={jimmyPath(jimmy.serialNumber)}
              className="inline-flex min-h-11 items-center rounded-full bg-orange-700 px-5 font-semibold text-white hover:bg-orange-800"
            >
              {t("Jimmy #{serial}'s page", { serial })}
            </Link>
            <Link
              to={discoveryInJourneyPath(discovery)}
              className="inline-flex min-h-11 items-center rounded-full border border-orange-300 px-5 font-semibold text-orange-800 hover:bg-orange-50"
            >
              {t("This find in its journey")}
            </Link>
          </nav>
        </div>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  // A 410 names the Jimmy the removed discovery belonged to, where its journey goes on.
  const gone = isRouteErrorResponse(error) && error.status === 410 ? (error.data as { serialNumber: number | null }) : null;
  return (
    <ErrorPage
      texts={{
        400: { title: t("Discovery not found"), fallback: t("That address doesn't name a discovery.") },
        404: { title: t("Discovery not found"), fallback: t("There is no such discovery.") },
        410: { title: t("This discovery is gone") },
        other: { title: t("Error Loading Discovery"), message: t("Failed to fetch this discovery. Please try again.") },
      }}
      action={
        gone?.serialNumber != null
          ? { to: jimmyPath(gone.serialNumber), label: t("See Jimmy #{serial}'s journey", { serial: String(gone.serialNumber) }) }
          : null
      }
    />
  );
}
