import { linkPreview, previewSite } from "~/lib/link-preview";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useCallback } from "react";
import { DiscoveryFeed, FeedErrorPage, FeedNewestLink } from "~/components/DiscoveryFeed";
import { ownCardActions } from "~/components/OwnActions";
import { FoundJimmyPanel, QuickCaptureButton } from "~/components/FoundJimmyPanel";
import { ContributorLink } from "~/components/SignInGate";
import { StatsBanner } from "~/components/StatsBanner";
import { feedPageCursor } from "~/web/feed-cursor.server";
import { listDiscoveries } from "~/models/discoveries.server";
import { getHuntStats } from "~/models/stats.server";
import { useRootData } from "~/components/root-data";
import { getDb } from "~/infra/db.server";
import { getUser } from "~/web/session.server";
import { PAGE_CACHE_HANDLE } from "~/lib/page-cache";
import { photoUrls } from "~/infra/storage.server";
import { metaT, useT } from "~/components/i18n";
import { msg } from "~/lib/language";
import { requestT } from "~/web/language.server";

// A like lost on the way keeps the feed as it was.
export { shouldRevalidate } from "~/browser/keep-page";

/** The same for every signed-out visitor: served from the anonymous page cache; rendered for each signed-in hunter. */
export const handle = PAGE_CACHE_HANDLE;

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as { hunt?: { name: string; tagline: string } } | undefined;
  const site = previewSite(matches);
  const t = metaT(matches);
  return linkPreview({
    site,
    path: "/",
    title: site.name,
    documentTitle: t("{site} · Recent Discoveries", { site: site.name }),
    description: root?.hunt?.tagline ?? "",
    image: "/og/pages/home.jpg",
    imageAlt: t("{site}: the hunt's figures on its colours", { site: site.name }),
    feed: { title: t("{site}: new discoveries", { site: site.name }), path: "/feeds/discoveries.atom" },
  });
};

const EMPTY_FEED_TEXT = msg("No discoveries yet! Be the first to find a Jimmy.");
const EMPTY_REGULAR_FEED_TEXT = msg("No regular discoveries yet! Try enabling 'Show All' to see first discoveries.");

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const includeFirst = url.searchParams.get("all") === "1";
  const t = requestT(request);
  const { afterParam, after } = feedPageCursor(request, t("That page of the feed doesn't exist. Start again from the newest discoveries."));
  const db = getDb();
  const viewer = await getUser(request, { db });
  const [stats, feed] = await Promise.all([
    getHuntStats(db),
    listDiscoveries(db, photoUrls(), { includeFirst, after, viewerId: viewer?.id ?? null, t }),
  ]);
  return { stats, feed, includeFirst, after: afterParam };
}

function feedQuery(includeFirst: boolean, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  if (includeFirst) params.set("all", "1");
  const text = params.toString();
  return text ? `?${text}` : "";
}

export default function Home() {
  const { stats, feed, includeFirst, after } = useLoaderData<typeof loader>();
  const root = useRootData();
  const t = useT();
  const navigation = useNavigation();
  const loadingHome = navigation.state === "loading" && navigation.location.pathname === "/";
  const apiUrl = useCallback(
    (cursor: string) => `/api/discoveries?limit=10&includeFirst=${includeFirst}&after=${encodeURIComponent(cursor)}`,
    [includeFirst],
  );
  const pageHref = useCallback((cursor: string) => `/${feedQuery(includeFirst, { after: cursor })}#feed`, [includeFirst]);
  const newest = { href: `/${feedQuery(includeFirst)}#feed`, label: t("Back to the newest discoveries") };
  const action = (props: React.ComponentProps<typeof ContributorLink>) => <ContributorLink {...props} />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      <StatsBanner name={root?.hunt.name ?? "Jimmy Hunt"} stats={stats} loading={loadingHome && navigation.location.search === ""} />
      <div className="mt-5 grid grid-cols-1 gap-5 sm:mt-8 sm:gap-8 lg:grid-cols-[minmax(0,640px)_minmax(0,1fr)] lg:items-start">
        <section id="feed" aria-labelledby="feed-title" className="order-2 scroll-mt-20 lg:order-1">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:mb-4">
            <div className="flex items-baseline gap-3">
              <h2 id="feed-title" className="text-lg font-bold tracking-tight sm:text-xl">
                {t("Recent Discoveries")}
              </h2>
              <Link to="/discoveries" className="text-sm font-semibold text-orange-800 hover:underline">
                {t("View all")}
              </Link>
            </div>
            <Form method="get" action="/" preventScrollReset>
              {includeFirst ? null : <input type="hidden" name="all" value="1" />}
              <button
                type="submit"
                className="rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 shadow-sm hover:border-orange-300 hover:bg-orange-50 sm:px-4 sm:py-2"
              >
                {includeFirst ? t("Hide First Discoveries") : t("Show All")}
              </button>
            </Form>
          </div>
          <FeedNewestLink newest={after ? newest : null} page={feed} className="mb-4 text-sm" />
          <DiscoveryFeed
            key={`${includeFirst}-${after ?? ""}`}
            initial={feed}
            now={root?.now ?? new Date().toISOString()}
            apiUrl={apiUrl}
            pageHref={pageHref}
            empty={t(includeFirst ? EMPTY_FEED_TEXT : EMPTY_REGULAR_FEED_TEXT)}
            newest={after ? newest : null}
            loading={loadingHome}
            skeletons={3}
            label={t("Recent discoveries")}
            actions={ownCardActions(
              root?.user?.id,
              (discovery) => `/${feedQuery(includeFirst, after ? { after } : {})}#discovery-${discovery.id}`,
            )}
          />
        </section>
        <aside className="order-1 lg:sticky lg:top-24 lg:order-2">
          <FoundJimmyPanel renderAction={action} />
        </aside>
      </div>
      <QuickCaptureButton renderAction={action} />
    </div>
  );
}

export function ErrorBoundary() {
  return <FeedErrorPage retry="/" />;
}
