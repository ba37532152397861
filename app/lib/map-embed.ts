/**
 * Addresses of OpenStreetMap views: the embedded map on a Jimmy's page and
 * on /map, and the larger map on OpenStreetMap's own site. The one place that
 * keeps a view on the map: OpenStreetMap's maps are Web Mercator, which ends
 * near 85° north and south, so latitudes stop at ±85° and longitudes at ±180°.
 */

/** SPEC.md §9: the Jimmy page's map covers 0.01° around the point. */
export const DETAIL_MAP_HALF_WIDTH = 0.01;
/** A position guessed from a typed city is only its centre: the embed shows the city around it, with no pin. */
export const APPROXIMATE_MAP_HALF_WIDTH = 0.1;

export type BoundingBox = { west: number; south: number; east: number; north: number };
type Marker = { latitude: number; longitude: number };

const MAX_LATITUDE = 85;

/** A span moved (not cut) to lie within ±limit, so a view near an edge keeps its size; one too wide for it is the whole range. */
function within(low: number, high: number, limit: number): [number, number] {
  if (high - low >= 2 * limit) return [-limit, limit];
  if (high > limit) return [low - (high - limit), limit];
  if (low < -limit) return [-limit, high + (-limit - low)];
  return [low, high];
}

/** The box as the map can show it (see above). */
export function onTheMap(box: BoundingBox): BoundingBox {
  const [south, north] = within(box.south, box.north, MAX_LATITUDE);
  const [west, east] = within(box.west, box.east, 180);
  return { west, south, east, north };
}

export function boxAround(latitude: number, longitude: number, halfWidth: number): BoundingBox {
  return { west: longitude - halfWidth, south: latitude - halfWidth, east: longitude + halfWidth, north: latitude + halfWidth };
}

const fixed = (value: number) => Number(value.toFixed(6)).toString();
const base = (origin: string) => origin.replace(/\/$/, "");

/** An embeddable OpenStreetMap view of a box, with an optional marker. */
export function osmEmbedUrl(origin: string, box: BoundingBox, marker?: Marker | null): string {
  const view = onTheMap(box);
  const bbox = [view.west, view.south, view.east, view.north].map(fixed).join(",");
  const url = `${base(origin)}/export/embed.html?bbox=${bbox}&layer=mapnik`;
  return marker ? `${url}&marker=${fixed(marker.latitude)},${fixed(marker.longitude)}` : url;
}

/** The same view on the map service's own site, for a larger map. */
export function osmFullMapUrl(origin: string, box: BoundingBox, marker?: Marker | null): string {
  const view = onTheMap(box);
  const params = new URLSearchParams({
    minlon: fixed(view.west),
    minlat: fixed(view.south),
    maxlon: fixed(view.east),
    maxlat: fixed(view.north),
  });
  if (marker) {
    params.set("mlat", fixed(marker.latitude));
    params.set("mlon", fixed(marker.longitude));
  }
  return `${base(origin)}/?${params.toString()}`;
}
