import { DiscoveryPhoto, photoAlt } from "~/components/DiscoveryPhoto";
import { PinIcon } from "~/components/ui/icons";
import { useT } from "~/components/i18n";
import type { DiscoveryCardData } from "~/lib/discoveries";

/** The newest discovery, large: its photo beside the map of where it was found, its place, time and caption. */
export function LatestSighting({
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
  const t = useT();
  return (
    <section aria-labelledby="latest-heading" className="mt-8 overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
      <h2 id="latest-heading" className="px-5 pt-5 text-xl font-bold tracking-tight">
        {t("Latest Sighting")}
      </h2>
      <div className="mt-4 grid gap-0 lg:grid-cols-2">
        <DiscoveryPhoto
          photo={discovery.photo}
          alt={photoAlt(discovery, t)}
          sizes="(min-width: 1024px) 560px, calc(100vw - 2rem)"
          priority
        />
        <div className="flex flex-col">
          {map ? (
            <div className="h-64 w-full lg:h-full" dangerouslySetInnerHTML={{ __html: map }} />
          ) : (
            <div className="flex h-64 items-center justify-center bg-stone-100 text-stone-600 lg:h-full">{t("Location not available")}</div>
          )}
        </div>
      </div>
      <div className="space-y-2 p-5">
        <p className="flex items-center gap-1.5 font-semibold text-stone-900">
          <PinIcon className="h-4 w-4 text-orange-700" />
          <span data-testid="latest-place">{discovery.place ?? t("Location not specified")}</span>
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
