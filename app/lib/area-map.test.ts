import { describe, expect, it } from "vitest";
// The English catalogue, as the server registers it: the messages are worded by `t`.
import "~/web/language.server";
import { basemapSvg } from "~/services/basemap.server";
import { AREA_MAP_SIZE, framedView, mapMarkers, markerWidth, nearLongitude, offlineMap, placeMarkers } from "./area-map";
import { mapSearch } from "./clustering";
import type { MapArea, MapJimmy } from "./hunt-map";
import { projection, type MapView } from "./journey-map";

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const GULF_OF_MEXICO = { latitude: 25.5, longitude: -90.5 };
/** Taveuni, Fiji: the island the antimeridian crosses; a point on each side of the line. */
const TAVEUNI_WEST = { latitude: -16.85, longitude: 179.97 };
const TAVEUNI_EAST = { latitude: -16.8, longitude: -179.88 };

/** The drawing's land as polygons in its own pixels (the basemap's first path). */
async function landOf(view: MapView): Promise<[number, number][][]> {
  const svg = await basemapSvg(view, AREA_MAP_SIZE);
  const land = /<path d="([^"]*)" fill="#f5f5f4"/.exec(svg)?.[1] ?? "";
  return land
    .split("M")
    .filter(Boolean)
    .map((ring) => [...ring.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]));
}

/** Even-odd: whether a point of the drawing is on its land. */
function onLand(land: [number, number][][], [x, y]: [number, number]): boolean {
  let inside = false;
  for (const ring of land) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** A marker's centre in the drawing's pixels. */
const pixel = (marker: { left: number; top: number }): [number, number] => [
  (marker.left / 100) * AREA_MAP_SIZE.width,
  (marker.top / 100) * AREA_MAP_SIZE.height,
];

describe("framedView", () => {
  it("pads a box and widens it to the drawing's shape around the same middle, longitudes shortened by the cosine of the latitude", () => {
    const view = framedView({ west: -98, south: 30, east: -97, north: 31 });
    expect((view.west + view.east) / 2).toBeCloseTo(-97.5, 4);
    expect((view.south + view.north) / 2).toBeCloseTo(30.5, 4);
    expect(view.north - view.south).toBeCloseTo(1.16, 4);
    // 16:9 on the drawing, where a degree of longitude at 30.5° N is cos(30.5°) of a degree of latitude.
    const shape = ((view.east - view.west) * Math.cos((30.5 * Math.PI) / 180)) / (view.north - view.south);
    expect(shape).toBeCloseTo(640 / 360, 3);
  });

  it("draws a wide box taller, never past the poles, and the whole world at most once across", () => {
    const hunt = framedView({ west: -122.5, south: -33.9, east: 151.3, north: 52.6 });
    expect(hunt.east - hunt.west).toBeCloseTo(273.8 * 1.16, 1);
    expect(hunt.south).toBeGreaterThanOrEqual(-90);
    expect(hunt.north).toBeLessThanOrEqual(90);
    expect(framedView({ west: -180, south: -85, east: 180, north: 85 })).toEqual({ west: -180, south: -90, east: 180, north: 90 });
    const nearThePole = framedView({ west: 10, south: 88, east: 11, north: 89.9 });
    expect(nearThePole.north).toBe(90);
    expect(nearThePole.north - nearThePole.south).toBeCloseTo(1.9 * 1.16, 4);
  });
});

describe("placeMarkers", () => {
  it("puts a lone marker where the journey map's projection puts its place, and leaves out places outside the view", () => {
    const view = framedView({ west: -100, south: 28, east: -95, north: 33 });
    const [x, y] = projection(view, AREA_MAP_SIZE)(AUSTIN.longitude, AUSTIN.latitude);
    const placed = placeMarkers([AUSTIN, { latitude: 51.5, longitude: -0.13 }], view, () => 13);
    expect(placed).toHaveLength(1);
    expect(pixel(placed[0]!)[0]).toBeCloseTo(x, 0);
    expect(pixel(placed[0]!)[1]).toBeCloseTo(y, 0);
    expect(placed[0]!.leader).toBeNull();
  });

  it("sets Austin's marker on Texas and a marker in the Gulf on the water of the same drawing", async () => {
    const view = framedView({ west: -100, south: 24, east: -88, north: 32 });
    const land = await landOf(view);
    const [austin, gulf] = placeMarkers([AUSTIN, GULF_OF_MEXICO], view, () => 10);
    expect(onLand(land, pixel(austin!))).toBe(true);
    expect(onLand(land, pixel(gulf!))).toBe(false);
  });

  it("draws a place across the antimeridian beside the view, on the land the basemap draws there", async () => {
    // A view east of the line reaches over it: a place at 179.97° E is drawn at its left, not a world away.
    const view = framedView({ west: -180, south: -17.2, east: -179.6, north: -16.6 });
    expect(view.west).toBeLessThan(-180);
    const land = await landOf(view);
    const placed = placeMarkers([TAVEUNI_WEST, TAVEUNI_EAST], view, () => 6);
    expect(placed).toHaveLength(2);
    const [west, east] = placed.map(pixel);
    expect(west![0]).toBeLessThan(east![0]);
    expect(onLand(land, west!)).toBe(true);
    expect(onLand(land, east!)).toBe(true);
    expect(nearLongitude(179.97, -179.8)).toBeCloseTo(-180.03, 6);
    expect(nearLongitude(-179.88, 179.9)).toBeCloseTo(180.12, 6);
  });

  it("pushes overlapping markers apart, the earlier one less, keeps them inside the frame, and ties a moved one back to its place", () => {
    const view = framedView({ west: -98, south: 30, east: -97, north: 31 });
    // Two at the same place, and one at the corner of the frame.
    const same = [AUSTIN, { ...AUSTIN }, { latitude: 31.05, longitude: -96.35 }];
    const placed = placeMarkers(same, view, () => 20).map((marker) => ({ ...marker, at: pixel(marker) }));
    const [first, second, corner] = placed;
    expect(Math.hypot(first!.at[0] - second!.at[0], first!.at[1] - second!.at[1])).toBeGreaterThanOrEqual(40);
    const [x, y] = projection(view, AREA_MAP_SIZE)(AUSTIN.longitude, AUSTIN.latitude);
    const moved = (marker: { at: [number, number] }) => Math.hypot(marker.at[0] - x, marker.at[1] - y);
    expect(moved(first!)).toBeLessThan(moved(second!));
    expect(second!.leader).toEqual({ left: expect.closeTo((x / 640) * 100, 1), top: expect.closeTo((y / 360) * 100, 1) });
    for (const marker of placed) {
      expect(marker.at[0]).toBeGreaterThanOrEqual(20);
      expect(marker.at[0]).toBeLessThanOrEqual(620);
      expect(marker.at[1]).toBeGreaterThanOrEqual(20);
      expect(marker.at[1]).toBeLessThanOrEqual(340);
    }
    expect(corner!.leader).not.toBeNull();
  });

  it("keeps markers' squares apart, diagonal neighbours too, on the narrowest phone drawing (a tap-target check measures squares)", () => {
    // Ten areas in and around Austin seen on a view of the whole country: their places are a few pixels apart.
    const areas: MapArea[] = Array.from({ length: 10 }, (_, index) => ({
      key: index + 1,
      areaName: `Area ${index + 1}`,
      size: 10 - index,
      latitude: 30.2 + (index % 3) * 0.07,
      longitude: -97.8 + Math.floor(index / 3) * 0.07,
    }));
    areas.push({ key: 99, areaName: "Seattle", size: 1, latitude: 47.6, longitude: -122.3 });
    const state = { zoom: "city" as const, cluster: null, jimmy: null };
    const map = offlineMap(areas, null, state, { west: -122.3, south: 30.2, east: -97.6, north: 47.6 }, "");
    expect(map.markers).toHaveLength(10);
    // On a 288 px drawing every marker is at least 24 px square.
    const px = 288 / 100;
    const boxes = map.markers.map((marker) => ({ x: marker.left * px, y: (marker.top * px * 9) / 16, half: 12 }));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const clear = Math.abs(a.x - b.x) >= a.half + b.half || Math.abs(a.y - b.y) >= a.half + b.half;
        expect(clear, `markers at ${a.x.toFixed(1)},${a.y.toFixed(1)} and ${b.x.toFixed(1)},${b.y.toFixed(1)}`).toBe(true);
      }
    }
  });

  it("keeps a Jimmy's pill-shaped marker, stretched by a long number, clear of its neighbours across its whole width", () => {
    const view = framedView({ west: -97.76, south: 30.26, east: -97.72, north: 30.28 });
    // Two Jimmys a few metres apart east to west: their pills would lie side by side.
    const same = [AUSTIN, { ...AUSTIN, longitude: AUSTIN.longitude + 0.0001 }];
    // "12345" is 47 CSS pixels wide: about 104 units of the drawing on a 288 px phone.
    const halfWidth = () => 52;
    const [a, b] = placeMarkers(same, view, () => 14, AREA_MAP_SIZE, halfWidth).map(pixel);
    const clear = Math.abs(a![0] - b![0]) >= 104 || Math.abs(a![1] - b![1]) >= 2 * ((12 * 640) / 288);
    expect(clear).toBe(true);
  });
});

describe("mapMarkers", () => {
  const area = (key: number, areaName: string, size: number, longitude: number): MapArea => ({
    key,
    areaName,
    size,
    latitude: 30,
    longitude,
  });
  const jimmy = (serialNumber: number): MapJimmy => ({
    serialNumber,
    name: `Jimmy #${serialNumber}`,
    location: "Austin, TX",
    latitude: 30.27,
    longitude: -97.74,
    status: "discovered",
    discoveryCount: 1,
    lastDiscoveryDate: null,
    locatedAt: null,
    locationApproximate: false,
    positionRadiusM: null,
  });

  it("marks the first areas of the list with their place in it, as links to them, bigger for bigger areas", () => {
    const areas = [area(4, "Austin", 9, -97.7), area(11, "Houston", 1, -95.4), area(12, "Dallas", 1, -96.8)];
    const markers = mapMarkers(areas, null, { zoom: "neighborhood", cluster: null, jimmy: null }, 2, mapSearch);
    expect(markers.map(({ label, text, href, kind }) => ({ label, text, href, kind }))).toEqual([
      { label: "1. Austin: 9 Jimmys", text: "1", href: "?zoom=neighborhood&cluster=4", kind: "area" },
      { label: "2. Houston: 1 Jimmy", text: "2", href: "?zoom=neighborhood&cluster=11", kind: "area" },
    ]);
    expect(markers[0]!.diameter).toBe(40);
    expect(markers[1]!.diameter).toBeLessThan(40);
  });

  it("shows the selected area as its Jimmys, the chosen one marked current", () => {
    const areas = [area(4, "Austin", 2, -97.7), area(11, "Houston", 1, -95.4)];
    const selected = { ...areas[0]!, members: [jimmy(4), jimmy(1234)] };
    const markers = mapMarkers(areas, selected, { zoom: "street", cluster: 4, jimmy: 1234 }, 10, mapSearch);
    expect(markers.map(({ label, href, current }) => ({ label, href, current }))).toEqual([
      { label: "2. Houston: 1 Jimmy", href: "?zoom=street&cluster=11", current: false },
      { label: "Jimmy #4", href: "?zoom=street&cluster=4&jimmy=4", current: false },
      { label: "Jimmy #1234", href: "?zoom=street&cluster=4&jimmy=1234", current: true },
    ]);
    // A long number makes a pill, not a bigger circle.
    expect(markers[2]!.diameter).toBe(markers[1]!.diameter);
    expect(markerWidth(markers[2]!)).toBeGreaterThan(markerWidth(markers[1]!));
  });
});

describe("offlineMap", () => {
  it("gives the basemap's address for the padded, framed view and the ten largest areas' markers, sized to scale with the drawing", () => {
    const areas = Array.from({ length: 12 }, (_, i): MapArea => ({
      key: i + 1,
      areaName: `Town ${i + 1}`,
      size: 12 - i,
      latitude: 30 + i * 0.5,
      longitude: -100 + i,
    }));
    const map = offlineMap(
      areas,
      null,
      { zoom: "city", cluster: null, jimmy: null },
      { west: -101, south: 29, east: -88, north: 36 },
      "https://tiles.example/{z}/{x}/{y}.png",
    );
    // A view of several states is drawn without tiles: at that scale the basemap is the map.
    expect(map.tiles).toEqual([]);
    const view = framedView({ west: -101, south: 29, east: -88, north: 36 });
    expect(map.basemap).toBe(`/basemap.svg?v=${view.west},${view.south},${view.east},${view.north}&s=640x360`);
    expect(map.markers).toHaveLength(10);
    expect(map.markers[0]).toMatchObject({ label: "1. Town 1: 12 Jimmys", href: "?zoom=city&cluster=1", colour: "bg-orange-700" });
    expect(map.markers[0]!.size).toEqual({ minWidth: "max(24px, 6.25%)", height: "max(24px, 11.11%)" });
  });
});
