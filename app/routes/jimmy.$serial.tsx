import { linkPreview, previewSite } from "~/lib/link-preview";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { Link } from "~/components/Link";
import { OwnActions } from "~/components/OwnActions";
import { lazy, Suspense } from "react";
import { HunterAvatarLink, HunterNameLink } from "~/components/Avatar";
import { CommentForm } from "~/components/CommentForm";
import { CommentList } from "~/components/CommentList";
import { DiscoveryPhoto, photoAlt } from "~/components/DiscoveryPhoto";
import { useHydrated } from "~/components/useHydrated";
import { PinIcon, PlusIcon } from "~/components/ui/icons";
import { CommentFormSchema } from "~/lib/comment-schema";
import type { CommentActionResult } from "~/lib/comments";
import { decodeCursor, type DiscoveryCardData } from "~/lib/discoveries";
import { formatCount, fullName } from "~/lib/format";
import { positionText } from "~/lib/location-precision";
import { pageCacheHandle } from "~/lib/page-cache";
import { parseSerial } from "~/lib/serial";
import { listComments } from "~/models/comments.server";
import { withinEditWindow } from "~/web/own-content.server";
import { findJimmyBySerial, getJimmyPage } from "~/models/jimmys.server";
import { ErrorPage } from "~/components/ui/ErrorPage";
import { useRootData } from "~/components/root-data";
import { jimmyNotFound } from "~/components/ReportFormError";
import { clientAddress } from "~/web/client-address.server";
import { checkCommentForm, FORM_TOKEN_FIELD, issueUniqueFormToken } from "~/services/comment-guard.server";
import { commentGuard, submitComment, type CommentAuthor } from "~/services/comments.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { redirectWithToast } from "~/web/flash.server";
import { parseForm } from "~/web/form-action.server";
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
import { readForm } from "~/web/form.server";
import { IDEMPOTENCY_KEY_REUSED_FORM_TEXT } from "~/lib/idempotency";
import { hashRequest } from "~/web/request-hash.server";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { keepPageOnTransportFailure } from "~/browser/client-action";
import { keepDataAfterTransportFailure } from "~/lib/transport";
import { photoUrls } from "~/infra/storage.server";
import { commentDraftOf } from "~/web/sign-in-intent.server";

const INVALID_URL_TEXT = "Invalid URL";

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
  const serial = parseSerial(params.serial);
  if (serial === null) {
    throw new Response("That address doesn't name a Jimmy: Jimmy pages look like /jimmy/12.", { status: 400 });
  }
  const beforeParam = new URL(request.url).searchParams.get("before");
  const before = beforeParam === null ? null : decodeCursor(beforeParam);
  if (beforeParam !== null && !before) {
    throw new Response(`That page of Jimmy #${serial}'s timeline doesn't exist. Start again from the newest discoveries.`, { status: 400 });
  }
  const db = getDb();
  const preferences = requestPreferences(request);
  const page = await getJimmyPage(db, photoUrls(), serial, { before });
  if (!page) throw new Response(`There is no Jimmy #${serial}.`, { status: 404 });
  const [comments, user, admin] = await Promise.all([listComments(db, page.jimmy.id), getUser(request, { db }), isAdmin(request, { db })]);
  const journeyMap = await journeyMapHtml(
    db,
    { ...page.jimmy, journeyVersion: page.journeyVersion },
    page.discoveries.map((d) => d.id),
    preferences.units,
  );
  // A signed-in hunter's own discoveries and comments on this page get Edit and Delete (the page is then never a cached copy).
  const ownDiscoveryIds = user ? page.discoveries.filter((d) => d.user.id === user.id).map((d) => d.id) : [];
  const ownComments = user ? comments.filter((c) => c.hunterId === user.id) : [];
  const config = env();
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
  for (const m of reached) (milestones[m.discoveryId] ??= []).push(milestoneText(m, preferences.units));
  // The journey version only tells the server whether its map drawing is current.
  const { journeyVersion: _journeyVersion, ...shown } = page;
  return {
    ...shown,
    // Each discovery's date and time where it was found, worded here so hydration changes nothing.
    dates: discoveryDateTimes(latest ? [latest, ...page.discoveries] : page.discoveries, preferences),
    readerTimeZone: preferences.timeZone ?? "UTC",
    olderPage: before !== null,
    journeyMap,
    milestones,
    watch,
    missingPanel: missing
      ? missingPanelHtml({ serialNumber: page.jimmy.serialNumber, possiblyMissing: page.jimmy.status === "missing" }, missing.reports)
      : null,
    comments,
    ownDiscoveryIds,
    /** Comment id → whether it may still be edited (deleting is always allowed). */
    ownComments: Object.fromEntries(ownComments.map((c) => [c.id, withinEditWindow(c)])),
    commentForm: {
      token: user || admin || openForm ? issueUniqueFormToken() : null,
      // Shared by the copies of a cached page, but scoped by each copy's own token (commentGuard).
      idempotencyKey: crypto.randomUUID(),
      defaultName: user && !admin ? fullName(user.firstName, user.lastName) : "",
      nameHint: admin
        ? `You're in an admin session, so this comment is posted as ${config.hunt.name}.`
        : user
          ? "You're signed in, so this comment is posted under your account name."
          : "Leave it blank to post as Anonymous Hunter. Admins are auto-assigned.",
      openInitially: openForm,
      // A guest may sign in first to post under their name; what they typed comes back with them (comment-sign-in route).
      offerSignIn: !user && !admin,
      draft: user ? await commentDraftOf(request, serial) : null,
    },
    // Drawn here as markup over tiles and the drawn basemap, so the page's first load ships no map code.
    latestMap: latest ? sightingMapHtml(latest) : null,
    // Worded here, so the page's first load ships none of the position code.
    latestPosition:
      latest && latest.latitude !== null && latest.longitude !== null && !latest.locationApproximate
        ? positionText(Number(latest.latitude), Number(latest.longitude), latest.positionRadiusM)
        : null,
  };
}

/**
 * Posts a comment. Anyone may comment, so the form's spam checks run first
 * (honeypot, minimum fill time), then validation, then the per-address rate
 * limit and the repeat check; a repeat of the form's idempotency key gets the
 * first comment's answer. Answers data to the enhanced form; without
 * JavaScript, a redirect to the new comment with a flash message.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const serial = parseSerial(params.serial);
  if (serial === null) throw new Response("That address doesn't name a Jimmy.", { status: 400 });
  const db = getDb();
  const jimmy = await findJimmyBySerial(db, serial);
  if (!jimmy) throw new Response(`There is no Jimmy #${serial}.`, { status: 404 });
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { content: field("content"), authorName: field("authorName") };
  const reject = (
    status: number,
    rest: Omit<Extract<CommentActionResult, { ok: false }>, "ok" | "values" | "formToken">,
    headers?: HeadersInit,
  ) => data<CommentActionResult>({ ok: false, values, formToken: issueUniqueFormToken(), ...rest }, { status, headers });

  const verdict = checkCommentForm(form);
  if (!verdict.ok) return reject(400, { formError: verdict.message });
  const parsed = parseForm(form, CommentFormSchema, values, { idempotencyKey: true });
  if (!parsed.ok) return reject(400, parsed.formError ? { formError: parsed.formError } : { fieldErrors: parsed.fieldErrors });

  const [user, admin] = await Promise.all([getUser(request, { db }), isAdmin(request, { db })]);
  const author: CommentAuthor = admin
    ? { kind: "admin", huntName: env().hunt.name }
    : user
      ? { kind: "hunter", userId: user.id, firstName: user.firstName, lastName: user.lastName }
      : { kind: "guest" };
  const result = await submitComment(db, {
    jimmyId: jimmy.id,
    comment: parsed.data,
    author,
    address: clientAddress(request, context),
    idempotency: commentGuard(parsed.idempotencyKey, { formToken: field(FORM_TOKEN_FIELD) }, hashRequest(request, parsed.data)),
  }).catch((error: unknown) => {
    if (error instanceof IdempotencyKeyReusedError)
      return { ok: false as const, status: 422 as const, message: IDEMPOTENCY_KEY_REUSED_FORM_TEXT };
    throw error;
  });
  if (!result.ok) {
    if (result.status === 400) return reject(400, { fieldErrors: { [result.field]: [result.message] } });
    const retryAfter = result.status === 429 ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return reject(result.status, { formError: result.message }, retryAfter);
  }
  if (field("enhanced") === "1") return data<CommentActionResult>({ ok: true, commentId: result.commentId });
  return redirectWithToast(`/jimmy/${serial}#comment-${result.commentId}`, {
    title: "Comment posted!",
    description: "Your comment has been added to Jimmy's page.",
    variant: "success",
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = previewSite(matches);
  if (!data) return [{ title: `Jimmy · ${site.name}` }];
  const { jimmy, stats, latest } = data;
  const description = latest
    ? `Found ${stats.discoveries} ${stats.discoveries === 1 ? "time" : "times"} in ${stats.locations} ${stats.locations === 1 ? "place" : "places"}. Latest sighting: ${latest.place ?? "somewhere out there"}. ${latest.caption}`
    : `Jimmy #${jimmy.serialNumber} is still hidden, waiting for its first finder.`;
  return linkPreview({
    site,
    path: `/jimmy/${jimmy.serialNumber}`,
    title: `Jimmy #${jimmy.serialNumber} · ${site.name}`,
    description,
    image: `/og/jimmys/${jimmy.serialNumber}.jpg`,
    imageAlt: latest ? photoAlt(latest) : `Jimmy #${jimmy.serialNumber}, still hidden`,
    feed: { title: `Jimmy #${jimmy.serialNumber}'s journey`, path: `/jimmy/${jimmy.serialNumber}/feed.atom` },
  });
};

const reportButtonClass =
  "inline-flex items-center gap-2 rounded-full bg-orange-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-orange-800";

const pageLinkClass =
  "rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 shadow-sm hover:border-orange-300 hover:bg-orange-50";

const DETAIL_IMAGE_SIZES = "(min-width: 1024px) 560px, calc(100vw - 2rem)";

// The dialog only ever appears after hydration, for a signed-in hunter, so it
// is fetched then rather than with every visit; until it arrives the button
// stays the link to the new-discovery page that it is without JavaScript.
const RecordDiscoveryModal = lazy(() =>
  import("~/components/RecordDiscoveryModal").then((module) => ({ default: module.RecordDiscoveryModal })),
);

export default function JimmyPage() {
  const {
    jimmy,
    stats,
    latest,
    discoveries,
    olderCursor,
    olderPage,
    comments,
    commentForm,
    latestMap,
    latestPosition,
    ownDiscoveryIds,
    ownComments,
    journeyMap,
    missingPanel,
    milestones,
    dates,
    readerTimeZone,
    watch,
  } = useLoaderData<typeof loader>();
  const root = useRootData();
  const now = root?.now ?? new Date().toISOString();
  const found = latest !== null;
  const reportHref = found ? `/jimmy/${jimmy.serialNumber}/new-discovery` : `/jimmy/${jimmy.serialNumber}/first-discovery`;
  const signedIn = Boolean(root?.user);
  const hydrated = useHydrated();
  // Signed out, the form page itself sends the hunter to sign in and back.
  const reportLink = (
    <Link to={reportHref} className={reportButtonClass}>
      <PlusIcon className="h-5 w-5" />
      {found ? "Add Your Discovery" : "Report the First Discovery"}
    </Link>
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-orange-800" data-testid="jimmy-status">
            {jimmy.status === "missing" ? POSSIBLY_MISSING : found ? "On the move" : "Still hidden"}
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Jimmy #{jimmy.serialNumber}</h1>
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
        <ShareButton path={`/jimmy/${jimmy.serialNumber}`} title={`Jimmy #${jimmy.serialNumber}`} what="Jimmy" />
      </div>

      {!found ? (
        <section className="mt-8 rounded-3xl border border-dashed border-orange-300 bg-orange-50/60 p-8 text-center">
          <img src="/logo.svg" alt="" width={72} height={72} className="mx-auto h-18 w-18" />
          <h2 className="mt-4 text-xl font-bold">Nobody has found Jimmy #{jimmy.serialNumber} yet</h2>
          <p className="mx-auto mt-2 max-w-md text-stone-700">
            If you&apos;re holding this Jimmy, you&apos;re the first! Report your discovery to create Jimmy #{jimmy.serialNumber}&apos;s
            official page and start its journey.
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
          Stats
        </h2>
        <dl className="grid grid-cols-3 gap-3 sm:gap-4">
          {[
            ["Discoveries", stats.discoveries],
            ["Locations", stats.locations],
            ["Days Active", stats.daysSinceCreated],
          ].map(([label, value]) => (
            <div key={label} className="rounded-2xl border border-stone-200 bg-white p-4 text-center shadow-sm">
              <dt className="text-xs font-medium text-stone-600 sm:text-sm">{label}</dt>
              <dd className="mt-1 text-2xl font-extrabold tabular-nums text-stone-900 sm:text-3xl">{formatCount(Number(value))}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section id="timeline" aria-labelledby="timeline-heading" className="mt-10 scroll-mt-24">
        <h2 id="timeline-heading" className="text-xl font-bold tracking-tight">
          Discovery Timeline
        </h2>
        {discoveries.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600">No discoveries yet!</p>
        ) : (
          <ol className="mt-4 space-y-6 border-l-2 border-orange-200 pl-5 sm:pl-8">
            {discoveries.map((discovery) => (
              <TimelineEntry
                key={discovery.id}
                discovery={discovery}
                own={ownDiscoveryIds.includes(discovery.id)}
                milestones={milestones[discovery.id]}
                when={dates[discovery.id]!}
              />
            ))}
          </ol>
        )}
        {olderCursor || olderPage ? (
          <nav aria-label="Timeline pages" className="mt-6 flex flex-wrap gap-3">
            {olderPage ? (
              <Link to={`/jimmy/${jimmy.serialNumber}#timeline-heading`} className={pageLinkClass}>
                Newest discoveries
              </Link>
            ) : null}
            {olderCursor ? (
              <Link
                to={`/jimmy/${jimmy.serialNumber}?before=${encodeURIComponent(olderCursor)}#timeline-heading`}
                className={pageLinkClass}
              >
                Older discoveries
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      <section id="comments" aria-labelledby="comments-heading" className="mt-12 scroll-mt-24">
        <h2 id="comments-heading" className="text-xl font-bold tracking-tight">
          Comments <span className="text-base font-semibold text-stone-500">({comments.length})</span>
        </h2>
        <div className="mt-4">
          <CommentForm jimmyPath={`/jimmy/${jimmy.serialNumber}`} setup={commentForm} />
        </div>
        <div className="mt-6">
          <CommentList
            comments={comments}
            now={now}
            huntName={root?.hunt.name ?? "Jimmy Hunt"}
            own={ownComments}
            timeZone={readerTimeZone}
          />
        </div>
      </section>
    </div>
  );
}

function LatestSighting({
  discovery,
  when,
  map,
  position,
}: {
  discovery: DiscoveryCardData;
  when: string;
  /** The map's markup (sightingMapHtml), or null without coordinates. */
  map: string | null;
  position: string | null;
}) {
  return (
    <section aria-labelledby="latest-heading" className="mt-8 overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
      <h2 id="latest-heading" className="px-5 pt-5 text-xl font-bold tracking-tight">
        Latest Sighting
      </h2>
      <div className="mt-4 grid gap-0 lg:grid-cols-2">
        <DiscoveryPhoto photo={discovery.photo} alt={photoAlt(discovery)} sizes={DETAIL_IMAGE_SIZES} priority />
        <div className="flex flex-col">
          {map ? (
            <div className="h-64 w-full lg:h-full" dangerouslySetInnerHTML={{ __html: map }} />
          ) : (
            <div className="flex h-64 items-center justify-center bg-stone-100 text-stone-600 lg:h-full">Location not available</div>
          )}
        </div>
      </div>
      <div className="space-y-2 p-5">
        <p className="flex items-center gap-1.5 font-semibold text-stone-900">
          <PinIcon className="h-4 w-4 text-orange-700" />
          <span data-testid="latest-place">{discovery.place ?? "Location not specified"}</span>
        </p>
        {discovery.pin ? (
          <p className="text-sm text-stone-600" data-testid="place-pin">
            {discovery.pin}
          </p>
        ) : null}
        <p className="text-sm text-stone-600">
          <time dateTime={discovery.createdAt}>{when}</time>
          {position ? (
            <span>
              {" "}
              · <span data-testid="latest-position">{position}</span>
            </span>
          ) : null}
        </p>
        <p className="whitespace-pre-line break-words text-stone-800">{discovery.caption}</p>
      </div>
    </section>
  );
}

const entryActionClass = "rounded-full px-3 py-1.5 text-sm font-semibold hover:bg-stone-100";

function TimelineEntry({
  discovery,
  own,
  milestones,
  when,
}: {
  discovery: DiscoveryCardData;
  own: boolean;
  milestones?: string[];
  /** Its date and time where it was found (discoveryDateTime). */
  when: string;
}) {
  const { user } = discovery;
  return (
    <li id={`discovery-${discovery.id}`} className="relative scroll-mt-24" data-testid="timeline-entry">
      <span
        aria-hidden="true"
        className="absolute -left-[27px] top-4 h-3 w-3 rounded-full border-2 border-white bg-orange-600 sm:-left-[39px]"
      />
      <article className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
        <header className="flex items-center gap-3 p-4">
          <HunterAvatarLink user={user} />
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">
              <HunterNameLink user={user} />
            </p>
            <p className="text-sm text-stone-600">
              <time dateTime={discovery.createdAt}>{when}</time>
              {discovery.isFirst ? <span className="ml-2 font-semibold text-amber-800">First discovery</span> : null}
            </p>
          </div>
        </header>
        <div className="sm:grid sm:grid-cols-[minmax(0,280px)_1fr]">
          <DiscoveryPhoto photo={discovery.photo} alt={photoAlt(discovery)} sizes="(min-width: 640px) 280px, calc(100vw - 4rem)" />
          <div className="space-y-2 p-4">
            <p className="flex items-center gap-1.5 text-sm font-medium text-stone-700">
              <PinIcon className="h-4 w-4 text-orange-700" />
              {discovery.place ?? "Location not specified"}
            </p>
            {discovery.pin ? (
              <p className="text-xs text-stone-600" data-testid="place-pin">
                {discovery.pin}
              </p>
            ) : null}
            <p className="whitespace-pre-line break-words text-stone-800">{discovery.caption}</p>
            {milestones?.map((text) => (
              <p key={text} className="font-semibold text-emerald-800" data-testid="milestone">
                ★ {text}
              </p>
            ))}
          </div>
        </div>
        <footer className="flex flex-wrap justify-end gap-1 border-t border-stone-100 px-2 py-1">
          {own ? <OwnActions discovery={discovery} returnTo={`/jimmy/${discovery.jimmy.serialNumber}#discovery-${discovery.id}`} /> : null}
          <Link
            to={`/flag/discovery/${discovery.id}`}
            className={`${entryActionClass} text-stone-600`}
            aria-label={`Flag this discovery of Jimmy #${discovery.jimmy.serialNumber}`}
          >
            Flag
          </Link>
        </footer>
      </article>
    </li>
  );
}

export function ErrorBoundary() {
  const { serial } = useParams();
  return (
    <ErrorPage
      texts={{
        400: { title: INVALID_URL_TEXT, fallback: "That address doesn't name a Jimmy." },
        404: jimmyNotFound(serial),
        other: { title: "Error Loading Jimmy", message: "Failed to fetch Jimmy details" },
      }}
    />
  );
}

/** A request lost on the way keeps the page as it was (see ~/lib/transport). */
export const clientAction = keepPageOnTransportFailure;
export const shouldRevalidate = keepDataAfterTransportFailure;
