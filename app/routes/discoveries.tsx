import { linkPreview, previewSite } from "~/lib/link-preview";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useCallback } from "react";
import { DiscoveryFeed, FeedErrorPage, FeedNewestLink } from "~/components/DiscoveryFeed";
import { ownCardActions } from "~/components/OwnActions";
import { BackIcon } from "~/components/ui/icons";
import { feedPageCursor } from "~/web/feed-cursor.server";
import { countDiscoveries, listDiscoveries } from "~/models/discoveries.server";
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
  const site = previewSite(matches);
  const t = metaT(matches);
  return linkPreview({
    site,
    path: "/discoveries",
    title: t("All Discoveries · {site}", { site: site.name }),
    description: t("Every Jimmy found so far, newest first, with the photos their finders took."),
    image: "/og/pages/discoveries.jpg",
    imageAlt: t("All Discoveries on {site}", { site: site.name }),
    feed: { title: t("{site}: new discoveries", { site: site.name }), path: "/feeds/discoveries.atom" },
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const t = requestT(request);
  const { afterParam, after } = feedPageCursor(request, t("That page of the list doesn't exist. Start again from the newest discoveries."));
  const db = getDb();
  const viewer = await getUser(request, { db });
  const [total, page] = await Promise.all([
    countDiscoveries(db),
    listDiscoveries(db, photoUrls(), { includeFirst: true, after, viewerId: viewer?.id ?? null, t }),
  ]);
  return { total, page, after: afterParam };
}

const apiUrl = (cursor: string) => `/api/discoveries?limit=10&includeFirst=true&after=${encodeURIComponent(cursor)}`;
const pageHref = (cursor: string) => `/discoveries?after=${encodeURIComponent(cursor)}`;
const NEWEST = { href: "/discoveries", label: msg("Back to the newest discoveries") };

export default function AllDiscoveries() {
  const { total, page, after } = useLoaderData<typeof loader>();
  const root = useRootData();
  const t = useT();
  const newest = { href: NEWEST.href, label: t(NEWEST.label) };
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/discoveries";
  const api = useCallback(apiUrl, []);
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-semibold text-orange-800 hover:underline">
        <BackIcon className="h-4 w-4" />
        {t("Back")}
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight">{t("All Discoveries")}</h1>
      <p className="mt-1 text-stone-600" data-testid="total-discoveries">
        {t("{count, plural, one {# total discovery} other {# total discoveries}}", { count: total })}
      </p>
      <FeedNewestLink newest={after ? newest : null} page={page} className="mt-3 text-sm" />
      <div className="mt-6">
        <DiscoveryFeed
          key={after ?? ""}
          initial={page}
          now={root?.now ?? new Date().toISOString()}
          apiUrl={api}
          pageHref={pageHref}
          empty={t("No discoveries yet! Be the first to find a Jimmy figurine")}
          newest={after ? newest : null}
          loading={loading && !after}
          skeletons={5}
          label={t("All discoveries")}
          actions={ownCardActions(root?.user?.id, (discovery) => `${after ? pageHref(after) : "/discoveries"}#discovery-${discovery.id}`)}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <FeedErrorPage retry="/discoveries" />;
}
