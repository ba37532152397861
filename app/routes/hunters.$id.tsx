import { linkPreview, previewSite } from "~/lib/link-preview";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useCallback } from "react";
import { Avatar } from "~/components/Avatar";
import { DiscoveryFeed, FeedNewestLink } from "~/components/DiscoveryFeed";
import { OwnActions } from "~/components/OwnActions";
import { feedPageCursor } from "~/web/feed-cursor.server";
import { formatCount, fullName } from "~/lib/format";
import { distanceFigure } from "~/lib/units";
import { metaT, usePageLanguage, useT } from "~/components/i18n";
import { requestLanguage, requestT } from "~/web/language.server";
import { readerDate, requestPreferences } from "~/web/reader-terms.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { PAGE_CACHE_HANDLE } from "~/lib/page-cache";
import { getDb } from "~/infra/db.server";
import { photoUrls } from "~/infra/storage.server";
import { listDiscoveries } from "~/models/discoveries.server";
import { getHunterProfile } from "~/models/hunters.server";
import { milestonesOfHunter } from "~/models/milestones.server";
import { milestoneText } from "~/lib/milestones";
import { ErrorPage } from "~/components/ui/ErrorPage";
import { useRootData } from "~/components/root-data";
import { getUser } from "~/web/session.server";

// A like lost on the way keeps the list as it was.
export { shouldRevalidate } from "~/browser/keep-page";

/** The same for every signed-out visitor: served from the anonymous page cache. */
export const handle = PAGE_CACHE_HANDLE;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  if (!data) return [{ title: t("Hunter not found") }];
  const name = fullName(data.hunter.firstName, data.hunter.lastName);
  return linkPreview({
    site: previewSite(matches),
    path: `/hunters/${data.hunter.id}`,
    title: name,
    documentTitle: t("{name} · Hunters", { name }),
    description: t("{name} has found {count, plural, one {# Jimmy} other {# Jimmys}}.", { name, count: data.hunter.figures.jimmys }),
    image: `/og/hunters/${data.hunter.id}.jpg`,
    imageAlt: t("The latest Jimmy {name} found", { name }),
    type: "profile",
    feed: { title: t("{name}'s finds", { name }), path: `/hunters/${data.hunter.id}/feed.atom` },
  });
};

/** A hunter's stable, shareable page (issue 23): who they are, what they found, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requestT(request);
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!(id <= MAX_ROW_ID)) throw new Response(t("That address doesn't name a hunter."), { status: 400 });
  const { afterParam, after } = feedPageCursor(
    request,
    t("That page of the list doesn't exist. Start again from their newest discoveries."),
  );
  const db = getDb();
  const [hunter, viewer] = await Promise.all([getHunterProfile(db, id), getUser(request, { db })]);
  if (!hunter) throw new Response(t("There is no such hunter. They may have deleted their account."), { status: 404 });
  const [page, reached] = await Promise.all([
    listDiscoveries(db, photoUrls(), { includeFirst: true, after, viewerId: viewer?.id ?? null, hunterId: id, t }),
    milestonesOfHunter(db, id, 20),
  ]);
  const preferences = requestPreferences(request);
  const language = requestLanguage(request);
  // The milestones their finds reached, newest first, worded here.
  const milestones = reached.map((m) => ({
    text: milestoneText(m, preferences.units, t),
    serialNumber: m.serialNumber,
    href: `/jimmy/${m.serialNumber}#discovery-${m.discoveryId}`,
    reachedOn: readerDate(m.reachedAt, preferences, language),
  }));
  return {
    hunter,
    page,
    after: afterParam,
    own: viewer?.id === id,
    milestones,
    joinedOn: readerDate(hunter.joinedAt, preferences, language),
    unit: preferences.units,
  };
}

export default function HunterPage() {
  const { hunter, page, after, own, milestones, joinedOn, unit } = useLoaderData<typeof loader>();
  const root = useRootData();
  const navigation = useNavigation();
  const t = useT();
  const language = usePageLanguage();
  const name = fullName(hunter.firstName, hunter.lastName);
  const path = `/hunters/${hunter.id}`;
  const newest = { href: path, label: t("Back to their newest discoveries") };
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  const api = useCallback(
    (cursor: string) => `/api/discoveries?limit=10&hunter=${hunter.id}&after=${encodeURIComponent(cursor)}`,
    [hunter.id],
  );
  const pageHref = useCallback((cursor: string) => `${path}?after=${encodeURIComponent(cursor)}`, [path]);
  const { figures } = hunter;
  // One decimal under 10, none above.
  const movedFigure = distanceFigure(figures.miles, unit, { language });
  const stats: [string, string, string][] = [
    [t("Discoveries"), formatCount(figures.discoveries, language), "hunter-discoveries"],
    [t("Jimmys found"), formatCount(figures.jimmys, language), "hunter-jimmys"],
    [t("First finds"), formatCount(figures.firstFinds, language), "hunter-first-finds"],
    [t("Countries"), formatCount(figures.countries, language), "hunter-countries"],
    [t("US states"), formatCount(figures.states, language), "hunter-states"],
    [t("Cities"), formatCount(figures.cities, language), "hunter-cities"],
    [unit === "km" ? t("Kilometres moved") : t("Miles moved"), movedFigure, "hunter-miles"],
  ];
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <header className="flex items-center gap-4">
        <Avatar firstName={hunter.firstName} lastName={hunter.lastName} imageUrl={hunter.profileImageUrl} size="lg" />
        <div className="min-w-0">
          <h1 className="truncate text-3xl font-extrabold tracking-tight">{name}</h1>
          <p className="text-sm text-stone-600">{t("Hunting since {date}", { date: joinedOn })}</p>
        </div>
      </header>
      {own ? (
        <p className="mt-4 rounded-2xl border border-orange-100 bg-orange-50 px-4 py-3 text-sm text-stone-700" data-testid="own-profile">
          {t("This is your profile: what every visitor sees of you.")}{" "}
          <Link to="/account" className="font-semibold text-orange-800 underline">
            {t("Your account settings")}
          </Link>{" "}
          ·{" "}
          <Link to="/notifications" className="font-semibold text-orange-800 underline">
            {t("Your notifications")}
          </Link>
        </p>
      ) : null}
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("{name}'s figures", { name })}>
        {stats.map(([label, value, testId]) => (
          <div key={label} className="rounded-2xl border border-stone-200 bg-white p-3 shadow-sm">
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{label}</dt>
            <dd className="mt-1 text-2xl font-extrabold" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-stone-500">
        {t(
          "Miles moved: how far their finds carried each Jimmy from where it was last seen, counted as the Hall of Fame counts a journey.",
        )}
      </p>

      <h2 className="mt-8 text-xl font-bold tracking-tight">{t("Milestones")}</h2>
      {milestones.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">
          {t("None yet: a find that takes a Jimmy past 100 miles, to its 10th finder or into a new country is one.")}
        </p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label={t("Milestones {name}'s finds reached", { name })}>
          {milestones.map((m) => (
            <li
              key={m.href + m.text}
              className="rounded-xl border border-emerald-100 bg-emerald-50 px-3 py-2 text-sm"
              data-testid="hunter-milestone"
            >
              {t("{milestone} · {jimmy}, {date}", {
                // Each isolated from the sentence around it, so a right-to-left sentence does not split the link in two.
                milestone: <span className="font-semibold text-emerald-900 [unicode-bidi:isolate]">★ {m.text}</span>,
                jimmy: (
                  <Link to={m.href} className="font-semibold text-orange-800 underline [unicode-bidi:isolate]">
                    {t("Jimmy #{serial}", { serial: String(m.serialNumber) })}
                  </Link>
                ),
                date: m.reachedOn,
              })}
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-xl font-bold tracking-tight">{t("Discoveries")}</h2>
      <FeedNewestLink newest={after ? newest : null} page={page} className="mt-2 text-sm" />
      <div className="mt-4">
        <DiscoveryFeed
          key={after ?? ""}
          initial={page}
          now={root?.now ?? new Date().toISOString()}
          apiUrl={api}
          pageHref={pageHref}
          empty={
            own
              ? t("You haven't reported a discovery yet. Found a Jimmy? Scan its code.")
              : t("{name} hasn't reported a discovery yet.", { name })
          }
          newest={after ? newest : null}
          loading={loading && !after}
          skeletons={3}
          label={t("{name}'s discoveries", { name })}
          actions={
            own
              ? (discovery) => <OwnActions discovery={discovery} returnTo={`${after ? pageHref(after) : path}#discovery-${discovery.id}`} />
              : undefined
          }
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const t = useT();
  return (
    <ErrorPage
      texts={{
        400: { title: t("Hunter not found"), fallback: t("That address doesn't name a hunter.") },
        404: { title: t("Hunter not found"), fallback: t("There is no such hunter.") },
        other: { title: t("Error Loading Hunter"), message: t("Failed to fetch this hunter's page. Please try again.") },
      }}
    />
  );
}
