/**
 * The map page's offline map: markers for the largest areas (and the selected
 * area's Jimmys) placed over the offline basemap (app/services/basemap.server.ts)
 * in the journey map's projection, so each marker sits on the land it names.
 * Pure: the server renders the markers as links, so they work with JavaScript
 * off and without the embedded map's service.
 */
import { mapSearch, MAX_MARKERS, type MapState } from "./clustering";
import { type MessageKey, translator } from "./language";
import type { MapArea, MapJimmy } from "./hunt-map";
import { basemapPath, JOURNEY_MAP_SIZE, projection, type MapView } from "./journey-map";
import type { BoundingBox } from "./map-embed";
import { tilesForView, type PlacedTile } from "./map-tiles";

/** `t` in the reader's language (useT in a page, requestT on the server). */
type Words = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The same frame as a journey map's, so both ask the basemap for the same size of drawing. */
export const AREA_MAP_SIZE = JOURNEY_MAP_SIZE;

/**
 * A marker is never drawn smaller than this many CSS pixels across, however
 * narrow the drawing (WCAG 2.2's least tap target, on a phone); markers are kept apart as if
 * they were at least this big on a drawing this many CSS pixels wide.
 */
export const MARKER_MIN_PX = 24;
/** The narrowest drawing: a 360 px phone less the page's and the figure's padding. */
const NARROW_DRAWING_PX = 288;
/** Room kept between two markers, in the drawing's units. */
const MARKER_GAP = 3;
/** A marker moved further than this from its place (drawing units) is tied back to it by a line. */
const LEADER_AFTER = 4;

/** An area's marker grows with the square root of its size, from 26 across to 40 for the largest. */
export function areaMarkerDiameter(size: number, largest: number): number {
  return Math.round(26 + 14 * Math.sqrt(Math.min(1, size / Math.max(1, largest))));
}

/** A Jimmy's marker: a circle, stretched into a pill where its number is too long for one. */
const JIMMY_MARKER_DIAMETER = 28;

/** How many CSS pixels wide a marker's text needs it to be (12 px bold figures, and room either side). */
const textWidth = (text: string) => 12 + 7 * text.length;

/** How wide a marker must be for its text, whatever its diameter. */
export function markerWidth(marker: Pick<MapMarker, "diameter" | "text">): number {
  return Math.max(marker.diameter, textWidth(marker.text));
}

/** The markers' colours, the same on the offline map and the pan-and-zoom one. */
export const MARKER_COLOUR = {
  area: "bg-orange-700",
  jimmy: "bg-amber-700",
  current: "bg-orange-950",
} as const;

/** A marker on either map: a link to its area, or to its Jimmy in the selected area. */
export type MapMarker = {
  key: string;
  href: string;
  /** The link's accessible name and tooltip. */
  label: string;
  /** What it shows: the area's place in the list, or the Jimmy's number. */
  text: string;
  latitude: number;
  longitude: number;
  /** CSS pixels on the pan-and-zoom map; on the offline map, units of its drawing (640 wide), so a marker scales with it. */
  diameter: number;
  kind: "area" | "jimmy";
  current: boolean;
};

/**
 * The markers for the first `areaLimit` areas of the list (the selected one
 * left out: its Jimmys stand for it), then the selected area's Jimmys, each
 * linking to the page's address for it (`addressOf`: clustering's mapSearch,
 * passed in so the pan-and-zoom map's chunk does not take the page's along).
 */
export function mapMarkers(
  areas: readonly MapArea[],
  selected: (MapArea & { members: readonly MapJimmy[] }) | null,
  state: MapState,
  areaLimit: number,
  addressOf: (state: MapState) => string,
  t: Words = translator("en"),
): MapMarker[] {
  const largest = areas[0]?.size ?? 1;
  const areaMarkers = areas.slice(0, areaLimit).flatMap((area, rank): MapMarker[] =>
    area.key === selected?.key
      ? []
      : [
          {
            key: `area-${area.key}`,
            href: addressOf({ zoom: state.zoom, cluster: area.key, jimmy: null }),
            label: t("{rank, number}. {area}: {count, plural, one {# Jimmy} other {# Jimmys}}", {
              rank: rank + 1,
              area: area.areaName,
              count: area.size,
            }),
            text: String(rank + 1),
            latitude: area.latitude,
            longitude: area.longitude,
            diameter: areaMarkerDiameter(area.size, largest),
            kind: "area",
            current: false,
          },
        ],
  );
  const jimmyMarkers = (selected?.members ?? []).map((jimmy): MapMarker => ({
    key: `jimmy-${jimmy.serialNumber}`,
    href: addressOf({ zoom: state.zoom, cluster: selected!.key, jimmy: jimmy.serialNumber }),
    label: t("Jimmy #{serial}", { serial: String(jimmy.serialNumber) }),
    text: String(jimmy.serialNumber),
    latitude: jimmy.latitude,
    longitude: jimmy.longitude,
    diameter: JIMMY_MARKER_DIAMETER,
    kind: "jimmy",
    current: state.jimmy === jimmy.serialNumber,
  }));
  return [...areaMarkers, ...jimmyMarkers];
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** A longitude moved by whole turns to lie within 180° of `center`: a place just across the antimeridian stays beside the view. */
export function nearLongitude(longitude: number, center: number): number {
  return center + ((((longitude - center + 180) % 360) + 360) % 360) - 180;
}

/** Room around the box on the drawing, as a share of its span on each side, so a marker at its edge is not cut in half. */
const FRAME_PADDING = 0.08;

/**
 * The box, padded, widened to the drawing's shape around the same middle,
 * so land keeps its shape: longitudes are shortened by the cosine of the
 * middle latitude, as the journey map draws them. Latitudes stay within ±90°
 * and a view spans at most 360° of longitude, so the whole world is drawn a
 * little taller than it is rather than repeated.
 */
export function framedView(box: BoundingBox, size: { width: number; height: number } = AREA_MAP_SIZE): MapView {
  const middleLatitude = (box.south + box.north) / 2;
  const xScale = Math.max(0.2, Math.cos(radians(middleLatitude)));
  let latSpan = Math.max(box.north - box.south, 1e-4) * (1 + 2 * FRAME_PADDING);
  let lngSpan = Math.max(box.east - box.west, 1e-4) * (1 + 2 * FRAME_PADDING);
  const aspect = size.width / size.height;
  if ((lngSpan * xScale) / latSpan < aspect) lngSpan = (latSpan * aspect) / xScale;
  else latSpan = (lngSpan * xScale) / aspect;
  latSpan = Math.min(latSpan, 180);
  lngSpan = Math.min(lngSpan, 360);
  const middleLongitude = (box.west + box.east) / 2;
  const north = Math.min(90, Math.max(-90 + latSpan, middleLatitude + latSpan / 2));
  return {
    west: round(middleLongitude - lngSpan / 2, 5),
    south: round(north - latSpan, 5),
    east: round(middleLongitude + lngSpan / 2, 5),
    north: round(north, 5),
  };
}

export type MarkerPlace = {
  /** The marker's centre, in percent of the drawing's width and height from its top left corner. */
  left: number;
  top: number;
  /** Where the place itself is, when the marker had to be moved away from it to stay clear of others. */
  leader: { left: number; top: number } | null;
};

/**
 * Where each point's marker goes on the drawing of `view`, or nothing for the
 * points outside it. Markers that would overlap are pushed apart (a few rounds
 * of relaxation; a marker earlier in the list moves less, so the largest
 * areas stay nearest their places) and kept inside the frame; one moved from
 * its place keeps a leader line back to it. `radius` is in the drawing's
 * units; `halfWidth` too, for a marker its text stretches into a pill.
 *
 * Markers are kept apart as the boxes they take up, not as circles: two round
 * markers side by side diagonally can have corners in each other's square, and
 * a tap-target check (axe's, WCAG 2.5.8) counts the square.
 */
export function placeMarkers<T extends { latitude: number; longitude: number }>(
  points: readonly T[],
  view: MapView,
  radius: (point: T) => number,
  size: { width: number; height: number } = AREA_MAP_SIZE,
  halfWidth: (point: T) => number = radius,
): (T & MarkerPlace)[] {
  const project = projection(view, size);
  const center = (view.west + view.east) / 2;
  const leastRadius = ((MARKER_MIN_PX / 2) * size.width) / NARROW_DRAWING_PX;
  const boxes = points.flatMap((point) => {
    const longitude = nearLongitude(point.longitude, center);
    if (longitude < view.west || longitude > view.east || point.latitude < view.south || point.latitude > view.north) return [];
    const [x, y] = project(longitude, point.latitude);
    const h = Math.max(radius(point), leastRadius) + MARKER_GAP / 2;
    const w = Math.max(halfWidth(point), radius(point), leastRadius) + MARKER_GAP / 2;
    return [{ point, x, y, x0: x, y0: y, w, h }];
  });
  spreadOut(boxes, size.width, size.height);
  const percent = (value: number, whole: number) => round((value / whole) * 100, 2);
  return boxes.map(({ point, x, y, x0, y0 }) => ({
    ...point,
    left: percent(x, size.width),
    top: percent(y, size.height),
    leader: Math.hypot(x - x0, y - y0) > LEADER_AFTER ? { left: percent(x0, size.width), top: percent(y0, size.height) } : null,
  }));
}

/**
 * Pushes overlapping boxes (centre, half-width w, half-height h) apart along
 * the line between their centres, just far enough that they no longer share a
 * point; a few relaxation rounds, each ending with every box back inside the
 * frame.
 */
function spreadOut(boxes: { x: number; y: number; w: number; h: number }[], width: number, height: number) {
  for (let round = 0; round < 60; round++) {
    let moved = false;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        const apartX = a.w + b.w;
        const apartY = a.h + b.h;
        if (Math.abs(dx) >= apartX - 1e-6 || Math.abs(dy) >= apartY - 1e-6) continue;
        if (Math.hypot(dx, dy) < 0.01) {
          // Same spot: part them in a direction that depends only on their order.
          dx = Math.cos(j * 2.4);
          dy = Math.sin(j * 2.4);
        }
        // How much longer the line between them must grow for the boxes to clear on one axis or the other.
        const stretch = Math.min(
          Math.abs(dx) > 1e-9 ? apartX / Math.abs(dx) : Infinity,
          Math.abs(dy) > 1e-9 ? apartY / Math.abs(dy) : Infinity,
        );
        const push = stretch - 1;
        // The earlier (larger) one gives way a quarter, the later one three quarters.
        a.x -= dx * push * 0.25;
        a.y -= dy * push * 0.25;
        b.x += dx * push * 0.75;
        b.y += dy * push * 0.75;
        moved = true;
      }
    }
    for (const box of boxes) {
      box.x = Math.max(box.w, Math.min(width - box.w, box.x));
      box.y = Math.max(box.h, Math.min(height - box.h, box.y));
    }
    if (!moved) break;
  }
}

/** A marker of the offline map as the page draws it: where, how big (CSS) and in which colour (a class). */
export type OfflineMarker = Pick<MapMarker, "key" | "href" | "label" | "text" | "current"> &
  MarkerPlace & {
    colour: string;
    /** As big as the marker is in the drawing's units, so it scales with the drawing; never too small to tap (CSS). */
    size: { minWidth: string; height: string };
  };

export type OfflineMap = {
  basemap: string;
  /** The tile server's tiles over the basemap at city scale (app/lib/map-tiles.ts), in the drawing's units; none for larger views. */
  tiles: PlacedTile[];
  /** The selected area's name, shown on the map so a view of streets (or of bare land, when tiles fail) says where it is. */
  placeName: string | null;
  markers: OfflineMarker[];
};

/**
 * The offline map of a view: the basemap's address and the markers of the
 * largest areas (and the selected area's Jimmys) laid out on it. Made on the
 * server, so the page's JavaScript carries none of the layout.
 */
export function offlineMap(
  areas: readonly MapArea[],
  selected: (MapArea & { members: readonly MapJimmy[] }) | null,
  state: MapState,
  view: BoundingBox,
  tileTemplate: string,
  t: Words = translator("en"),
): OfflineMap {
  const drawn = framedView(view, AREA_MAP_SIZE);
  const placed = placeMarkers(
    mapMarkers(areas, selected, state, MAX_MARKERS, mapSearch, t),
    drawn,
    (marker) => marker.diameter / 2,
    AREA_MAP_SIZE,
    // A long number stretches its marker into a pill: its text is in CSS pixels, counted on the narrowest drawing.
    (marker) => (textWidth(marker.text) / 2) * (AREA_MAP_SIZE.width / NARROW_DRAWING_PX),
  );
  return {
    basemap: basemapPath(drawn, AREA_MAP_SIZE),
    tiles: tilesForView(drawn, AREA_MAP_SIZE, tileTemplate),
    placeName: selected?.areaName ?? null,
    markers: placed.map(({ key, href, label, text, current, left, top, leader, kind, diameter }) => ({
      key,
      href,
      label,
      text,
      current,
      left,
      top,
      leader,
      colour: MARKER_COLOUR[current ? "current" : kind],
      // The drawing is 16:9 whatever its width, so these two percentages are the same length: a circle, or a pill for a long number.
      size: {
        minWidth: `max(${MARKER_MIN_PX}px, ${round((diameter / AREA_MAP_SIZE.width) * 100, 2)}%)`,
        height: `max(${MARKER_MIN_PX}px, ${round((diameter / AREA_MAP_SIZE.height) * 100, 2)}%)`,
      },
    })),
  };
}
