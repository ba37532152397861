import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { OwnActions } from "~/components/OwnActions";
import { HunterAvatarLink, HunterNameLink } from "~/components/Avatar";
import { DiscoveryPhoto, photoAlt } from "~/components/DiscoveryPhoto";
import { PinIcon } from "~/components/ui/icons";
import { useT } from "~/components/i18n";
import type { DiscoveryCardData } from "~/lib/discoveries";
import type { loader } from "./route";

const pageLinkClass =
  "rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 shadow-sm hover:border-orange-300 hover:bg-orange-50";

/**
 * Every discovery of the Jimmy, newest first, a page at a time (links to the
 * newest and to older ones), each with its milestones and, for its finder,
 * Edit and Delete.
 */
export function Timeline() {
  const t = useT();
  const { jimmy, discoveries, ownDiscoveryIds, milestones, dates, olderCursor, olderPage } = useLoaderData<typeof loader>();
  return (
    <section id="timeline" aria-labelledby="timeline-heading" className="mt-10 scroll-mt-24">
      <h2 id="timeline-heading" className="text-xl font-bold tracking-tight">
        {t("Discovery Timeline")}
      </h2>
      {discoveries.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600">{t("No discoveries yet!")}</p>
      ) : (
        <ol className="mt-4 space-y-6 border-s-2 border-orange-200 ps-5 sm:ps-8">
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
        <nav aria-label={t("Timeline pages")} className="mt-6 flex flex-wrap gap-3">
          {olderPage ? (
            <Link to={`/jimmy/${jimmy.serialNumber}#timeline-heading`} className={pageLinkClass}>
              {t("Newest discoveries")}
            </Link>
          ) : null}
          {olderCursor ? (
            <Link to={`/jimmy/${jimmy.serialNumber}?before=${encodeURIComponent(olderCursor)}#timeline-heading`} className={pageLinkClass}>
              {t("Older discoveries")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

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
  const t = useT();
  const { user } = discovery;
  return (
    <li id={`discovery-${discovery.id}`} className="relative scroll-mt-24" data-testid="timeline-entry">
      <span
        aria-hidden="true"
        className="absolute -start-[27px] top-4 h-3 w-3 rounded-full border-2 border-white bg-orange-600 sm:-start-[39px]"
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
              {discovery.isFirst ? <span className="ms-2 font-semibold text-amber-800">{t("First discovery")}</span> : null}
            </p>
          </div>
        </header>
        <div className="sm:grid sm:grid-cols-[minmax(0,280px)_1fr]">
          <DiscoveryPhoto photo={discovery.photo} alt={photoAlt(discovery, t)} sizes="(min-width: 640px) 280px, calc(100vw - 4rem)" />
          <div className="space-y-2 p-4">
            <p className="flex items-center gap-1.5 text-sm font-medium text-stone-700">
              <PinIcon className="h-4 w-4 text-orange-700" />
              {discovery.place ?? t("Location not specified")}
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
            className="rounded-full px-3 py-1.5 text-sm font-semibold text-stone-600 hover:bg-stone-100"
            aria-label={t("Flag this discovery of Jimmy #{serial}", { serial: String(discovery.jimmy.serialNumber) })}
          >
            {t("Flag")}
          </Link>
        </footer>
      </article>
    </li>
  );
}
