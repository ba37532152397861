/**
 * Raster map tiles (`{z}/{x}/{y}`, Web Mercator) laid under the app's own
 * drawings at city scale: the journey map, the Latest Sighting's map and
 * /map's offline map. Pure: the server works out which tiles cover a view and
 * where each one goes on the drawing, and the page shows them as plain
 * images, so they need no JavaScript. A tile that cannot load shows nothing,
 * and the drawn basemap under it shows through.
 *
 * The drawings are equirectangular (app/lib/journey-map.ts); tiles are Web
 * Mercator. Over a view at most TILE_MAX_LAT_SPAN tall the two differ by
 * about a pixel, so each tile is placed by its corners and drawn straight.
 * Larger views get no tiles: the drawn basemap alone is the map.
 */
import type { MapView } from "./journey-map";

/** Views taller than this many degrees of latitude get no tiles (a tile could be misplaced by more than a pixel or two). */
export const TILE_MAX_LAT_SPAN = 2;
/** The deepest zoom asked of a tile server: most serve 0 to 19. */
export const TILE_MAX_ZOOM = 19;
/** Web Mercator stops near ±85.05°: no tile covers the poles. */
const MERCATOR_MAX_LAT = 85.0511;
const TILE_PX = 256;

/** One tile on a drawing: its address, and its box in the drawing's units. */
export type PlacedTile = { src: string; x: number; y: number; width: number; height: number };

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (r: number) => (r * 180) / Math.PI;
const round = (value: number) => Math.round(value * 10) / 10;

/** The tile column a longitude falls in at zoom `z`, as a fraction (not wrapped: a longitude past ±180 is past the edge). */
export function tileX(longitude: number, z: number): number {
  return ((longitude + 180) / 360) * 2 ** z;
}

/** The tile row a latitude falls in at zoom `z`, as a fraction (0 at the north edge of the Mercator world). */
export function tileY(latitude: number, z: number): number {
  const lat = radians(Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, latitude)));
  return ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** z;
}

/** The longitude of a tile column's west edge. */
export function tileLongitude(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

/** The latitude of a tile row's north edge. */
export function tileLatitude(y: number, z: number): number {
  return degrees(Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))));
}

/**
 * The zoom whose tiles come nearest their own size (256 px) on a drawing
 * `width` units wide showing `lngSpan` degrees of longitude: each tile is
 * drawn between about 181 and 362 units across.
 */
export function tileZoom(lngSpan: number, width: number): number {
  const z = Math.round(Math.log2((width * 360) / (lngSpan * TILE_PX)));
  return Math.max(0, Math.min(TILE_MAX_ZOOM, z));
}

/** A tile's address from the configured template (MAP_TILE_URL): {r}, the sharp-screen suffix, is left empty. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y)).replace("{r}", "");
}

/**
 * The tiles that cover a view of a drawing, each placed on it, or none when
 * the view is too large for tiles (TILE_MAX_LAT_SPAN). Columns past the
 * antimeridian wrap round to the other side of the tile grid.
 */
export function tilesForView(view: MapView, size: { width: number; height: number }, template: string): PlacedTile[] {
  if (view.north - view.south > TILE_MAX_LAT_SPAN || view.east <= view.west) return [];
  const z = tileZoom(view.east - view.west, size.width);
  const count = 2 ** z;
  const kx = size.width / (view.east - view.west);
  const ky = size.height / (view.north - view.south);
  const left = (x: number) => round((tileLongitude(x, z) - view.west) * kx);
  const top = (y: number) => round((view.north - tileLatitude(y, z)) * ky);
  const tiles: PlacedTile[] = [];
  const [firstRow, lastRow] = [Math.floor(tileY(view.north, z)), Math.min(count - 1, Math.floor(tileY(view.south, z)))];
  const [firstColumn, lastColumn] = [Math.floor(tileX(view.west, z)), Math.ceil(tileX(view.east, z)) - 1];
  for (let y = Math.max(0, firstRow); y <= lastRow; y++) {
    for (let x = firstColumn; x <= lastColumn; x++) {
      const [x0, y0] = [left(x), top(y)];
      const wrapped = ((x % count) + count) % count;
      tiles.push({ src: tileUrl(template, z, wrapped, y), x: x0, y: y0, width: round(left(x + 1) - x0), height: round(top(y + 1) - y0) });
    }
  }
  return tiles;
}

/**
 * A view of the drawing's shape centred on a place, `latSpan` degrees tall,
 * its longitudes shortened by the cosine of the latitude as the journey map
 * draws them (app/lib/journey-map.ts), so streets keep their shape.
 */
export function viewAround(latitude: number, longitude: number, latSpan: number, size: { width: number; height: number }): MapView {
  const lngSpan = (latSpan * size.width) / size.height / Math.max(0.2, Math.cos(radians(latitude)));
  const fixed = (value: number) => Math.round(value * 1e5) / 1e5;
  const north = Math.min(MERCATOR_MAX_LAT, latitude + latSpan / 2);
  const south = Math.max(-MERCATOR_MAX_LAT, north - latSpan);
  return { west: fixed(longitude - lngSpan / 2), south: fixed(south), east: fixed(longitude + lngSpan / 2), north: fixed(south + latSpan) };
}
