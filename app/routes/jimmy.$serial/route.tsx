import { linkPreview, previewSite } from "~/lib/link-preview";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { Link } from "~/components/Link";
import { useHydrated } from "~/components/useHydrated";
import { PlusIcon } from "~/components/ui/icons";
import { photoAlt } from "~/components/DiscoveryPhoto";
import { decodeCursor } from "~/lib/discoveries";
import { positionText } from "~/lib/location-precision";
import { pageCacheHandle } from "~/lib/page-cache";
import { parseSerial } from "~/lib/serial";
import { listComments } from "~/models/comments.server";
import { withinEditWindow } from "~/web/own-content.server";
import { getJimmyPage } from "~/models/jimmys.server";
import { ErrorPage } from "~/components/ui/ErrorPage";
import { useRootData } from "~/components/root-data";
import { jimmyNotFound } from "~/components/ReportFormError";
import { getDb } from "~/infra/db.server";
import { journeyMapHtml } from "~/web/journey-map.server";
import { sightingMapHtml } from "~/web/sighting-map.server";
import { discoveryDateTimes, requestPreferences } from "~/web/reader-terms.server";
import { missingPanelHtml } from "~/web/missing-panel.server";
import { missingReportsOf } from "~/models/missing.server";
import { milestonesOfDiscoveries } from "~/models/milestones.server";
import { watchStateOf } from "~/models/watches.server";
import { ShareButton } from "~/components/ShareButton";
import { WatchButton } from "~/components/WatchButton";
import { milestoneText } from "~/lib/milestones";
import { POSSIBLY_MISSING } from "~/lib/missing";
import { getUser, isAdmin } from "~/web/session.server";
import { photoUrls } from "~/infra/storage.server";
import { metaT, usePageLanguage, useT } from "~/components/i18n";
import { formatNumber } from "~/lib/messages";
import { requestLanguage, requestT } from "~/web/language.server";
import { commentFormSetup, postComment } from "./comment.server";
import { Comments } from "./Comments";
import { LatestSighting } from "./LatestSighting";
import { Timeline } from "./Timeline";

// A request lost on the way keeps the page as it was.
export { clientAction, shouldRevalidate } from "~/browser/keep-page";

/** A refused comment's Retry-After (the per-address limit) reaches the page that says so. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/**
 * A signed-out visitor's page is shared (the page cache's copy), so it holds
 * no comment-form token: the box fetches one when it opens
 * (jimmy.$serial_.comment-token.ts), and without JavaScript 'Add Comment'
 * leads to ?comment=new, a page rendered for the visitor with one.
 */
export const handle = pageCacheHandle<Awaited<ReturnType<typeof loader>>>((data) => data.commentForm.token !== null);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requestT(request);
  const language = requestLanguage(request);
  const serial = parseSerial(params.serial);
  if (serial === null) {
    throw new Response(t("That address doesn't name a Jimmy: Jimmy pages look like /jimmy/12."), { status: 400 });
  }
  const beforeParam = new URL(request.url).searchParams.get("before");
  const before = beforeParam === null ? null : decodeCursor(beforeParam);
  if (beforeParam !== null && !before) {
    throw new Response(
      t("That page of Jimmy #{serial}'s timeline doesn't exist. Start again from the newest discoveries.", { serial: String(serial) }),
      { status: 400 },
    );
  }
  const db = getDb();
  const preferences = requestPreferences(request);
  const page = await getJimmyPage(db, photoUrls(), serial, { before, t });
  if (!page) throw new Response(t("There is no Jimmy #{serial}.", { serial: String(serial) }), { status: 404 });
  const [comments, user, admin] = await Promise.all([listComments(db, page.jimmy.id), getUser(request, { db }), isAdmin(request, { db })]);
  const journeyMap = await journeyMapHtml(
    db,
    { ...page.jimmy, journeyVersion: page.journeyVersion },
    page.discoveries.map((d) => d.id),
    preferences.units,
    language,
  );
  // A signed-in hunter's own discoveries and comments on this page get Edit and Delete (the page is then never a cached copy).
  const ownDiscoveryIds = user ? page.discoveries.filter((d) => d.user.id === user.id).map((d) => d.id) : [];
  const ownComments = user ? comments.filter((c) => c.hunterId === user.id) : [];
  const latest = page.latest;
  const openForm = new URL(request.url).searchParams.get("comment") === "new";
  const [missing, reached, watch] = await Promise.all([
    latest ? missingReportsOf(db, page.jimmy.id, null) : null,
    milestonesOfDiscoveries(
      db,
      page.discoveries.map((d) => d.id),
    ),
    // Signed out (a page the cache may share), only the count: the button then leads to sign-in.
    watchStateOf(db, page.jimmy.id, user?.id ?? null),
  ]);
  // Each discovery's milestones, worded here: the page gets only the words.
  const milestones: Record<number, string[]> = {};
  for (const m of reached) (milestones[m.discoveryId] ??= []).push(milestoneText(m, preferences.units, t));
  // The journey version only tells the server whether its map drawing is current.
  const { journeyVersion: _journeyVersion, ...shown } = page;
  return {
    ...shown,
    // Each discovery's date and time where it was found, worded here so hydration changes nothing.
    dates: discoveryDateTimes(latest ? [latest, ...page.discoveries] : page.discoveries, preferences, language),
    readerTimeZone: preferences.timeZone ?? "UTC",
    olderPage: before !== null,
    journeyMap,
    milestones,
    watch,
    missingPanel: missing
      ? missingPanelHtml(
          { serialNumber: page.jimmy.serialNumber, possiblyMissing: page.jimmy.status === "missing" },
          missing.reports,
          language,
        )
      : null,
    comments,
    ownDiscoveryIds,
    /** Comment id → whether it may still be edited (deleting is always allowed). */
    ownComments: Object.fromEntries(ownComments.map((c) => [c.id, withinEditWindow(c)])),
    commentForm: await commentFormSetup(request, serial, { user, admin, openForm }),
    // Drawn here as markup over tiles and the drawn basemap, so the page's first load ships no map code.
    latestMap: latest ? sightingMapHtml(latest, language) : null,
    // Worded here, so the page's first load ships none of the position code.
    latestPosition:
      latest && latest.latitude !== null && latest.longitude !== null && !latest.locationApproximate
        ? positionText(Number(latest.latitude), Number(latest.longitude), latest.positionRadiusM, 4, t)
        : null,
  };
}

/** The page's one form, the comment box (./comment.server). */
export async function action(args: ActionFunctionArgs) {
  return postComment(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  const site = previewSite(matches);
  if (!data) return [{ title: t("Jimmy · {site}", { site: site.name }) }];
  const { jimmy, stats, latest } = data;
  const serial = String(jimmy.serialNumber);
  const description = latest
    ? t(
        "Found {discoveries, plural, one {# time} other {# times}} in {locations, plural, one {# place} other {# places}}. Latest sighting: {place}. {caption}",
        {
          discoveries: stats.discoveries,
          locations: stats.locations,
          place: latest.place ?? t("somewhere out there"),
          caption: latest.caption,
        },
      )
    : t("Jimmy #{serial} is still hidden, waiting for its first finder.", { serial });
  return linkPreview({
    site,
    path: `/jimmy/${jimmy.serialNumber}`,
    title: t("Jimmy #{serial} · {site}", { serial, site: site.name }),
    description,
    image: `/og/jimmys/${jimmy.serialNumber}.jpg`,
    imageAlt: latest ? photoAlt(latest, t) : t("Jimmy #{serial}, still hidden", { serial }),
    feed: { title: t("Jimmy #{serial}'s journey", { serial }), path: `/jimmy/${jimmy.serialNumber}/feed.atom` },
  });
};

const reportButtonClass =
  "inline-flex items-center gap-2 rounded-full bg-orange-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-orange-800";

// The dialog only ever appears after hydration, for a signed-in hunter, so it
// is fetched then rather than with every visit; until it arrives the button
// stays the link to the new-discovery page that it is without JavaScript.
const RecordDiscoveryModal = lazy(() =>
  import("~/components/RecordDiscoveryModal").then((module) => ({ default: module.RecordDiscoveryModal })),
);

export default function JimmyPage() {
  const { jimmy, stats, latest, latestMap, latestPosition, journeyMap, missingPanel, dates, watch } = useLoaderData<typeof loader>();
  const t = useT();
  const language = usePageLanguage();
  const root = useRootData();
  const found = latest !== null;
  const serial = String(jimmy.serialNumber);
  const reportHref = found ? `/jimmy/${jimmy.serialNumber}/new-discovery` : `/jimmy/${jimmy.serialNumber}/first-discovery`;
  const signedIn = Boolean(root?.user);
  const hydrated = useHydrated();
  // Signed out, the form page itself sends the hunter to sign in and back.
  const reportLink = (
    <Link to={reportHref} className={reportButtonClass}>
      <PlusIcon className="h-5 w-5" />
      {found ? t("Add Your Discovery") : t("Report the First Discovery")}
    </Link>
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-orange-800" data-testid="jimmy-status">
            {jimmy.status === "missing" ? t(POSSIBLY_MISSING) : found ? t("On the move") : t("Still hidden")}
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t("Jimmy #{serial}", { serial })}</h1>
        </div>
        {found && signedIn && hydrated ? (
          <Suspense fallback={reportLink}>
            <RecordDiscoveryModal serialNumber={jimmy.serialNumber} buttonClassName={reportButtonClass} />
          </Suspense>
        ) : (
          reportLink
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <WatchButton serialNumber={jimmy.serialNumber} watching={watch.watching} watchers={watch.watchers} />
        <ShareButton path={`/jimmy/${jimmy.serialNumber}`} title={t("Jimmy #{serial}", { serial })} what="Jimmy" />
      </div>

      {!found ? (
        <section className="mt-8 rounded-3xl border border-dashed border-orange-300 bg-orange-50/60 p-8 text-center">
          <img src="/logo.svg" alt="" width={72} height={72} className="mx-auto h-18 w-18" />
          <h2 className="mt-4 text-xl font-bold">{t("Nobody has found Jimmy #{serial} yet", { serial })}</h2>
          <p className="mx-auto mt-2 max-w-md text-stone-700">
            {t(
              "If you're holding this Jimmy, you're the first! Report your discovery to create Jimmy #{serial}'s official page and start its journey.",
              { serial },
            )}
          </p>
        </section>
      ) : null}

      {latest ? <LatestSighting discovery={latest} when={dates[latest.id]!} map={latestMap} position={latestPosition} /> : null}
      {/* Markup from the server (app/web/missing-panel.server.tsx), like the journey map below. */}
      {missingPanel ? <div dangerouslySetInnerHTML={{ __html: missingPanel }} /> : null}

      {/* Drawn on the server (app/web/journey-map.server.tsx): markup only, no code for the browser. */}
      {journeyMap ? <div dangerouslySetInnerHTML={{ __html: journeyMap }} /> : null}

      <section aria-labelledby="stats-heading" className="mt-8">
        <h2 id="stats-heading" className="sr-only">
          {t("Stats")}
        </h2>
        <dl className="grid grid-cols-3 gap-3 sm:gap-4">
          {[
            [t("Discoveries"), stats.discoveries],
            [t("Locations"), stats.locations],
            [t("Days Active"), stats.daysSinceCreated],
          ].map(([label, value]) => (
            <div key={label} className="rounded-2xl border border-stone-200 bg-white p-4 text-center shadow-sm">
              <dt className="text-xs font-medium text-stone-600 sm:text-sm">{label}</dt>
              <dd className="mt-1 text-2xl font-extrabold tabular-nums text-stone-900 sm:text-3xl">
                {formatNumber(Number(value), language)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <Timeline />

      <Comments />
    </div>
  );
}

export function ErrorBoundary() {
  const t = useT();
  const { serial } = useParams();
  return (
    <ErrorPage
      texts={{
        400: { title: t("Invalid URL"), fallback: t("That address doesn't name a Jimmy.") },
        404: jimmyNotFound(serial),
        other: { title: t("Error Loading Jimmy"), message: t("Failed to fetch Jimmy details") },
      }}
    />
  );
}
