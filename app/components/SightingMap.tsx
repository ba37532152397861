import type { MapView } from "~/lib/journey-map";
import type { PlacedTile } from "~/lib/map-tiles";
import { MapTiles, TileCredit, type TileCreditData } from "./MapTiles";
import { useT } from "./i18n";

export type SightingMapData = {
  /** Its size in the drawing's units (the journey map's 640 × 360). */
  width: number;
  height: number;
  view: MapView;
  /** The offline basemap of the view (app/routes/basemap[.]svg.ts), under the tiles. */
  basemap: string;
  tiles: PlacedTile[];
  tileCredit: TileCreditData;
  /** The place as the page names it. */
  place: string;
  /** A town's centre or a rounded spot: a ring around the area, no pin pretending to be the spot. */
  approximate: boolean;
  /** The same view on the map service's own site. */
  largerMapUrl: string;
};

/**
 * The Latest Sighting's map: the tile server's streets around the place over
 * the app's drawn basemap, the place pinned at the centre and named on the
 * map. Plain images in an SVG, drawn on the server: with JavaScript off, or
 * when the tile server cannot be reached, the drawing and the place's name
 * are still there, never a broken frame.
 */
export function SightingMap({ map, serialNumber }: { map: SightingMapData; serialNumber: number }) {
  const t = useT();
  const [cx, cy] = [map.width / 2, map.height / 2];
  return (
    <figure className="relative m-0 h-full min-h-64 w-full overflow-hidden bg-sky-100 lg:min-h-72" data-testid="sighting-map">
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        preserveAspectRatio="xMidYMid slice"
        className="absolute inset-0 h-full w-full"
        role="img"
        aria-label={t(
          "{approximate, select, yes {Map of the latest sighting of Jimmy #{serial}, around {place}} other {Map of the latest sighting of Jimmy #{serial}, at {place}}}",
          { approximate: map.approximate ? "yes" : "no", serial: String(serialNumber), place: map.place },
        )}
      >
        <image href={map.basemap} width={map.width} height={map.height} preserveAspectRatio="none" />
        <MapTiles tiles={map.tiles} />
        {map.approximate ? (
          <circle cx={cx} cy={cy} r={48} fill="#c2410c" fillOpacity={0.15} stroke="#c2410c" strokeWidth={3} strokeDasharray="8 6" />
        ) : (
          <g data-testid="sighting-pin">
            <path
              d={`M${cx} ${cy}c-3-9-14-15-14-26a14 14 0 0 1 28 0c0 11-11 17-14 26z`}
              fill="#c2410c"
              stroke="#ffffff"
              strokeWidth={2.5}
            />
            <circle cx={cx} cy={cy - 26} r={5} fill="#ffffff" />
          </g>
        )}
      </svg>
      <figcaption
        className="absolute left-2 top-2 max-w-[calc(100%-1rem)] truncate rounded-md bg-white/90 px-2 py-1 text-sm font-semibold text-stone-900 shadow-sm"
        data-testid="sighting-map-place"
      >
        {map.place}
      </figcaption>
      <p className="absolute inset-x-0 bottom-0 flex flex-wrap justify-between gap-x-3 bg-white/85 px-2 py-0.5 text-[11px] text-stone-700">
        <a href={map.largerMapUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-orange-800 underline">
          {t("View larger map")}
        </a>
        <span>
          {map.tiles.length > 0 ? (
            <>
              <TileCredit credit={map.tileCredit} />
              {" · "}
            </>
          ) : null}
          Natural Earth
        </span>
      </p>
    </figure>
  );
}
