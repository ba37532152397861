/** SPEC.md §9: the Jimmy page's map covers 0.01° around the point. */
export const DETAIL_MAP_HALF_WIDTH = 0.01;
/** A position guessed from a typed city is only its centre: the embed shows the city around it, with no pin. */
export const APPROXIMATE_MAP_HALF_WIDTH = 0.1;

export type BoundingBox = { west: number; south: number; east: number; north: number };

/** An embeddable OpenStreetMap view of a box, with an optional marker. */
export function osmEmbedUrl(origin: string, box: BoundingBox, marker?: { latitude: number; longitude: number }): string {
  const clampLat = (v: number) => Math.max(-90, Math.min(90, v));
  const clampLng = (v: number) => Math.max(-180, Math.min(180, v));
  const bbox = [clampLng(box.west), clampLat(box.south), clampLng(box.east), clampLat(box.north)].map((v) => v.toFixed(6)).join(",");
  const params = new URLSearchParams({ bbox, layer: "mapnik" });
  if (marker) params.set("marker", `${marker.latitude.toFixed(6)},${marker.longitude.toFixed(6)}`);
  return `${origin}/export/embed.html?${params.toString()}`;
}

export function boxAround(latitude: number, longitude: number, halfWidth: number): BoundingBox {
  return { west: longitude - halfWidth, south: latitude - halfWidth, east: longitude + halfWidth, north: latitude + halfWidth };
}
