import { Link } from "~/components/Link";
import { discoveryPagePath, jimmyPath, shownCaption, type DiscoveryCardData } from "~/lib/discoveries";
import { relativeAge } from "~/lib/dates";
import { fullName } from "~/lib/format";
import { usePageLanguage, useT } from "./i18n";
import { DiscoveryPhoto, photoAlt } from "./DiscoveryPhoto";
import { HunterAvatarLink, HunterNameLink } from "./Avatar";
import { LikeButton } from "./LikeButton";
import { ShareButton } from "./ShareButton";
import { CommentIcon, PinIcon } from "./ui/icons";

/** Card images fill the feed column: at most 640 px wide, the screen minus its margins on phones. */
export const CARD_IMAGE_SIZES = "(min-width: 720px) 640px, calc(100vw - 2rem)";

export function DiscoveryCard({ discovery, now, priority = false }: { discovery: DiscoveryCardData; now: string; priority?: boolean }) {
  const t = useT();
  const language = usePageLanguage();
  const { user, jimmy } = discovery;
  const serial = String(jimmy.serialNumber);
  const name = fullName(user.firstName, user.lastName);
  const comments = discovery.jimmyCommentCount;
  return (
    <article
      id={`discovery-${discovery.id}`}
      aria-label={t("Discovery of Jimmy #{serial} by {name}", { serial, name })}
      className="scroll-mt-24 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
      data-testid="discovery-card"
    >
      <header className="flex items-start gap-3 p-4">
        <HunterAvatarLink user={user} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-stone-900">
            <HunterNameLink user={user} />
          </p>
          <p className="flex items-center gap-1 truncate text-sm text-stone-600">
            {discovery.place ? (
              <>
                <PinIcon className="h-3.5 w-3.5 shrink-0" />
                <span className="truncate">{discovery.place}</span>
                <span aria-hidden="true">·</span>
              </>
            ) : null}
            <time dateTime={discovery.createdAt} className="shrink-0">
              {relativeAge(discovery.createdAt, now, language)}
            </time>
          </p>
          {discovery.pin ? (
            <p className="truncate text-xs text-stone-600" data-testid="place-pin">
              {discovery.pin}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="rounded-full bg-orange-100 px-2.5 py-0.5 text-sm font-bold text-orange-800">#{jimmy.serialNumber}</span>
          {discovery.isFirst ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-amber-900">
              {t("First discovery")}
            </span>
          ) : null}
        </div>
      </header>
      <DiscoveryPhoto photo={discovery.photo} alt={photoAlt(discovery, t)} sizes={CARD_IMAGE_SIZES} priority={priority} />
      <div className="p-4">
        <p className="whitespace-pre-line break-words text-stone-800">{shownCaption(discovery.caption, t)}</p>
        <div className="mt-3 flex flex-wrap items-center gap-1">
          <LikeButton discoveryId={discovery.id} liked={discovery.isLikedByUser} count={discovery.likeCount} />
          <Link
            to={`${jimmyPath(jimmy.serialNumber)}#comments`}
            aria-label={t("{count, plural, one {# comment} other {# comments}} on Jimmy #{serial}", { count: comments, serial })}
            className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-stone-600 hover:bg-orange-50 hover:text-orange-800"
          >
            <CommentIcon className="h-5 w-5" />
            <span>{comments}</span>
          </Link>
          <ShareButton path={discoveryPagePath(discovery.id)} title={t("Jimmy #{serial} was found!", { serial })} />
          <Link
            to={jimmyPath(jimmy.serialNumber)}
            className="ms-auto inline-flex h-9 items-center rounded-full border border-orange-300 px-4 text-sm font-semibold text-orange-800 hover:bg-orange-50"
          >
            {t("View Jimmy #{serial}", { serial })}
          </Link>
        </div>
      </div>
    </article>
  );
}
