import { renderToStaticMarkup } from "react-dom/server";
import { JourneyMap } from "~/components/JourneyMap";
import { encodeCursor } from "~/lib/discoveries";
import { journeyFigures } from "~/lib/journey";
import { drawJourney, JOURNEY_MAP_SIZE } from "~/lib/journey-map";
import type { DB } from "~/infra/db.server";
import { listJourneyStops } from "~/models/jimmys.server";
import { basemapPath } from "~/services/basemap.server";

/**
 * A Jimmy's journey map as HTML, or null before any discovery with a place.
 * It is drawn here and sent as markup, so the page's JavaScript carries none
 * of it: the map has nothing to do in the browser that a link does not do.
 * Each stop links to its discovery in the timeline: on this page when it is
 * shown here, otherwise on the timeline's page that starts with it.
 */
export async function journeyMapHtml(db: DB, jimmy: { id: number; serialNumber: number }, onThisPage: readonly number[]) {
  const stops = await listJourneyStops(db, jimmy.id);
  const drawing = drawJourney(stops);
  if (!drawing) return null;
  const miles = journeyFigures(stops)?.pathMiles.value ?? 0;
  const shown = new Set(onThisPage);
  const hrefs = Object.fromEntries(
    drawing.stops.map((stop) => [
      stop.id,
      shown.has(stop.id)
        ? `#discovery-${stop.id}`
        : `/jimmy/${jimmy.serialNumber}?before=${encodeURIComponent(encodeCursor({ createdAt: stop.createdAt, id: stop.id + 1 }))}#discovery-${stop.id}`,
    ]),
  );
  return renderToStaticMarkup(
    <JourneyMap serialNumber={jimmy.serialNumber} map={{ drawing, miles, basemap: basemapPath(drawing.view, JOURNEY_MAP_SIZE), hrefs }} />,
  );
}
