import { linkPreview, previewSite } from "~/lib/link-preview";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { Link } from "~/components/Link";
import { HunterAvatarLink, HunterNameLink } from "~/components/Avatar";
import { DiscoveryPhoto, photoAlt } from "~/components/DiscoveryPhoto";
import { LikeButton } from "~/components/LikeButton";
import { OwnActions } from "~/components/OwnActions";
import { ShareButton } from "~/components/ShareButton";
import { PinIcon } from "~/components/ui/icons";
import { discoveryInJourneyPath, discoveryPagePath, jimmyPath } from "~/lib/discoveries";
import { fullName } from "~/lib/format";
import { discoveryDateTime, placeDate, requestPreferences } from "~/web/reader-terms.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { PAGE_CACHE_HANDLE } from "~/lib/page-cache";
import { getDb } from "~/infra/db.server";
import { photoUrls } from "~/infra/storage.server";
import { findDiscoveryPage } from "~/models/discoveries.server";
import { ErrorPage } from "~/components/ui/ErrorPage";
import { getUser } from "~/web/session.server";

// A like lost on the way keeps the page as it was.
export { shouldRevalidate } from "~/browser/keep-page";

/** The same for every signed-out visitor: served from the anonymous page cache. */
export const handle = PAGE_CACHE_HANDLE;

/** A 410 tells crawlers and link previews the page is gone for good. */
export const headers: HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

/** The photo fills the column: up to 896 px wide, the screen minus its margins on phones. */
const PAGE_IMAGE_SIZES = "(min-width: 960px) 896px, calc(100vw - 2rem)";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = previewSite(matches);
  if (!data) return [{ title: `Discovery · ${site.name}` }, { name: "robots", content: "noindex" }];
  const { discovery, day } = data;
  const name = fullName(discovery.user.firstName, discovery.user.lastName);
  const title = `Jimmy #${discovery.jimmy.serialNumber} found by ${name}${discovery.place ? ` in ${discovery.place}` : ""}`;
  return linkPreview({
    site,
    path: discoveryPagePath(discovery.id),
    title,
    documentTitle: `${title} · ${site.name}`,
    description: `${discovery.caption} — ${day}. Follow Jimmy #${discovery.jimmy.serialNumber}'s journey on ${site.name}.`,
    image: `/og/discoveries/${discovery.id}.jpg`,
    imageAlt: photoAlt(discovery),
    type: "article",
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = /^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!(id <= MAX_ROW_ID))
    throw new Response("That address doesn't name a discovery: discovery pages look like /discoveries/12.", { status: 400 });
  const db = getDb();
  const viewer = await getUser(request, { db });
  const page = await findDiscoveryPage(db, photoUrls(), id, viewer?.id ?? null);
  if (!page.found) {
    if (!page.removed) throw new Response("There is no such discovery.", { status: 404 });
    throw Response.json(
      {
        message: "This discovery was removed by its finder or the hunt's moderators.",
        serialNumber: page.removed.serialNumber,
      },
      { status: 410 },
    );
  }
  const { timeZone } = requestPreferences(request);
  const { discovery } = page;
  return {
    discovery,
    // Edit and Delete for its hunter; a signed-out visitor's copy (the cached one) has none.
    own: viewer !== null && viewer.id === discovery.user.id,
    // Worded here, in the time zone of where it was found, so hydration changes nothing.
    when: discoveryDateTime(discovery, timeZone),
    day: placeDate(discovery.createdAt, discovery, timeZone),
  };
}

export default function DiscoveryPage() {
  const { discovery, own, when } = useLoaderData<typeof loader>();
  const { jimmy, user } = discovery;
  return (
    <article className="mx-auto max-w-4xl px-4 py-6 sm:py-8" aria-labelledby="discovery-heading" id={`discovery-${discovery.id}`}>
      <p className="text-sm font-semibold uppercase tracking-wide text-orange-800">{discovery.isFirst ? "First discovery" : "Discovery"}</p>
      <h1 id="discovery-heading" className="text-3xl font-extrabold tracking-tight wrap-anywhere sm:text-4xl">
        Jimmy #{jimmy.serialNumber}
        {discovery.place ? <span className="block text-xl font-bold text-stone-700 sm:text-2xl">in {discovery.place}</span> : null}
      </h1>
      <div className="mt-4 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
        <DiscoveryPhoto photo={discovery.photo} alt={photoAlt(discovery)} sizes={PAGE_IMAGE_SIZES} priority />
        <div className="p-4 sm:p-6">
          <div className="flex items-center gap-3">
            <HunterAvatarLink user={user} />
            <div className="min-w-0">
              <p className="font-semibold text-stone-900">
                Found by <HunterNameLink user={user} />
              </p>
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
          <p className="mt-4 whitespace-pre-line break-words text-lg text-stone-800">{discovery.caption}</p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <LikeButton discoveryId={discovery.id} liked={discovery.isLikedByUser} count={discovery.likeCount} />
            <ShareButton path={discoveryPagePath(discovery.id)} title={`Jimmy #${jimmy.serialNumber} was found!`} />
            {own ? <OwnActions discovery={discovery} returnTo={discoveryPagePath(discovery.id)} /> : null}
          </div>
          <nav aria-label="More of this Jimmy" className="mt-5 flex flex-wrap gap-3">
            <Link
              to={jimmyPath(jimmy.serialNumber)}
              className="inline-flex min-h-11 items-center rounded-full bg-orange-700 px-5 font-semibold text-white hover:bg-orange-800"
            >
              Jimmy #{jimmy.serialNumber}&apos;s page
            </Link>
            <Link
              to={discoveryInJourneyPath(discovery)}
              className="inline-flex min-h-11 items-center rounded-full border border-orange-300 px-5 font-semibold text-orange-800 hover:bg-orange-50"
            >
              This find in its journey
            </Link>
          </nav>
        </div>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 410) {
    const { message, serialNumber } = error.data as { message: string; serialNumber: number | null };
    return (
      <div className="mx-auto max-w-xl px-4 py-12 text-center" data-testid="discovery-gone">
        <h1 className="text-2xl font-extrabold tracking-tight">This discovery is gone</h1>
        <p className="mt-3 text-stone-700">{message}</p>
        <p className="mt-6 flex flex-wrap justify-center gap-3">
          {serialNumber !== null ? (
            <Link
              to={jimmyPath(serialNumber)}
              className="inline-flex min-h-11 items-center rounded-full bg-orange-700 px-5 font-semibold text-white hover:bg-orange-800"
            >
              See Jimmy #{serialNumber}&apos;s journey
            </Link>
          ) : null}
          <Link to="/" className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-5 font-semibold text-stone-800">
            Back to the hunt
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ErrorPage
      texts={{
        400: { title: "Discovery not found", fallback: "That address doesn't name a discovery." },
        404: { title: "Discovery not found", fallback: "There is no such discovery." },
        other: { title: "Error Loading Discovery", message: "Failed to fetch this discovery. Please try again." },
      }}
    />
  );
}
