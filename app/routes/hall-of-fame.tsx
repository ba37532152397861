import { linkPreview, previewSite } from "~/lib/link-preview";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { IconHeading } from "~/components/ui/IconHeading";
import { TrophyIcon } from "~/components/ui/icons";
import { UnitsSwitch } from "~/components/UnitsSwitch";
import { metaT, useT } from "~/components/i18n";
import { formatCount, fullName, initials } from "~/lib/format";
import { formatDistance } from "~/lib/units";
import { requestLanguage, requestT } from "~/web/language.server";
import { placeDate, requestPreferences } from "~/web/reader-terms.server";
import {
  GEOGRAPHIC_RECORDS,
  HUNTER_BOARD_KEYS,
  HUNTER_BOARDS,
  HUNTER_TIE_RULE,
  PAGE_JOURNEY_PHOTOS,
  LOCATED_DEFINITION,
  RECORD_KEYS,
  RECORDS,
  TIE_RULE,
  type RecordKey,
} from "~/lib/hall-of-fame";
import { hunterPath } from "~/lib/hunters";
import { getHunterBoards } from "~/models/hall-of-fame.server";
import { currentHallOfFame } from "~/services/hall-of-fame.server";
import { getDb } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";
import { PAGE_CACHE_HANDLE } from "~/lib/page-cache";

/** The same for every signed-out visitor: served from the anonymous page cache. */
export const handle = PAGE_CACHE_HANDLE;

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return linkPreview({
    site: previewSite(matches),
    path: "/hall-of-fame",
    title: t("Hall of Fame"),
    description: t("The record holders of the hunt: the longest journeys, the most discovered Jimmys and the geographic champions."),
    image: "/og/pages/hall-of-fame.jpg",
    imageAlt: t("The Hall of Fame of the hunt"),
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const storage = getStorage();
  const preferences = requestPreferences(request);
  const { units } = preferences;
  const t = requestT(request);
  const language = requestLanguage(request);
  // A record's distance in the reader's unit, to a tenth: "12.3 miles", "19.8 km".
  const distance = (miles: number) => formatDistance(miles, units, { fixed: true, language });
  // Dates are each discovery's day where it was found; distances are in the reader's unit.
  const day = (date: string, at: { latitude: number | null; longitude: number | null }) =>
    placeDate(date, at, preferences.timeZone, language);
  const [hallOfFame, hunterBoards] = await Promise.all([currentHallOfFame(getDb(), storage), getHunterBoards(getDb())]);
  // The page's words, figures, names and links come ready with its data, so its script holds markup only.
  const card = (key: RecordKey) => {
    const entry = hallOfFame[key];
    const shown = entry?.journey.slice(-PAGE_JOURNEY_PHOTOS) ?? [];
    const more = entry !== null && entry.record.discoveryCount > shown.length;
    return {
      key,
      title: t(RECORDS[key].title),
      definition: t(units === "km" ? (RECORDS[key].definitionKm ?? RECORDS[key].definition) : RECORDS[key].definition),
      placesLabel: placesLabel(key, t),
      // The page shows thumbnails: the JSON API's photo URLs stay out of its data.
      entry: entry && {
        ...entry,
        value: RECORDS[key].count ? t(RECORDS[key].count, { count: entry.record.value }) : distance(entry.record.value),
        discoveries: formatCount(entry.record.discoveryCount, language),
        firstDay: day(entry.record.firstDiscovery.date, entry.firstAt),
        latestDay: day(entry.record.latestDiscovery.date, entry.latestAt),
        journeyTitle: more
          ? t("Journey photos (the latest {shown, number} of {count, number})", {
              shown: PAGE_JOURNEY_PHOTOS,
              count: entry.record.discoveryCount,
            })
          : t("Journey photos"),
        wholeJourney: more
          ? t("The whole journey: {count, plural, one {# discovery} other {# discoveries}}", { count: entry.record.discoveryCount })
          : null,
        journey: shown.map(({ location, date, photo, latitude, longitude }) => ({
          location,
          date,
          day: day(date, { latitude, longitude }),
          photo,
        })),
      },
    };
  };
  return {
    units,
    tieRule: t(TIE_RULE),
    locatedDefinition: t(LOCATED_DEFINITION),
    travelRecords: RECORD_KEYS.filter((key) => !GEOGRAPHIC_RECORDS.includes(key)).map(card),
    geographicRecords: GEOGRAPHIC_RECORDS.map(card),
    hunterTieRule: t(HUNTER_TIE_RULE),
    hunterBoards: HUNTER_BOARD_KEYS.map((key) => {
      const { title, definition, empty } = HUNTER_BOARDS[key];
      const standings = hunterBoards[key].map(({ rank, hunter, value }) => ({
        rank,
        href: hunterPath(hunter.id),
        name: fullName(hunter.firstName, hunter.lastName),
        image: hunter.profileImageUrl,
        initials: initials(hunter.firstName, hunter.lastName),
        figure: formatCount(value, language),
      }));
      return { key, title: t(title), definition: t(definition), empty: t(empty), standings };
    }),
  };
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function placesLabel(key: RecordKey, t: (key: string) => string): string | undefined {
  switch (key) {
    case "mostCountries":
      return t("Countries, in order of first visit");
    case "mostStates":
      return t("US states, in order of first visit");
    case "mostCities":
      return t("Cities, in order of first visit");
    default:
      return undefined;
  }
}

export default function HallOfFamePage() {
  const { units, tieRule, locatedDefinition, travelRecords, geographicRecords, hunterTieRule, hunterBoards } =
    useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 pb-28 md:pb-10">
      <IconHeading icon={<TrophyIcon className="h-6 w-6" />} tint="bg-amber-100 text-amber-700">
        {t("Hall of Fame")}
      </IconHeading>
      <p className="mt-2 max-w-3xl text-stone-600">
        {t("The Jimmys that went the furthest, were found the most and saw the most of the world.")} {tieRule}
      </p>
      <p className="mt-1 max-w-3xl text-sm text-stone-500">{locatedDefinition}</p>
      <UnitsSwitch unit={units} back="/hall-of-fame" className="mt-3" />

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {travelRecords.map((card) => (
          <RecordCard key={card.key} card={card} />
        ))}
      </div>

      <h2 className="mt-12 text-2xl font-extrabold tracking-tight">{t("Geographic Champions")}</h2>
      <p className="mt-1 text-stone-600">
        {t("Places come from each discovery's coordinates, looked up in offline map data (cities from {geonames}, CC BY 4.0).", {
          geonames: (
            <a href="https://www.geonames.org/" className="font-medium text-orange-700 underline" target="_blank" rel="noopener noreferrer">
              GeoNames
            </a>
          ),
        })}
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {geographicRecords.map((card) => (
          <RecordCard key={card.key} card={card} />
        ))}
      </div>

      <h2 className="mt-12 text-2xl font-extrabold tracking-tight">{t("Top Hunters")}</h2>
      <p className="mt-1 text-stone-600">{hunterTieRule}</p>
      <div className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {hunterBoards.map((board) => (
          <HunterBoard key={board.key} board={board} />
        ))}
      </div>
    </section>
  );
}

/**
 * One hunter leaderboard, as plain markup: the header's Avatar module
 * (HunterAvatarLink, HunterNameLink) would leave the root's chunk for a chunk
 * of its own once this page imported it, and every page would load one more
 * script. The avatar and the name make one link to the hunter's profile.
 */
function HunterBoard({ board }: { board: LoaderData["hunterBoards"][number] }) {
  const headingId = `hunters-${board.key}`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-2xl border border-orange-100 bg-white p-5 shadow-sm">
      <h3 id={headingId} className="text-lg font-bold">
        {board.title}
      </h3>
      <p className="mt-1 text-sm text-stone-600">{board.definition}</p>
      {board.standings.length ? (
        <ol className="mt-4 space-y-3">
          {board.standings.map((entry) => (
            <li key={entry.href} className="flex items-center gap-3">
              <span className="w-6 text-end font-bold text-stone-500">{entry.rank}</span>
              <Link
                to={entry.href}
                className="flex min-w-0 flex-1 items-center gap-3 font-semibold hover:underline"
                data-testid="hunter-link"
              >
                {entry.image ? (
                  <img
                    src={entry.image}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className="h-10 w-10 shrink-0 rounded-full bg-stone-200 object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-orange-100 text-sm text-orange-800"
                  >
                    {entry.initials}
                  </span>
                )}
                <span className="truncate">{entry.name}</span>
              </Link>
              <span className="text-lg font-extrabold text-orange-800">{entry.figure}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 rounded-xl bg-orange-50 p-4 text-sm text-stone-700">{board.empty}</p>
      )}
    </section>
  );
}

type RecordCardData = LoaderData["travelRecords"][number];

function RecordCard({ card }: { card: RecordCardData }) {
  const t = useT();
  const headingId = `record-${card.key}`;
  return (
    <article
      aria-labelledby={headingId}
      data-record={card.key}
      className="flex flex-col rounded-2xl border border-orange-100 bg-white p-5 shadow-sm"
    >
      <h3 id={headingId} className="text-lg font-bold">
        {card.title}
      </h3>
      <p className="mt-1 text-sm text-stone-600" data-testid="record-definition">
        {card.definition}
      </p>
      {card.entry ? (
        <RecordBody entry={card.entry} placesLabel={card.placesLabel} />
      ) : (
        <p className="mt-4 rounded-xl bg-orange-50 p-4 text-sm text-stone-700">
          {t("Nobody holds this record yet. It goes to the first Jimmy whose journey gets here.")}
        </p>
      )}
    </article>
  );
}

function RecordBody({ entry, placesLabel }: { entry: NonNullable<RecordCardData["entry"]>; placesLabel: string | undefined }) {
  const { record, latestPhoto, journey } = entry;
  const serial = record.jimmySerialNumber;
  const places = record.countries ?? record.states ?? record.cities;
  const t = useT();
  const jimmy = String(serial);
  return (
    <>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="text-3xl font-extrabold text-orange-800" data-testid="record-value">
          {entry.value}
        </span>
        <Link to={`/jimmy/${serial}`} className="font-semibold text-orange-700 underline">
          {t("Jimmy #{serial}", { serial: jimmy })}
        </Link>
      </p>

      <div className="mt-4 flex gap-4">
        <img
          src={latestPhoto.src}
          srcSet={latestPhoto.srcSet}
          sizes="112px"
          width={latestPhoto.width}
          height={latestPhoto.height}
          alt={t("Latest discovery of Jimmy #{serial}", { serial: jimmy })}
          loading="lazy"
          decoding="async"
          className="h-28 w-28 shrink-0 rounded-xl bg-stone-100 object-contain"
        />
        <dl className="min-w-0 space-y-1 text-sm">
          <RecordFact term={t("Discoveries")}>{entry.discoveries}</RecordFact>
          <RecordFact term={t("First discovery")}>
            {t("{place}, {date}", { place: record.firstDiscovery.location ?? t("Location not specified"), date: entry.firstDay })}
          </RecordFact>
          <RecordFact term={t("Latest discovery")}>
            {t("{place}, {date}", { place: record.latestDiscovery.location ?? t("Location not specified"), date: entry.latestDay })}
          </RecordFact>
        </dl>
      </div>

      {places ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-stone-700">{placesLabel}</h4>
          <ol className="mt-1 flex flex-wrap gap-1.5" aria-label={placesLabel}>
            {places.map((place) => (
              <li key={place} className="rounded-full bg-orange-50 px-2.5 py-0.5 text-sm text-orange-900">
                {place}
              </li>
            ))}
          </ol>
        </div>
      ) : null}

      <div className="mt-4">
        <h4 className="text-sm font-semibold text-stone-700">{entry.journeyTitle}</h4>
        <div
          role="region"
          aria-label={t("Journey photos of Jimmy #{serial}", { serial: jimmy })}
          tabIndex={0}
          className="mt-2 max-h-72 overflow-y-auto rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-orange-500"
        >
          <ul className="grid grid-cols-3 gap-2" data-testid="journey-photos">
            {journey.map((stop, index) => (
              <li key={`${stop.date}-${index}`}>
                <figure>
                  <img
                    src={stop.photo.src}
                    srcSet={stop.photo.srcSet}
                    sizes="(min-width: 1024px) 120px, 30vw"
                    width={stop.photo.width}
                    height={stop.photo.height}
                    alt={
                      stop.location === null
                        ? t("Jimmy #{serial} at an unknown place", { serial: jimmy })
                        : t("Jimmy #{serial} at {place}", { serial: jimmy, place: stop.location })
                    }
                    loading="lazy"
                    decoding="async"
                    // Whole, not cropped to the square: the serial tag at a photo's edge is what proves which Jimmy it is.
                    className="aspect-square w-full rounded-lg bg-stone-100 object-contain"
                  />
                  <figcaption className="mt-0.5 text-[11px] leading-tight text-stone-600">
                    <span className="block truncate">{stop.location ?? t("Location not specified")}</span>
                    <span className="block">{stop.day}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
        {entry.wholeJourney ? (
          <Link
            to={`/jimmy/${serial}#timeline`}
            className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-orange-700 underline"
          >
            {entry.wholeJourney}
          </Link>
        ) : null}
      </div>
    </>
  );
}

/** One line of a record's facts: "Discoveries: 12". */
function RecordFact({ term, children }: { term: string; children: React.ReactNode }) {
  const t = useT();
  return (
    <div>
      <dt className="inline font-semibold text-stone-700">{t("{term}: ", { term })}</dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}
