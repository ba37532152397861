import { useLocation, useNavigation } from "@remix-run/react";
import { DiscoveryCardSkeleton } from "./DiscoveryCardSkeleton";
import { StatsBanner } from "./StatsBanner";
import { SpinnerIcon } from "./ui/icons";

const JIMMY_PAGE = /^\/jimmy\/[^/]+$/;

/**
 * While the browser fetches another page, show that page's loading state
 * (SPEC.md §2: skeletons for the home feed and the discoveries list, a
 * spinner for a Jimmy's page) instead of leaving the old page up.
 */
export function PendingPage({ huntName, children }: { huntName: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location?.pathname : undefined;
  if (!target || target === location.pathname) return <>{children}</>;

  if (JIMMY_PAGE.test(target)) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-stone-600" role="status" aria-live="polite">
        <SpinnerIcon className="h-10 w-10 animate-spin text-orange-700" />
        Loading Jimmy…
      </div>
    );
  }
  if (target === "/discoveries") {
    return (
      <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8" aria-busy="true">
        <p className="text-3xl font-extrabold tracking-tight">All Discoveries</p>
        <div className="skeleton mt-2 h-5 w-44" />
        <div className="mt-6 space-y-6">
          {Array.from({ length: 5 }, (_, i) => (
            <DiscoveryCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }
  if (target === "/") {
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
  return <>{children}</>;
}
