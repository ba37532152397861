import { describe, expect, it } from "vitest";
import { basemapPath, JOURNEY_MAP_SIZE } from "~/lib/journey-map";
import { basemapSvg, parseView } from "./basemap.server";

const paths = (svg: string) => [...svg.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]!);
const coordinates = (d: string) => [...d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe("basemapSvg", () => {
  it("draws Europe's land and borders, inside the frame and its margin, in a few tens of KB", async () => {
    const svg = await basemapSvg({ west: -10.6, south: 40.6, east: 23.9, north: 53.8 }, JOURNEY_MAP_SIZE);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"')).toBe(true);
    const [land, borders] = paths(svg);
    expect(land!.length).toBeGreaterThan(1000);
    expect(borders!.length).toBeGreaterThan(1000);
    for (const [x, y] of coordinates(land!)) {
      expect(x).toBeGreaterThanOrEqual(-64);
      expect(x).toBeLessThanOrEqual(704);
      expect(y).toBeGreaterThanOrEqual(-36);
      expect(y).toBeLessThanOrEqual(396);
    }
    expect(svg.length).toBeLessThan(60_000);
  });

  it("draws only water in the South Pacific between New Zealand and Chile, and the world's far side across the antimeridian", async () => {
    const ocean = await basemapSvg({ west: -130, south: -50, east: -110, north: -40 }, JOURNEY_MAP_SIZE);
    expect(paths(ocean).join("")).not.toMatch(/\d/);
    // A frame from 130°E to 240°E (120°W) has Japan at its left and North America at its right.
    const pacific = await basemapSvg({ west: 130, south: 0, east: 240, north: 60 }, JOURNEY_MAP_SIZE);
    const xs = coordinates(paths(pacific)[0]!).map(([x]) => x!);
    expect(xs.some((x) => x > 0 && x < 80)).toBe(true);
    expect(xs.some((x) => x > 560 && x < 640)).toBe(true);
  });

  it("draws an island the antimeridian cuts (Taveuni, Fiji) with its shore only, no seam where the data is cut", async () => {
    // The frame from 180.3°W to 179.5°W is 640 px across: the antimeridian is at x = 240.
    const svg = await basemapSvg({ west: -180.3, south: -17.2, east: -179.5, north: -16.6 }, JOURNEY_MAP_SIZE);
    const [land, shore] = [paths(svg)[0]!, paths(svg).at(-1)!];
    expect(coordinates(land).some(([x]) => x === 240)).toBe(true);
    for (const line of shore.split("M").filter(Boolean)) {
      const points = coordinates(line);
      const alongTheCut = points.some(([x], i) => i > 0 && x === 240 && points[i - 1]![0] === 240);
      expect(alongTheCut, line).toBe(false);
    }
  });

  it("draws islands that straddle the antimeridian where they are, not as slivers across the frame, and Antarctica round its pole", async () => {
    for (const view of [
      { west: -250, south: -44, east: -68, north: 58 },
      { west: 100, south: -85, east: 300, north: -20 },
      { west: -180, south: -85, east: 180, north: 85 },
    ]) {
      const svg = await basemapSvg(view, JOURNEY_MAP_SIZE);
      for (const d of paths(svg)) {
        for (const piece of d.split("M").filter(Boolean)) {
          const points = coordinates(piece);
          const xs = points.map(([x]) => x!);
          const ys = points.map(([, y]) => y!);
          const sliver = Math.max(...xs) - Math.min(...xs) > 300 && Math.max(...ys) - Math.min(...ys) < 5;
          expect(sliver, `${JSON.stringify(view)}: ${piece.slice(0, 80)}`).toBe(false);
        }
      }
    }
  });

  it("adds US state borders only close enough to see them", async () => {
    const texas = await basemapSvg({ west: -107, south: 25, east: -93, north: 37 }, JOURNEY_MAP_SIZE);
    expect(texas).toContain('stroke-dasharray="2 2"');
    const world = await basemapSvg({ west: -180, south: -80, east: 180, north: 85 }, JOURNEY_MAP_SIZE);
    expect(world).not.toContain("stroke-dasharray");
  });
});

describe("parseView", () => {
  it("reads the address a journey map gives and refuses anything else", () => {
    const view = { west: 130.25, south: -2.5, east: 240.75, north: 59.5 };
    const address = new URL(basemapPath(view, JOURNEY_MAP_SIZE), "http://x");
    expect(parseView(address.searchParams.get("v"))).toEqual(view);
    for (const bad of [null, "", "1,2,3", "a,b,c,d", "0,-91,1,1", "0,10,1,5", "10,0,5,1", "-600,0,0,1", "0,0,400,1", "1".repeat(100)]) {
      expect(parseView(bad), String(bad)).toBeNull();
    }
  });
});
