/**
 * A Jimmy's journey drawn as a map: every located discovery in time order,
 * the legs between them along great circles, the first and latest stops
 * marked. Pure geometry, no data: the server draws it (app/components/
 * JourneyMap.tsx) over the offline basemap (app/services/basemap.server.ts),
 * so it needs neither JavaScript nor a tile server.
 *
 * Projection: equirectangular around the journey, with longitudes scaled by
 * the cosine of the middle latitude, so a journey inside one city and one
 * across oceans both fill the frame with true-looking shapes. The central
 * meridian is placed in the widest stretch of longitude the journey never
 * crosses, so a journey over the Pacific is drawn in one piece; a journey all
 * the way round the world is cut where it crosses the frame's edge.
 */
import type { LatLng } from "./distance";
import type { DistanceUnit } from "./reader-preferences";
import { formatDistance } from "./units";
import { type Language, type Translate, translator } from "./language";

export type MapStop = LatLng & { id: number; createdAt: string; approximate: boolean };

/** The part of the world a drawing shows, longitudes in the drawing's own frame (they may pass ±180). */
export type MapView = { west: number; south: number; east: number; north: number };

export type DrawnStop = {
  id: number;
  x: number;
  y: number;
  /** 1-based, in time order. */
  number: number;
  role: "first" | "latest" | "stop";
  approximate: boolean;
  createdAt: string;
  /** How many stops this marker stands for: others closer than a marker's width are drawn as one. */
  count: number;
};

export type JourneyDrawing = {
  width: number;
  height: number;
  view: MapView;
  /** The legs as one SVG path (pixel coordinates, one decimal). */
  legs: string;
  stops: DrawnStop[];
  stopCount: number;
  legCount: number;
};

export const JOURNEY_MAP_SIZE = { width: 640, height: 360 } as const;

/** The offline basemap's address for a view (app/routes/basemap[.]svg.ts): a journey map's `<image>` and /map's offline map point here. */
export function basemapPath(view: MapView, size: { width: number; height: number }): string {
  return `/basemap.svg?v=${[view.west, view.south, view.east, view.north].join(",")}&s=${size.width}x${size.height}`;
}
/** Markers closer than this many pixels are drawn as one (the first and latest are always drawn). */
const MARKER_SPACING_PX = 6;
/** The most markers drawn, so a journey of thousands of stops keeps the page light. */
export const MAX_MARKERS = 300;
/** A leg is drawn through a point at least every this many degrees of arc. */
const STEP_DEGREES = 2;
/**
 * The smallest stretch of latitude shown (about 11 km): a journey inside one
 * city fills the frame, its stops apart even on a phone, with the streets of
 * the tile server under it (app/lib/map-tiles.ts), and still shows its neighbourhood.
 */
const MIN_LAT_SPAN = 0.1;
const PADDING = 0.12;

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (r: number) => (r * 180) / Math.PI;
/** A longitude difference folded into [-180, 180). */
const wrap = (delta: number) => ((((delta + 180) % 360) + 360) % 360) - 180;

type Vector = [number, number, number];
const toVector = ({ latitude, longitude }: LatLng): Vector => {
  const lat = radians(latitude);
  const lng = radians(longitude);
  return [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
};
const toLatLng = ([x, y, z]: Vector): LatLng => ({
  latitude: degrees(Math.atan2(z, Math.hypot(x, y))),
  longitude: degrees(Math.atan2(y, x)),
});

/** Points along the great circle from `a` to `b`, both ends included. */
export function greatCirclePoints(a: LatLng, b: LatLng): LatLng[] {
  const va = toVector(a);
  const vb = toVector(b);
  const dot = Math.min(1, Math.max(-1, va[0] * vb[0] + va[1] * vb[1] + va[2] * vb[2]));
  const angle = Math.acos(dot);
  const steps = Math.max(1, Math.ceil(degrees(angle) / STEP_DEGREES));
  if (angle < 1e-9) return [a, b];
  const points: LatLng[] = [a];
  const sin = Math.sin(angle);
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    const ka = Math.sin((1 - t) * angle) / sin;
    const kb = Math.sin(t * angle) / sin;
    points.push(toLatLng([ka * va[0] + kb * vb[0], ka * va[1] + kb * vb[1], ka * va[2] + kb * vb[2]]));
  }
  points.push(b);
  return points;
}

/**
 * The central meridian: the middle of the widest stretch of longitude no
 * point falls in, so nothing the journey passes through is cut by the
 * frame's edge. A journey that leaves no stretch wider than a leg's step has
 * gone all the way round: it is centred on its first stop.
 */
export function centralMeridian(longitudes: readonly number[]): { center: number; aroundTheWorld: boolean } {
  const sorted = [...new Set(longitudes.map((lng) => wrap(lng)))].sort((a, b) => a - b);
  if (sorted.length === 1) return { center: sorted[0]!, aroundTheWorld: false };
  let widest = 360 - (sorted[sorted.length - 1]! - sorted[0]!);
  let gapEnd = sorted[0]!;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    if (gap > widest) {
      widest = gap;
      gapEnd = sorted[i]!;
    }
  }
  if (widest <= STEP_DEGREES * 1.5) return { center: longitudes[0]!, aroundTheWorld: true };
  // The frame's edge goes in the middle of the gap; the centre is opposite it.
  return { center: wrap(gapEnd - widest / 2 + 180), aroundTheWorld: false };
}

/** A frame's view, and where a longitude falls in the frame's own range (past ±180 where the frame crosses the antimeridian). */
export type Frame = { view: MapView; frameLng: (longitude: number) => number };

/**
 * The view that shows every point: centred away from the antimeridian when
 * the points allow it (round the whole world when they go round it), padded,
 * at least MIN_LAT_SPAN tall, and widened to the frame's shape with
 * longitudes scaled by the cosine of the middle latitude.
 */
export function frameFor(points: readonly LatLng[], size: { width: number; height: number }): Frame {
  const { center, aroundTheWorld } = centralMeridian(points.map((p) => p.longitude));
  const frameLng = (longitude: number) => center + wrap(longitude - center);

  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const point of points) {
    const lng = frameLng(point.longitude);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, point.latitude);
    north = Math.max(north, point.latitude);
  }
  if (aroundTheWorld) [west, east] = [center - 180, center + 180];

  // Pad, keep a sensible least extent, then widen whichever side the frame's shape asks for.
  const midLat = (south + north) / 2;
  const xScale = Math.max(0.2, Math.cos(radians(midLat)));
  let latSpan = Math.max((north - south) * (1 + 2 * PADDING), MIN_LAT_SPAN);
  let lngSpan = Math.max((east - west) * (1 + 2 * PADDING), MIN_LAT_SPAN / xScale);
  const aspect = size.width / size.height;
  if ((lngSpan * xScale) / latSpan < aspect) lngSpan = (latSpan * aspect) / xScale;
  else latSpan = (lngSpan * xScale) / aspect;
  latSpan = Math.min(latSpan, 180);
  lngSpan = Math.min(lngSpan, 360);
  const midLng = aroundTheWorld ? center : (west + east) / 2;
  let top = Math.min(90, midLat + latSpan / 2);
  const bottom = Math.max(-90, top - latSpan);
  top = bottom + latSpan;
  const view: MapView = {
    west: round(midLng - lngSpan / 2, 4),
    east: round(midLng + lngSpan / 2, 4),
    south: round(bottom, 4),
    north: round(top, 4),
  };
  return { view, frameLng };
}

/**
 * Draws a journey of located stops (in time order) into a frame of the given
 * size, or null when no stop has a location.
 */
export function drawJourney(stops: readonly MapStop[], size: { width: number; height: number } = JOURNEY_MAP_SIZE): JourneyDrawing | null {
  if (stops.length === 0) return null;
  const legPoints = stops.slice(1).map((stop, i) => greatCirclePoints(stops[i]!, stop));
  const { view, frameLng } = frameFor([...stops, ...legPoints.flat()], size);
  const project = projection(view, size);
  const place = (stop: MapStop) => project(frameLng(stop.longitude), stop.latitude);

  // Legs: one path, cut where a leg around the world crosses the frame's edge. Each leg keeps
  // only the points that bend it by half a pixel or more: a short leg is a straight line.
  const parts: string[] = [];
  let pen: Pixel | null = null;
  // A leg between two places already joined (either way) is drawn once: a Jimmy that shuttles
  // between a few towns draws a few lines, not thousands on top of each other.
  const drawn = new Set<string>();
  for (const [i, leg] of legPoints.entries()) {
    const [from, to] = [place(stops[i]!), place(stops[i + 1]!)];
    const ends = [`${from[0]} ${from[1]}`, `${to[0]} ${to[1]}`].sort().join(" ");
    if (drawn.has(ends)) continue;
    drawn.add(ends);
    const runs: Pixel[][] = [[]];
    let lastLng: number | null = null;
    for (const point of leg) {
      const lng = frameLng(point.longitude);
      if (lastLng !== null && Math.abs(lng - lastLng) > 180) runs.push([]);
      runs[runs.length - 1]!.push(project(lng, point.latitude));
      lastLng = lng;
    }
    runs.forEach((run, r) => {
      const kept = simplify(run, 0.5);
      kept.forEach(([x, y], i) => {
        const join = i === 0 && r === 0 && pen !== null && pen[0] === x && pen[1] === y;
        if (join) return;
        if (i === 0) parts.push(`M${x} ${y}`);
        else parts.push(`L${x} ${y}`);
      });
      pen = kept[kept.length - 1] ?? pen;
    });
  }

  return {
    width: size.width,
    height: size.height,
    view,
    legs: parts.join(""),
    stops: markers(stops, place),
    stopCount: stops.length,
    legCount: stops.length - 1,
  };
}

/** A point of the drawing, in pixels. */
export type Pixel = [number, number];

/** Ramer–Douglas–Peucker: the points of a line that bend it by at least `tolerance` pixels, ends kept. */
export function simplify(line: readonly Pixel[], tolerance: number): Pixel[] {
  if (line.length <= 2) return [...line];
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    const [ax, ay] = line[from]!;
    const [bx, by] = line[to]!;
    const length = Math.hypot(bx - ax, by - ay);
    let farthest = -1;
    let distance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const [px, py] = line[i]!;
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d >= distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([from, farthest], [farthest, to]);
    }
  }
  return line.filter((_, i) => keep[i] === 1);
}

/** Pixel coordinates (one decimal) of a point of the frame, longitude in the frame's own range. */
export function projection(view: MapView, size: { width: number; height: number }) {
  const kx = size.width / (view.east - view.west);
  const ky = size.height / (view.north - view.south);
  return (longitude: number, latitude: number): Pixel => [round((longitude - view.west) * kx, 1), round((view.north - latitude) * ky, 1)];
}

/**
 * The markers: the first and latest stops always, the others unless one
 * already drawn is closer than a marker's width (it then stands for them
 * too), and never more than MAX_MARKERS.
 */
function markers(stops: readonly MapStop[], place: (stop: MapStop) => [number, number]): DrawnStop[] {
  const drawn: DrawnStop[] = [];
  const cells = new Map<string, DrawnStop>();
  const cellOf = (x: number, y: number) => `${Math.floor(x / MARKER_SPACING_PX)}:${Math.floor(y / MARKER_SPACING_PX)}`;
  const lastIndex = stops.length - 1;
  const order = [0, lastIndex, ...stops.keys()].filter((i, n, all) => all.indexOf(i) === n);
  for (const i of order) {
    const stop = stops[i]!;
    const [x, y] = place(stop);
    const role = i === lastIndex && i > 0 ? "latest" : i === 0 ? "first" : "stop";
    const near = role === "stop" ? cells.get(cellOf(x, y)) : undefined;
    if (near || (role === "stop" && drawn.length >= MAX_MARKERS)) {
      if (near) near.count += 1;
      continue;
    }
    const marker: DrawnStop = {
      id: stop.id,
      x,
      y,
      number: i + 1,
      role,
      approximate: stop.approximate,
      createdAt: stop.createdAt,
      count: 1,
    };
    drawn.push(marker);
    if (!cells.has(cellOf(x, y))) cells.set(cellOf(x, y), marker);
  }
  // Drawn in time order, the latest on top.
  return drawn.sort((a, b) => a.number - b.number);
}

function round(value: number, places: number): number {
  const k = 10 ** places;
  return Math.round(value * k) / k;
}

/**
 * The line under a journey map: "One stop so far.", or its stops, legs and
 * miles, each noun in the right number. When some pins are only the centre
 * of a typed town (`townCentres` of them), it says the distance is between
 * towns: two spots typed in one town are 0 miles apart only as towns.
 */
export function journeySummary(
  stopCount: number,
  legCount: number,
  miles: number,
  unit: DistanceUnit = "mi",
  townCentres = 0,
  t: Translate = translator("en"),
  language: Language = "en",
): string {
  if (stopCount === 1) return t("One stop so far.");
  const summary = t("{stops, plural, one {# stop} other {# stops}} and {legs, plural, one {# leg} other {# legs}}, {distance} in all.", {
    stops: stopCount,
    legs: legCount,
    distance: formatDistance(miles, unit, { language }),
  });
  if (townCentres === 0) return summary;
  const towns =
    townCentres >= stopCount
      ? t("Every pin is only a town's centre, so the distance is between towns, not the spots.")
      : t(
          "{pins, plural, one {# pin is only a town's centre, so distances to it are between towns, not the spots.} other {# pins are only a town's centre, so distances to them are between towns, not the spots.}}",
          { pins: townCentres },
        );
  // Two sentences, each worded whole.
  return `${summary} ${towns}`;
}
