/**
 * A discovery card's loading placeholder. Its own module so the page-loading
 * state every page carries does not bring the card (likes, sharing, the photo
 * viewer) to pages that show no cards.
 */
export function DiscoveryCardSkeleton() {
  return (
    <div
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
      data-testid="discovery-skeleton"
      aria-hidden="true"
    >
      <div className="flex items-center gap-3 p-4">
        <div className="skeleton h-10 w-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <div className="skeleton h-4 w-40" />
          <div className="skeleton h-3 w-28" />
        </div>
      </div>
      <div className="skeleton aspect-[4/3] w-full rounded-none" />
      <div className="space-y-2 p-4">
        <div className="skeleton h-4 w-3/4" />
        <div className="skeleton h-8 w-1/2" />
      </div>
    </div>
  );
}
