import fs from "node:fs/promises";
import { createRequire } from "node:module";
import { projection, simplify, type MapView, type Pixel } from "~/lib/journey-map";

/**
 * The offline basemap under the journey maps and /map's offline map: land, country borders and,
 * close enough, US state borders, drawn as SVG for one view from data that
 * ships in npm packages (Natural Earth via world-atlas, the US Census via
 * us-atlas). Nothing is fetched from a tile server, so the map draws with
 * JavaScript off, offline from a saved copy, and behind any firewall.
 *
 * Each drawing keeps only what shows at its scale: the coarse data for wide
 * views and the finer one close up, points that bend a line by less than half
 * a pixel dropped, and what lies outside the frame pressed onto a margin
 * around it (invisible there), so its size depends on the frame, not on the
 * world's detail.
 */

type Ring = [number, number][];
type Geography = { land: Ring[]; borders: Ring[] };
type Layers = { coarse: Geography; fine: Geography; states: Ring[] };

/** Views at least this many degrees tall use the coarse (1:110m) data; closer ones the 1:50m. */
const COARSE_ABOVE_DEGREES = 25;
/** State borders are drawn for views up to this many degrees tall. */
const STATES_BELOW_DEGREES = 40;
const MARGIN = 0.1;

let layers: Promise<Layers> | null = null;

function loadLayers(): Promise<Layers> {
  layers ??= (async () => {
    const { feature, mesh } = await import("topojson-client");
    const requireHere = createRequire(import.meta.url);
    const read = async (file: string) => JSON.parse(await fs.readFile(requireHere.resolve(file), "utf8")) as Topology;
    const geography = async (scale: "110m" | "50m"): Promise<Geography> => {
      const [land, countries] = await Promise.all([read(`world-atlas/land-${scale}.json`), read(`world-atlas/countries-${scale}.json`)]);
      return {
        land: feature(land, land.objects.land).features.flatMap((f) => rings(f.geometry)),
        borders: rings(mesh(countries, countries.objects.countries, (a: unknown, b: unknown) => a !== b)),
      };
    };
    const [coarse, fine, states] = await Promise.all([
      geography("110m"),
      geography("50m"),
      read("us-atlas/states-10m.json").then((t) => rings(mesh(t, t.objects.states, (a: unknown, b: unknown) => a !== b))),
    ]);
    return { coarse, fine, states };
  })();
  return layers;
}

type Topology = { objects: Record<string, unknown> };

/** The rings or lines of a GeoJSON geometry, each made continuous across the antimeridian. */
function rings(geometry: unknown): Ring[] {
  const g = geometry as { type: string; coordinates: unknown };
  switch (g.type) {
    case "Polygon":
    case "MultiLineString":
      return (g.coordinates as Ring[]).map(unwrap);
    case "MultiPolygon":
      return (g.coordinates as Ring[][]).flat().map(unwrap);
    case "LineString":
      return [unwrap(g.coordinates as Ring)];
    default:
      return [];
  }
}

/**
 * A ring whose edge jumps from one side of the antimeridian to the other (Fiji,
 * Chukotka) is given continuous longitudes past ±180, so it is drawn where it
 * is and not as a sliver across the world. A ring that goes all the way round
 * (Antarctica) is closed through the pole it encircles.
 */
function unwrap(ring: Ring): Ring {
  const out: Ring = [];
  let offset = 0;
  for (let i = 0; i < ring.length; i++) {
    const [lng, lat] = ring[i]!;
    if (i > 0) {
      const delta = lng + offset - out[i - 1]![0];
      if (delta > 180) offset -= 360;
      else if (delta < -180) offset += 360;
    }
    out.push([lng + offset, lat]);
  }
  if (out.length > 2 && Math.abs(out[out.length - 1]![0] - out[0]![0]) > 180) {
    const pole = out.reduce((sum, [, lat]) => sum + lat, 0) < 0 ? -90 : 90;
    out.push([out[out.length - 1]![0], pole], [out[0]![0], pole]);
  }
  return out;
}

export type BasemapSize = { width: number; height: number };

/** The basemap of a view as an SVG document. */
export async function basemapSvg(view: MapView, size: BasemapSize): Promise<string> {
  const { coarse, fine, states } = await loadLayers();
  const tall = view.north - view.south;
  const geography = tall >= COARSE_ABOVE_DEGREES ? coarse : fine;
  const land = drawn(geography.land, view, size, true);
  const coasts = drawn(geography.land.flatMap(coastlines), view, size, false);
  const borders = drawn(geography.borders, view, size, false);
  const stateLines = tall < STATES_BELOW_DEGREES ? drawn(states, view, size, false) : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size.width} ${size.height}" width="${size.width}" height="${size.height}">`,
    `<rect width="100%" height="100%" fill="#dbeafe"/>`,
    land ? `<path d="${land}" fill="#f5f5f4"/>` : "",
    borders ? `<path d="${borders}" fill="none" stroke="#a8a29e" stroke-width="0.6" stroke-linejoin="round"/>` : "",
    stateLines ? `<path d="${stateLines}" fill="none" stroke="#d6d3d1" stroke-width="0.5" stroke-dasharray="2 2"/>` : "",
    coasts ? `<path d="${coasts}" fill="none" stroke="#a8a29e" stroke-width="0.6" stroke-linejoin="round"/>` : "",
    `</svg>`,
  ].join("");
}

/** Whether a point lies on the antimeridian (in any copy of the world) or at a pole: an edge the data cut, not a shore. */
const onCut = ([lng, lat]: [number, number]) => Math.abs(lat) === 90 || Math.abs((((lng + 180) % 360) + 360) % 360) < 1e-9;

/**
 * A land ring's shore: the ring as lines, less the edges along the
 * antimeridian (where Natural Earth cuts Fiji, Chukotka and Antarctica in
 * two) and through a pole (where unwrap closes Antarctica), so an island cut
 * by the date line shows no seam.
 */
function coastlines(ring: Ring): Ring[] {
  const lines: Ring[] = [];
  let line: Ring = [];
  const closed = [...ring, ring[0]!];
  for (let i = 0; i < closed.length; i++) {
    const point = closed[i]!;
    if (i > 0 && onCut(point) && onCut(closed[i - 1]!)) {
      if (line.length > 1) lines.push(line);
      line = [];
    }
    line.push(point);
  }
  if (line.length > 1) lines.push(line);
  return lines;
}

/**
 * One layer's rings (land) or lines (borders) as an SVG path for the view,
 * clipped to the frame and its margin: drawn once for each copy of the world
 * the view reaches (a view across the antimeridian reaches two).
 */
function drawn(layer: readonly Ring[], view: MapView, size: BasemapSize, closed: boolean): string {
  const project = projection(view, size);
  const box: Box = [-size.width * MARGIN, -size.height * MARGIN, size.width * (1 + MARGIN), size.height * (1 + MARGIN)];
  const parts: string[] = [];
  for (const shift of [-360, 0, 360]) {
    if (view.east - shift < -180 || view.west - shift > 180) continue;
    for (const ring of layer) {
      if (!reaches(ring, view, shift)) continue;
      const pixels = ring.map(([lng, lat]) => project(lng + shift, lat));
      const pieces = closed ? [clipPolygon(pixels, box)] : clipLine(pixels, box);
      for (const piece of pieces) {
        const kept = simplify(
          piece.map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10] as Pixel),
          0.5,
        ).filter((p, i, all) => i === 0 || p[0] !== all[i - 1]![0] || p[1] !== all[i - 1]![1]);
        if (kept.length < (closed ? 3 : 2)) continue;
        parts.push(`M${kept.map(([x, y]) => `${x} ${y}`).join("L")}${closed ? "Z" : ""}`);
      }
    }
  }
  return parts.join("");
}

/** left, top, right, bottom */
type Box = [number, number, number, number];

/** Sutherland–Hodgman: the part of a polygon inside the box (its edges along the box where it was cut). */
export function clipPolygon(ring: readonly Pixel[], [left, top, right, bottom]: Box): Pixel[] {
  const edges: [(p: Pixel) => boolean, (a: Pixel, b: Pixel) => Pixel][] = [
    [(p) => p[0] >= left, (a, b) => crossX(a, b, left)],
    [(p) => p[0] <= right, (a, b) => crossX(a, b, right)],
    [(p) => p[1] >= top, (a, b) => crossY(a, b, top)],
    [(p) => p[1] <= bottom, (a, b) => crossY(a, b, bottom)],
  ];
  let output: Pixel[] = [...ring];
  for (const [inside, cross] of edges) {
    const input = output;
    output = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) output.push(cross(previous, current));
        output.push(current);
      } else if (inside(previous)) {
        output.push(cross(previous, current));
      }
    }
    if (output.length === 0) break;
  }
  return output;
}

/** The parts of a line inside the box, each a line of its own (Liang–Barsky on each segment). */
export function clipLine(line: readonly Pixel[], [left, top, right, bottom]: Box): Pixel[][] {
  const pieces: Pixel[][] = [];
  let current: Pixel[] = [];
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1]!;
    const [bx, by] = line[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    let t0 = 0;
    let t1 = 1;
    let visible = true;
    for (const [p, q] of [
      [-dx, ax - left],
      [dx, right - ax],
      [-dy, ay - top],
      [dy, bottom - ay],
    ] as const) {
      if (p === 0) {
        if (q < 0) visible = false;
      } else {
        const t = q / p;
        if (p < 0) t0 = Math.max(t0, t);
        else t1 = Math.min(t1, t);
      }
    }
    if (!visible || t0 > t1) {
      if (current.length > 1) pieces.push(current);
      current = [];
      continue;
    }
    const start: Pixel = [ax + t0 * dx, ay + t0 * dy];
    const end: Pixel = [ax + t1 * dx, ay + t1 * dy];
    if (current.length === 0 || t0 > 0) {
      if (current.length > 1) pieces.push(current);
      current = [start];
    }
    current.push(end);
    if (t1 < 1) {
      pieces.push(current);
      current = [];
    }
  }
  if (current.length > 1) pieces.push(current);
  return pieces;
}

const crossX = ([ax, ay]: Pixel, [bx, by]: Pixel, x: number): Pixel => [x, ay + ((by - ay) * (x - ax)) / (bx - ax)];
const crossY = ([ax, ay]: Pixel, [bx, by]: Pixel, y: number): Pixel => [ax + ((bx - ax) * (y - ay)) / (by - ay), y];

/** Whether a ring's bounding box meets the view (with its margin). */
function reaches(ring: Ring, view: MapView, shift: number): boolean {
  const padLng = (view.east - view.west) * MARGIN;
  const padLat = (view.north - view.south) * MARGIN;
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const [lng, lat] of ring) {
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return (
    east + shift >= view.west - padLng && west + shift <= view.east + padLng && north >= view.south - padLat && south <= view.north + padLat
  );
}

/** Reads a view from the basemap's address (`?v=west,south,east,north`), or null when it is not one a map asks for. */
export function parseView(value: string | null): MapView | null {
  if (!value || value.length > 80) return null;
  const numbers = value.split(",").map(Number);
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return null;
  const [west, south, east, north] = numbers as [number, number, number, number];
  if (south < -90 || north > 90 || south >= north) return null;
  if (west < -540 || east > 540 || west >= east || east - west > 360.001) return null;
  return { west, south, east, north };
}
