import { Link } from "~/components/Link";
import type { OfflineMap } from "~/lib/area-map";
import { MapTiles } from "./MapTiles";
import { PinIcon } from "./ui/icons";
import { useT } from "~/components/i18n";

/** The drawing's size (app/lib/area-map.ts, AREA_MAP_SIZE): the leader lines are drawn in its units. */
const WIDTH = 640;
const HEIGHT = 360;

/**
 * Markers over the app's own basemap of the view: land, borders and US
 * states, from npm packages, so it shows geography with JavaScript off,
 * offline from a saved copy, and when the embedded map's service cannot be
 * reached. Every marker is a link to its area or Jimmy on this page; one
 * moved off its place to stay clear of others keeps a line back to it.
 */
export function OfflineAreaMap({
  caption,
  map,
  framed = false,
  tileCredit,
}: {
  caption: string;
  map: OfflineMap;
  framed?: boolean;
  /** Whom the tiles are credited to (MAP_TILE_ATTRIBUTION), shown as text. */
  tileCredit?: string;
}) {
  const t = useT();
  return (
    <figure className={framed ? "bg-white" : "rounded-2xl border border-orange-100 bg-white p-4 shadow-sm"} data-testid="offline-map">
      <figcaption className={`flex items-center gap-2 text-sm font-semibold text-stone-700 ${framed ? "px-3 pt-2" : ""}`}>
        <PinIcon className="h-4 w-4 text-orange-700" />
        {caption}
      </figcaption>
      <div className={`relative mt-2 aspect-[16/9] overflow-hidden bg-sky-100 ${framed ? "" : "rounded-xl"}`}>
        <img
          src={map.basemap}
          alt=""
          width={WIDTH}
          height={HEIGHT}
          // Standing in for the embed it is the page's map; below it, it can wait until scrolled to.
          loading={framed ? undefined : "lazy"}
          decoding="async"
          className="absolute inset-0 h-full w-full"
          data-testid="offline-basemap"
        />
        {map.tiles.length > 0 ? (
          // At city scale, the tile server's streets. In an SVG, a tile that cannot load draws nothing (an <img> would
          // show a broken-image icon), and the basemap shows through.
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="absolute inset-0 h-full w-full" aria-hidden="true">
            <MapTiles tiles={map.tiles} />
          </svg>
        ) : null}
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="pointer-events-none absolute inset-0 h-full w-full" aria-hidden="true">
          {map.markers.map(({ key, leader, left, top }) =>
            leader ? (
              <g key={key} className="fill-orange-900 stroke-orange-900">
                <line
                  x1={(leader.left / 100) * WIDTH}
                  y1={(leader.top / 100) * HEIGHT}
                  x2={(left / 100) * WIDTH}
                  y2={(top / 100) * HEIGHT}
                  strokeWidth={1.25}
                />
                <circle cx={(leader.left / 100) * WIDTH} cy={(leader.top / 100) * HEIGHT} r={2.5} />
              </g>
            ) : null,
          )}
        </svg>
        {map.placeName ? (
          <p
            className="absolute left-2 top-2 max-w-[60%] truncate rounded-md bg-white/90 px-2 py-1 text-sm font-semibold text-stone-900 shadow-sm"
            data-testid="offline-map-place"
          >
            {map.placeName}
          </p>
        ) : null}
        <div role="group" aria-label={t("Map markers")} className="absolute inset-0">
          {map.markers.map((marker) => (
            <Link
              key={marker.key}
              to={marker.href}
              preventScrollReset
              aria-label={marker.label}
              title={marker.label}
              aria-current={marker.current ? "true" : undefined}
              className={`absolute flex -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full px-1 text-xs font-bold text-white shadow ring-2 ring-white hover:brightness-110 focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-500 ${marker.colour}`}
              style={{ left: `${marker.left}%`, top: `${marker.top}%`, ...marker.size }}
            >
              {marker.text}
            </Link>
          ))}
        </div>
      </div>
      <p className={`mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-stone-600 ${framed ? "px-3 pb-2" : ""}`}>
        <span>
          {map.markers.length === 0 ? t("No markers in this view.") : map.tiles.length > 0 ? null : t("Land and borders only: no streets.")}
        </span>
        <span className="text-stone-500">
          {map.tiles.length > 0 && tileCredit
            ? t("Map tiles: {credit}. Map data: Natural Earth, US Census", { credit: tileCredit })
            : t("Map data: Natural Earth, US Census")}
        </span>
      </p>
    </figure>
  );
}
