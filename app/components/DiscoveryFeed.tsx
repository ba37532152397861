import { Link } from "~/components/Link";
import { useCallback, useEffect, useRef, useState } from "react";
import { encodeCursor, FEED_PAGE_SIZE, type DiscoveryCardData, type FeedPage } from "~/lib/discoveries";
import { msg } from "~/lib/language";
import { DiscoveryCard } from "./DiscoveryCard";
import { DiscoveryCardSkeleton } from "./DiscoveryCardSkeleton";
import { useT } from "./i18n";
import { StatsBanner } from "./StatsBanner";
import { useHydrated } from "./useHydrated";
import { ErrorPage } from "./ui/ErrorPage";
import { SpinnerIcon } from "./ui/icons";

/** Messages (msg): shown through `t`. */
export const FEED_ERROR_TEXT = msg("Failed to load discoveries. Please try again.");
export const FEED_END_TEXT = msg("No more discoveries to load");
/** A page of the feed asked for past its oldest discovery (an old or edited link): nothing is wrong, the list just ends. */
export const FEED_PAST_END_TEXT = msg("No more discoveries: you've reached the end of the list.");

/**
 * The error page of a page that is a feed (the home page, /discoveries): a
 * bad address's own words (400, from the server in the reader's language),
 * otherwise the feed's, and a fresh load of `retry`.
 */
export function FeedErrorPage({ retry }: { retry: string }) {
  const t = useT();
  return (
    <ErrorPage
      texts={{ 400: { title: t("We couldn't do that") }, other: { title: t("Something went wrong"), message: t(FEED_ERROR_TEXT) } }}
      action={{ to: retry, label: t("Try again"), reloadDocument: true }}
      alert
    />
  );
}

type NewestLink = { href: string; label: string };

/** Above a list that starts after a cursor: the way back to its newest discoveries (an empty one says it in the list instead). */
export function FeedNewestLink({ newest, page, className }: { newest: NewestLink | null; page: FeedPage; className: string }) {
  return newest && page.discoveries.length > 0 ? (
    <p className={className}>
      <Link to={newest.href} className="font-semibold text-orange-800 underline">
        {newest.label}
      </Link>
    </p>
  ) : null;
}

/**
 * A newest-first list of discovery cards. With JavaScript, the next page loads
 * when the end of the list is 10% visible (SPEC.md §9); without it, a
 * 'Load more' link opens the next page through the URL.
 */
export function DiscoveryFeed({
  initial,
  now,
  apiUrl,
  pageHref,
  empty,
  newest,
  loading,
  skeletons,
  label,
  actions,
}: {
  initial: FeedPage;
  now: string;
  /** The JSON endpoint for the page after a cursor. */
  apiUrl: (cursor: string) => string;
  /** The HTML page after a cursor (no JavaScript). */
  pageHref: (cursor: string) => string;
  /** What an empty list says when nothing has been found yet (worded by the page). */
  empty: React.ReactNode;
  /**
   * Set when the list starts after a cursor: where its newest discoveries are. An empty page then
   * means the end of the list was passed, not that there is nothing: it says so and links back.
   */
  newest?: NewestLink | null;
  /** A navigation to a new result set is under way: show skeleton cards. */
  loading: boolean;
  skeletons: number;
  /** The list's name, worded by the page. */
  label: string;
  /** More for a card, under it (a hunter's Edit and Delete on their own profile). */
  actions?: (discovery: DiscoveryCardData) => React.ReactNode;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [items, setItems] = useState<DiscoveryCardData[]>(initial.discoveries);
  const [cursor, setCursor] = useState<string | null>(initial.nextCursor);
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  const sentinel = useRef<HTMLDivElement>(null);

  const loadMore = useCallback(async () => {
    if (!cursor || status === "loading") return;
    setStatus("loading");
    try {
      const response = await fetch(apiUrl(cursor), { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      const page = (await response.json()) as DiscoveryCardData[];
      setItems((previous) => {
        const seen = new Set(previous.map((d) => d.id));
        return [...previous, ...page.filter((d) => !seen.has(d.id))];
      });
      const last = page[page.length - 1];
      setCursor(page.length < FEED_PAGE_SIZE || !last ? null : encodeCursor({ createdAt: last.createdAt, id: last.id }));
      setStatus("idle");
    } catch (error) {
      console.error(error);
      setStatus("error");
    }
  }, [apiUrl, cursor, status]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !cursor || status !== "idle") return;
    // Observing afresh after every page re-checks the sentinel: a short page
    // that leaves it on screen loads the next one straight away.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { threshold: 0.1 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [cursor, status, loadMore]);

  if (loading) {
    return (
      <div className="space-y-6" aria-busy="true" aria-label={t("Loading {list}", { list: label })}>
        {Array.from({ length: skeletons }, (_, i) => (
          <DiscoveryCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
        {newest ? (
          <>
            <p>{t(FEED_PAST_END_TEXT)}</p>
            <Link to={newest.href} className="mt-3 inline-block font-semibold text-orange-800 underline">
              {newest.label}
            </Link>
          </>
        ) : (
          empty
        )}
      </div>
    );
  }

  return (
    <div>
      <ol className="space-y-6" aria-label={label}>
        {items.map((discovery, index) => (
          <li key={discovery.id}>
            <DiscoveryCard discovery={discovery} now={now} priority={index === 0} />
            <CardActions>{actions?.(discovery)}</CardActions>
          </li>
        ))}
      </ol>
      <div ref={sentinel} className="h-px" aria-hidden="true" />
      <div className="mt-6 flex min-h-12 flex-col items-center justify-center gap-3 text-sm text-stone-600" aria-live="polite">
        {status === "loading" ? (
          <span className="flex items-center gap-2" role="status">
            <SpinnerIcon className="h-5 w-5 animate-spin text-orange-700" />
            {t("Loading more discoveries…")}
          </span>
        ) : status === "error" ? (
          <>
            <p role="alert" className="font-medium text-red-700">
              {t(FEED_ERROR_TEXT)}
            </p>
            <button
              type="button"
              onClick={() => {
                setStatus("idle");
              }}
              className="rounded-full border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
            >
              {t("Try again")}
            </button>
          </>
        ) : cursor ? (
          <a
            href={pageHref(cursor)}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              void loadMore();
            }}
            className="rounded-full border border-orange-300 bg-white px-5 py-2 font-semibold text-orange-800 hover:bg-orange-50"
          >
            {t("Load more")}
          </a>
        ) : (
          <p>{t(FEED_END_TEXT)}</p>
        )}
      </div>
    </div>
  );
}

/**
 * The loading state of a page that shows the feed, drawn while the browser
 * fetches it (SPEC.md §2: skeletons for the home feed and the discoveries list).
 */
export function FeedPageSkeleton({ page, huntName }: { page: "home" | "discoveries"; huntName: string }) {
  const t = useT();
  if (page === "discoveries") {
    return (
      <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8" aria-busy="true">
        <p className="text-3xl font-extrabold tracking-tight">{t("All Discoveries")}</p>
        <div className="skeleton mt-2 h-5 w-44" />
        <div className="mt-6 space-y-6">
          {Array.from({ length: 5 }, (_, i) => (
            <DiscoveryCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8" aria-busy="true">
      <StatsBanner name={huntName} stats={null} loading />
      <div className="mt-8 max-w-[640px] space-y-6">
        {Array.from({ length: 3 }, (_, i) => (
          <DiscoveryCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

/** Under a card, what its reader may do with it (their own discovery's Edit and Delete); nothing at all when there is nothing. */
function CardActions({ children }: { children: React.ReactNode }) {
  return children ? <div className="mt-1 flex flex-wrap justify-end gap-1">{children}</div> : null;
}
