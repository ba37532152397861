import { useLocation, useNavigation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { SpinnerIcon } from "./ui/icons";
import { useT } from "./i18n";

const JIMMY_PAGE = /^\/jimmy\/[^/]+$/;

/**
 * The feed's skeletons are drawn only on a navigation, so they come with the
 * feed's code rather than with every page's first load: the root loads it
 * once the page has settled (`loadFeedSkeleton`). A navigation before that,
 * or with the code out of reach, keeps the current page up under the
 * progress bar instead.
 */
export const loadFeedSkeleton = () => import("./DiscoveryFeed");
type SkeletonProps = { page: "home" | "discoveries"; huntName: string; children: React.ReactNode };
const FeedPageSkeleton = lazy<React.ComponentType<SkeletonProps>>(() =>
  loadFeedSkeleton().then(
    (feed) => ({ default: feed.FeedPageSkeleton }),
    // Without the skeleton's code the page being left stays up.
    () => ({ default: ({ children }: SkeletonProps) => <>{children}</> }),
  ),
);

/**
 * While the browser fetches another page, show that page's loading state
 * (SPEC.md §2: skeletons for the home feed and the discoveries list, a
 * spinner for a Jimmy's page) instead of leaving the old page up.
 */
export function PendingPage({ huntName, children }: { huntName: string; children: React.ReactNode }) {
  const t = useT();
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location?.pathname : undefined;
  if (!target || target === location.pathname) return <>{children}</>;

  if (JIMMY_PAGE.test(target)) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-stone-600" role="status" aria-live="polite">
        <SpinnerIcon className="h-10 w-10 animate-spin text-orange-700" />
        {t("Loading Jimmy…")}
      </div>
    );
  }
  if (target === "/" || target === "/discoveries") {
    return (
      <Suspense fallback={children}>
        <FeedPageSkeleton page={target === "/" ? "home" : "discoveries"} huntName={huntName}>
          {children}
        </FeedPageSkeleton>
      </Suspense>
    );
  }
  return <>{children}</>;
}
