import { renderToStaticMarkup } from "react-dom/server";
// The catalogues, English included: the markup is worded here.
import "~/web/language.server";
import { JourneyMap } from "~/components/JourneyMap";
import { UnitsSwitch } from "~/components/UnitsSwitch";
import { encodeCursor } from "~/lib/discoveries";
import { journeyFigures } from "~/lib/journey";
import { RecentlyUsed } from "~/lib/recently-used";
import { basemapPath, drawJourney, JOURNEY_MAP_SIZE, journeySummary } from "~/lib/journey-map";
import { tilesForView } from "~/lib/map-tiles";
import type { DistanceUnit } from "~/lib/reader-preferences";
import { placeDate } from "~/web/reader-terms.server";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { PageLanguageContext } from "~/components/i18n";
import { type Language, translator } from "~/lib/language";
import { listJourneyStops } from "~/models/jimmys.server";

/**
 * A Jimmy's journey map as HTML, or null before any discovery with a place.
 * It is drawn here and sent as markup, so the page's JavaScript carries none
 * of it: the map has nothing to do in the browser that a link does not do.
 * Each stop links to its discovery in the timeline: on this page when it is
 * shown here, otherwise on the timeline's page that starts with it.
 */
export async function journeyMapHtml(
  db: DB,
  jimmy: { id: number; serialNumber: number; journeyVersion: number },
  onThisPage: readonly number[],
  unit: DistanceUnit = "mi",
  language: Language = "en",
) {
  // Drawing is most of a Jimmy page's render, and reading every stop to know whether they
  // changed grows with the journey (20,000 stops: 72 ms). The Jimmy's journey version moves
  // with every write to its discoveries, so the same version, page and unit give the same markup.
  const key = `${jimmy.journeyVersion}|${onThisPage.join(",")}|${unit}|${language}`;
  const drawn = drawnMaps.get(jimmy.id);
  if (drawn?.key === key) return drawn.html;
  const html = drawMap(jimmy, await listJourneyStops(db, jimmy.id), onThisPage, unit, language);
  drawnMaps.set(jimmy.id, { key, html });
  return html;
}

/** The last map drawn for each of the most recently shown Jimmys, by the journey version and page it was drawn for. */
const drawnMaps = new RecentlyUsed<number, { key: string; html: string | null }>(1000);

function drawMap(
  jimmy: { id: number; serialNumber: number },
  stops: Awaited<ReturnType<typeof listJourneyStops>>,
  onThisPage: readonly number[],
  unit: DistanceUnit,
  language: Language,
): string | null {
  const t = translator(language);
  const drawing = drawJourney(stops);
  if (!drawing) return null;
  const townCentres = stops.filter((stop) => stop.approximate).length;
  const summary = journeySummary(
    drawing.stopCount,
    drawing.legCount,
    journeyFigures(stops)?.pathMiles.value ?? 0,
    unit,
    townCentres,
    t,
    language,
  );
  // Each stop's day where it was found: the stops are all located, so no reader's zone is needed.
  const located = new Map(stops.map((stop) => [stop.id, stop]));
  const dates = Object.fromEntries(
    drawing.stops.map((stop) => [stop.id, placeDate(stop.createdAt, located.get(stop.id)!, null, language)]),
  );
  const shown = new Set(onThisPage);
  const hrefs = Object.fromEntries(
    drawing.stops.map((stop) => [
      stop.id,
      shown.has(stop.id)
        ? `#discovery-${stop.id}`
        : `/jimmy/${jimmy.serialNumber}?before=${encodeURIComponent(encodeCursor({ createdAt: stop.createdAt, id: stop.id + 1 }))}#discovery-${stop.id}`,
    ]),
  );
  const base = `/jimmy/${jimmy.serialNumber}`;
  // At city scale, the tile server's streets under the journey; the basemap shows through any tile that cannot load.
  const { mapTiles } = env();
  const tiles = tilesForView(drawing.view, JOURNEY_MAP_SIZE, mapTiles.urlTemplate);
  // The journey to take along, drawn here with the map so the page's JavaScript carries none of it.
  return renderToStaticMarkup(
    <PageLanguageContext.Provider value={{ language }}>
      <JourneyMap
        serialNumber={jimmy.serialNumber}
        map={{
          drawing,
          summary,
          dates,
          basemap: basemapPath(drawing.view, JOURNEY_MAP_SIZE),
          hrefs,
          tiles,
          tileCredit: { attribution: mapTiles.attribution, attributionUrl: mapTiles.attributionUrl },
        }}
      />
      <UnitsSwitch unit={unit} back={`${base}#journey-heading`} className="mt-3" />
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700" data-testid="journey-downloads">
        <span>{t("Take its journey along:")}</span>
        <a href={`${base}/journey.gpx`} className="font-semibold text-orange-800 underline" download>
          GPX
        </a>
        <a href={`${base}/journey.geojson`} className="font-semibold text-orange-800 underline" download>
          GeoJSON
        </a>
        <a href={`${base}/feed.atom`} className="font-semibold text-orange-800 underline">
          {t("Feed of its finds")}
        </a>
      </p>
    </PageLanguageContext.Provider>,
  );
}
