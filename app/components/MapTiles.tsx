import type { PlacedTile } from "~/lib/map-tiles";

/** Whom the map credits for its tiles (MAP_TILE_ATTRIBUTION, MAP_TILE_ATTRIBUTION_URL): shown as text, never as markup. */
export type TileCreditData = { attribution: string; attributionUrl: string | null };

/**
 * The tile server's tiles over a drawing's basemap, inside its `<svg>`, as
 * plain images: no JavaScript. A tile that cannot load draws nothing, so the
 * basemap under it still shows, and the stops and pins drawn after it stay on top.
 */
export function MapTiles({ tiles }: { tiles: readonly PlacedTile[] }) {
  if (tiles.length === 0) return null;
  return (
    <g data-testid="map-tiles">
      {tiles.map((tile) => (
        <image
          key={tile.src}
          href={tile.src}
          x={tile.x}
          y={tile.y}
          width={tile.width}
          height={tile.height}
          preserveAspectRatio="none"
          data-testid="map-tile"
        />
      ))}
    </g>
  );
}

export function TileCredit({ credit }: { credit: TileCreditData }) {
  return credit.attributionUrl ? (
    <a href={credit.attributionUrl} className="underline" rel="noopener noreferrer">
      {credit.attribution}
    </a>
  ) : (
    <>{credit.attribution}</>
  );
}
