import { describe, expect, it } from "vitest";
import { JOURNEY_MAP_SIZE } from "./journey-map";
import { tileLatitude, tileLongitude, tilesForView, tileUrl, tileX, tileY, tileZoom, viewAround } from "./map-tiles";

const TEMPLATE = "https://tiles.example/{z}/{x}/{y}{r}.png";

describe("tile math", () => {
  it("finds the tile a place is in, as the usual slippy-map numbering does", () => {
    // Central London at zoom 10 is tile 10/511/340 (OpenStreetMap's numbering).
    expect(Math.floor(tileX(-0.1278, 10))).toBe(511);
    expect(Math.floor(tileY(51.5074, 10))).toBe(340);
    expect(tileX(-180, 3)).toBe(0);
    expect(tileY(0, 3)).toBeCloseTo(4, 10);
    // Past Mercator's edge a latitude is held at it, never NaN.
    expect(tileY(90, 2)).toBeCloseTo(0, 3);
    expect(tileY(-90, 2)).toBeCloseTo(4, 3);
  });

  it("turns tile edges back into the degrees they started from", () => {
    expect(tileLongitude(tileX(-97.7404, 12), 12)).toBeCloseTo(-97.7404, 9);
    expect(tileLatitude(tileY(30.2747, 12), 12)).toBeCloseTo(30.2747, 9);
  });

  it("picks the zoom whose tiles are drawn nearest their own size", () => {
    // 640 units over 0.9° of longitude: a zoom-10 tile (0.35°) is 250 units across.
    expect(tileZoom(0.9, 640)).toBe(10);
    expect(tileZoom(0.02, 640)).toBe(15);
    expect(tileZoom(360, 640)).toBe(1);
    expect(tileZoom(1e-6, 640)).toBe(19);
  });

  it("fills the template, leaving the sharp-screen suffix empty", () => {
    expect(tileUrl(TEMPLATE, 12, 948, 1689)).toBe("https://tiles.example/12/948/1689.png");
  });
});

describe("tilesForView", () => {
  it("covers a city's view with tiles that meet edge to edge and reach past every side", () => {
    const view = { west: -98.15, south: 30.07, east: -97.33, north: 30.47 };
    const tiles = tilesForView(view, JOURNEY_MAP_SIZE, TEMPLATE);
    expect(tiles.length).toBeGreaterThanOrEqual(4);
    expect(tiles.length).toBeLessThanOrEqual(15);
    expect(tiles.every((tile) => tile.src.startsWith("https://tiles.example/10/"))).toBe(true);
    expect(tiles).toContainEqual(expect.objectContaining({ src: "https://tiles.example/10/233/421.png" }));
    expect(Math.min(...tiles.map((t) => t.x))).toBeLessThanOrEqual(0);
    expect(Math.min(...tiles.map((t) => t.y))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.x + t.width))).toBeGreaterThanOrEqual(JOURNEY_MAP_SIZE.width - 0.1);
    expect(Math.max(...tiles.map((t) => t.y + t.height))).toBeGreaterThanOrEqual(JOURNEY_MAP_SIZE.height - 0.1);
    // Neighbours share an edge: no gap and no overlap between them.
    const first = tiles[0]!;
    const right = tiles.find((t) => t.y === first.y && t.x > first.x)!;
    expect(right.x).toBeCloseTo(first.x + first.width, 0);
    for (const tile of tiles) {
      expect(tile.width).toBeGreaterThan(181 * 0.99);
      expect(tile.width).toBeLessThan(362);
    }
  });

  it("wraps the columns of a view across the antimeridian", () => {
    const tiles = tilesForView({ west: 179.6, south: -17.1, east: 180.4, north: -16.6 }, JOURNEY_MAP_SIZE, TEMPLATE);
    const columns = new Set(tiles.map((t) => Number(t.src.split("/")[4])));
    expect(columns).toContain(0);
    expect(columns).toContain(1023);
    expect([...columns].every((x) => x >= 0 && x < 1024)).toBe(true);
  });

  it("gives a view of a country or the world no tiles: the drawn basemap is its map", () => {
    expect(tilesForView({ west: -106, south: 25, east: -93, north: 36.5 }, JOURNEY_MAP_SIZE, TEMPLATE)).toEqual([]);
    expect(tilesForView({ west: -180, south: -90, east: 180, north: 90 }, JOURNEY_MAP_SIZE, TEMPLATE)).toEqual([]);
  });
});

describe("viewAround", () => {
  it("centres a view of the drawing's shape on the place, wider in degrees away from the equator", () => {
    const view = viewAround(30.2747, -97.7404, 0.02, JOURNEY_MAP_SIZE);
    expect((view.north + view.south) / 2).toBeCloseTo(30.2747, 4);
    expect((view.west + view.east) / 2).toBeCloseTo(-97.7404, 4);
    expect(view.north - view.south).toBeCloseTo(0.02, 4);
    // 16:9, and a degree of longitude at 30° is 0.866 of a degree of latitude.
    expect(view.east - view.west).toBeCloseTo((0.02 * 640) / 360 / Math.cos((30.2747 * Math.PI) / 180), 4);
    // Close up, tiles of zoom 14 cover it.
    expect(tilesForView(view, JOURNEY_MAP_SIZE, TEMPLATE).every((t) => t.src.includes("/14/"))).toBe(true);
  });
});
