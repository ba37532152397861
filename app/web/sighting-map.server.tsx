import { renderToStaticMarkup } from "react-dom/server";
// The catalogues, English included: the markup is worded here.
import "~/web/language.server";
import { SightingMap } from "~/components/SightingMap";
import { basemapPath, JOURNEY_MAP_SIZE } from "~/lib/journey-map";
import { APPROXIMATE_MAP_HALF_WIDTH, boxAround, DETAIL_MAP_HALF_WIDTH, osmFullMapUrl } from "~/lib/map-embed";
import { tilesForView, viewAround } from "~/lib/map-tiles";
import { env } from "~/infra/env.server";
import { PageLanguageContext } from "~/components/i18n";
import type { Language } from "~/lib/language";

/**
 * The Latest Sighting's map as HTML, or null without coordinates. Drawn here
 * and sent as markup, like the journey map, so the page's JavaScript carries
 * none of it. SPEC.md §9's view: 0.01° around the spot; a position guessed
 * from typed text, or rounded by its hunter, gets a wider view and no pin.
 */
export function sightingMapHtml(
  discovery: {
    jimmy: { serialNumber: number };
    latitude: string | number | null;
    longitude: string | number | null;
    locationApproximate: boolean;
    positionRadiusM: number | null;
    place: string | null;
  },
  /** The reader's language, for the map's labels. */
  language: Language = "en",
): string | null {
  if (discovery.latitude === null || discovery.longitude === null) return null;
  const latitude = Number(discovery.latitude);
  const longitude = Number(discovery.longitude);
  const approximate = Boolean(discovery.locationApproximate || discovery.positionRadiusM);
  const halfWidth = approximate ? APPROXIMATE_MAP_HALF_WIDTH : DETAIL_MAP_HALF_WIDTH;
  const view = viewAround(latitude, longitude, 2 * halfWidth, JOURNEY_MAP_SIZE);
  const { mapTiles, mapEmbedOrigin } = env();
  return renderToStaticMarkup(
    <PageLanguageContext.Provider value={{ language }}>
      <SightingMap
        serialNumber={discovery.jimmy.serialNumber}
        map={{
          ...JOURNEY_MAP_SIZE,
          view,
          basemap: basemapPath(view, JOURNEY_MAP_SIZE),
          tiles: tilesForView(view, JOURNEY_MAP_SIZE, mapTiles.urlTemplate),
          tileCredit: { attribution: mapTiles.attribution, attributionUrl: mapTiles.attributionUrl },
          place: discovery.place ?? `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`,
          approximate,
          largerMapUrl: osmFullMapUrl(
            mapEmbedOrigin,
            boxAround(latitude, longitude, halfWidth),
            approximate ? null : { latitude, longitude },
          ),
        }}
      />
    </PageLanguageContext.Provider>,
  );
}
