import { describe, expect, it } from "vitest";
// The English catalogue (journeySummary words its line with `t`).
import "~/web/language.server";
import { centralMeridian, drawJourney, greatCirclePoints, journeySummary, MAX_MARKERS, type MapStop } from "./journey-map";

let nextId = 1;
const stop = (latitude: number, longitude: number, approximate = false): MapStop => ({
  id: nextId++,
  latitude,
  longitude,
  approximate,
  createdAt: new Date(Date.UTC(2026, 0, nextId)).toISOString(),
});

/** The path's pieces: each "M" starts one. */
const pieces = (legs: string) => legs.split("M").filter(Boolean);
const points = (legs: string) => [...legs.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);

describe("drawJourney", () => {
  it("draws nothing for a Jimmy never found with a location", () => {
    expect(drawJourney([])).toBeNull();
  });

  it("draws one stop as the first, with no legs, in a frame that shows its surroundings", () => {
    const drawing = drawJourney([stop(30.2672, -97.7431)])!;
    expect(drawing.legCount).toBe(0);
    expect(drawing.legs).toBe("");
    expect(drawing.stops).toEqual([expect.objectContaining({ role: "first", number: 1, count: 1 })]);
    expect(drawing.view.north - drawing.view.south).toBeGreaterThanOrEqual(0.0999);
    const [only] = drawing.stops;
    expect(only!.x).toBeCloseTo(drawing.width / 2, 0);
    expect(only!.y).toBeCloseTo(drawing.height / 2, 0);
  });

  it("keeps a journey inside one city zoomed to the city, each stop apart", () => {
    // Three parks in Austin, a few kilometres apart.
    const drawing = drawJourney([stop(30.2669, -97.7729), stop(30.3072, -97.7262), stop(30.25, -97.75)])!;
    expect(drawing.view.north - drawing.view.south).toBeLessThan(1);
    expect(drawing.stops.map((s) => s.role)).toEqual(["first", "stop", "latest"]);
    expect(drawing.legCount).toBe(2);
    expect(pieces(drawing.legs)).toHaveLength(1);
    for (const s of drawing.stops) {
      expect(s.x).toBeGreaterThan(0);
      expect(s.x).toBeLessThan(drawing.width);
      expect(s.y).toBeGreaterThan(0);
      expect(s.y).toBeLessThan(drawing.height);
    }
  });

  it("spreads a walk of a few kilometres across the frame, not one dot", () => {
    // Zilker Park, the Texas Capitol and the UT Tower: under 5 km from first to last.
    const drawing = drawJourney([stop(30.2669, -97.7729), stop(30.2747, -97.7404), stop(30.2849, -97.7341)])!;
    expect(drawing.stops).toHaveLength(3);
    const [first, , latest] = drawing.stops;
    expect(Math.hypot(latest!.x - first!.x, latest!.y - first!.y)).toBeGreaterThan(100);
    expect(drawing.view.north - drawing.view.south).toBeLessThan(0.11);
  });

  it("draws a journey across the Pacific in one piece, over the ocean, not back across the world", () => {
    // Tokyo → Honolulu → Los Angeles: both legs cross the antimeridian's side of the globe.
    const drawing = drawJourney([stop(35.6762, 139.6503), stop(21.3069, -157.8583), stop(34.0522, -118.2437)])!;
    expect(pieces(drawing.legs)).toHaveLength(1);
    // The frame runs across the antimeridian (its longitudes pass ±180).
    expect(drawing.view.west < -180 || drawing.view.east > 180).toBe(true);
    const xs = drawing.stops.map((s) => s.x);
    // West to east in the frame: Tokyo, Honolulu, Los Angeles.
    expect(xs[0]).toBeLessThan(xs[1]!);
    expect(xs[1]).toBeLessThan(xs[2]!);
    // The frame spans the Pacific, not the whole world.
    expect(drawing.view.east - drawing.view.west).toBeLessThan(200);
  });

  it("follows the great circle: London to Los Angeles bends north over Greenland", () => {
    const drawing = drawJourney([stop(51.5074, -0.1278), stop(34.0522, -118.2437)])!;
    const highest = Math.min(...points(drawing.legs).map(([, y]) => y));
    const ends = drawing.stops.map((s) => s.y);
    expect(highest).toBeLessThan(Math.min(...ends) - 10);
  });

  it("cuts a journey that goes all the way round the world where it crosses the frame's edge", () => {
    const around = [0, 60, 120, 180, -120, -60, 0].map((lng) => stop(10, lng));
    const drawing = drawJourney(around)!;
    expect(drawing.view.east - drawing.view.west).toBeCloseTo(360, 0);
    expect(pieces(drawing.legs).length).toBeGreaterThanOrEqual(2);
    for (const [x] of points(drawing.legs)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(drawing.width);
    }
    expect(drawing.legCount).toBe(6);
  });

  it("keeps thousands of stops light: nearby stops share a marker, the markers are capped, and the path is pixel-simplified", () => {
    const many: MapStop[] = [];
    // A wander across North America in hops of up to ~50 km, as a much-travelled Jimmy would.
    let [lat, lng] = [40, -100];
    for (let i = 0; i < 3000; i++) {
      lat = Math.min(55, Math.max(25, lat + Math.sin(i * 12.9898) * 0.45));
      lng = Math.min(-70, Math.max(-125, lng + Math.cos(i * 78.233) * 0.45));
      many.push(stop(lat, lng));
    }
    const drawing = drawJourney(many)!;
    expect(drawing.stopCount).toBe(3000);
    expect(drawing.legCount).toBe(2999);
    expect(drawing.stops.length).toBeLessThanOrEqual(MAX_MARKERS + 2);
    expect(drawing.stops[0]!.role).toBe("first");
    expect(drawing.stops.at(-1)!.role).toBe("latest");
    expect(drawing.stops.at(-1)!.number).toBe(3000);
    // A short leg is a straight line: about one "L x y" per stop.
    expect(drawing.legs.length).toBeLessThan(3000 * 16);
  });

  it("draws a leg between two places once, however often the Jimmy travels it", () => {
    const cities: [number, number][] = [
      [30.2672, -97.7431],
      [32.7767, -96.797],
      [29.7604, -95.3698],
    ];
    const shuttle = Array.from({ length: 2000 }, (_, i) => stop(cities[i % 3]![0], cities[i % 3]![1]));
    const drawing = drawJourney(shuttle)!;
    expect(drawing.legCount).toBe(1999);
    // Three towns, three lines between them.
    expect(pieces(drawing.legs).length).toBeLessThanOrEqual(3);
    const once = drawJourney([...cities, cities[0]!].map(([lat, lng]) => stop(lat, lng)))!;
    expect(drawing.legs.length).toBeLessThanOrEqual(once.legs.length + 20);
  });

  it("keeps a stop's own discovery, number and whether its place is approximate", () => {
    const first = stop(48.8566, 2.3522);
    const second = stop(51.5074, -0.1278, true);
    const drawing = drawJourney([first, second])!;
    expect(drawing.stops).toEqual([
      expect.objectContaining({ id: first.id, number: 1, role: "first", approximate: false }),
      expect.objectContaining({ id: second.id, number: 2, role: "latest", approximate: true }),
    ]);
  });
});

describe("greatCirclePoints", () => {
  it("has a point at least every 2 degrees and both ends", () => {
    const path = greatCirclePoints({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 });
    expect(path).toHaveLength(46);
    expect(path[0]).toEqual({ latitude: 0, longitude: 0 });
    expect(path.at(-1)).toEqual({ latitude: 0, longitude: 90 });
  });
});

describe("centralMeridian", () => {
  it("puts the frame's edge in the widest stretch the journey never crosses", () => {
    expect(Math.abs(centralMeridian([170, -170]).center)).toBeCloseTo(180, 5);
    expect(Math.abs(centralMeridian([-10, 10]).center)).toBeCloseTo(0, 5);
  });
});

describe("journeySummary", () => {
  it("says one stop, and otherwise each count with its noun in the right number", () => {
    expect(journeySummary(1, 0, 0)).toBe("One stop so far.");
    expect(journeySummary(2, 1, 1)).toBe("2 stops and 1 leg, 1 mile in all.");
    expect(journeySummary(3, 2, 2.46)).toBe("3 stops and 2 legs, 2.5 miles in all.");
    expect(journeySummary(12, 11, 4321.4)).toBe("12 stops and 11 legs, 4,321 miles in all.");
    expect(journeySummary(3, 2, 2.46, "km")).toBe("3 stops and 2 legs, 4 km in all.");
    expect(journeySummary(12, 11, 4321.4, "km")).toBe("12 stops and 11 legs, 6,955 km in all.");
  });

  it("says the distance is between towns when pins are only a town's centre, never two typed spots 0 miles apart as if one", () => {
    expect(journeySummary(2, 1, 0, "mi", 2)).toBe(
      "2 stops and 1 leg, 0 miles in all. Every pin is only a town's centre, so the distance is between towns, not the spots.",
    );
    expect(journeySummary(3, 2, 80, "mi", 1)).toBe(
      "3 stops and 2 legs, 80 miles in all. 1 pin is only a town's centre, so distances to it are between towns, not the spots.",
    );
    expect(journeySummary(4, 3, 80, "mi", 2)).toContain("2 pins are only a town's centre, so distances to them are between towns");
    expect(journeySummary(1, 0, 0, "mi", 1)).toBe("One stop so far.");
  });
});
