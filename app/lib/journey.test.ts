import { describe, expect, it } from "vitest";
import { journeyFigures, journeyMilestones, roundMiles, type JourneyStop } from "./journey";

/** One degree of a great circle, in miles: 3958.7613 × π / 180. */
const DEGREE = 69.09341;

const stop = (day: number, place: Partial<JourneyStop> = {}): JourneyStop => ({
  createdAt: new Date(Date.UTC(2025, 0, 1) + day * 86_400_000).toISOString(),
  latitude: null,
  longitude: null,
  city: null,
  region: null,
  country: null,
  ...place,
});
const onEquator = (day: number, longitude: number, place: Partial<JourneyStop> = {}) => stop(day, { latitude: 0, longitude, ...place });

describe("a Jimmy's journey figures", () => {
  it("is nothing for a Jimmy never discovered", () => {
    expect(journeyFigures([])).toBeNull();
  });

  it("measures the path along located discoveries in time order, skipping those without coordinates", () => {
    // 0° → 1° → (no coordinates) → 3° → 2° along the equator: legs of 1°, 2° and 1°, so 4° in all.
    const figures = journeyFigures([onEquator(0, 0), onEquator(2, 1), stop(3), onEquator(5, 3), onEquator(9, 2)])!;
    expect(figures.pathMiles.value).toBe(roundMiles(4 * DEGREE)); // 276.4
    expect(figures.pathMiles.value).toBe(276.4);
    expect(figures.pathMiles.reachedAt).toBe(stop(9).createdAt);
    // Furthest from the first discovery: 3°, reached on day 5 (the later 2° is nearer).
    expect(figures.furthestMiles).toEqual({ value: 207.3, reachedAt: stop(5).createdAt });
    expect(figures.discoveryCount).toEqual({ value: 5, reachedAt: stop(9).createdAt });
    expect(figures.journeyDays).toEqual({ value: 9, reachedAt: stop(9).createdAt });
  });

  it("measures the furthest journey from the first located discovery when the first has none", () => {
    const figures = journeyFigures([stop(0), onEquator(1, 10), onEquator(2, 12), onEquator(3, 11)])!;
    expect(figures.furthestMiles).toEqual({ value: roundMiles(2 * DEGREE), reachedAt: stop(2).createdAt });
    expect(figures.pathMiles.value).toBe(roundMiles(3 * DEGREE));
  });

  it("gives zero miles to a Jimmy without coordinates, or with one located discovery", () => {
    const unlocated = journeyFigures([stop(0), stop(4)])!;
    expect(unlocated.pathMiles).toEqual({ value: 0, reachedAt: stop(0).createdAt });
    expect(unlocated.furthestMiles).toEqual({ value: 0, reachedAt: stop(0).createdAt });
    expect(unlocated.journeyDays.value).toBe(4);
    expect(journeyFigures([onEquator(0, 5), stop(1)])!.pathMiles.value).toBe(0);
  });

  it("dates a distance by the discovery that completed it, not by later ones that added nothing", () => {
    const figures = journeyFigures([onEquator(0, 0), onEquator(1, 1), onEquator(7, 1)])!;
    expect(figures.pathMiles).toEqual({ value: roundMiles(DEGREE), reachedAt: stop(1).createdAt });
  });

  it("counts whole days from the first to the latest discovery, reached when the last whole day was", () => {
    const figures = journeyFigures([stop(0), stop(30.2), stop(30.9)])!;
    expect(figures.journeyDays).toEqual({ value: 30, reachedAt: stop(30.2).createdAt });
  });

  it("lists countries, US states and cities in order of first visit", () => {
    const austin = { city: "Austin", region: "TX", country: "US" };
    const paris = { city: "Paris", region: null, country: "FR" };
    const parisTexas = { city: "Paris", region: "TX", country: "US" };
    const denver = { city: "Denver", region: "CO", country: "US" };
    const figures = journeyFigures([
      stop(0, austin),
      stop(1, paris),
      stop(2, austin),
      stop(3, parisTexas),
      stop(4, { country: "MX" }),
      stop(5, denver),
      stop(6, paris),
    ])!;
    expect(figures.countries).toEqual({ value: ["US", "FR", "MX"], reachedAt: stop(4).createdAt });
    expect(figures.states).toEqual({ value: ["TX", "CO"], reachedAt: stop(5).createdAt });
    expect(figures.cities).toEqual({ value: [austin, paris, parisTexas, denver], reachedAt: stop(5).createdAt });
  });
});

describe("guessed positions in the distance records", () => {
  const AUSTIN = { city: "Austin", region: "TX", country: "US" };
  const measured = (day: number, latitude: number, longitude: number) => stop(day, { latitude, longitude, ...AUSTIN });
  const typed = (day: number, place: Partial<JourneyStop>) => stop(day, { approximate: true, ...place });

  it("do not invent trips across town: a typed stop in the city a Jimmy was measured in moves it 0 miles", () => {
    // Zilker Park (measured), "Austin, TX" typed (the city centre, 1.6 miles away), then the Domain (measured).
    const figures = journeyFigures([
      measured(0, 30.2669, -97.7729),
      typed(1, { latitude: 30.26715, longitude: -97.74306, ...AUSTIN }),
      measured(2, 30.4021, -97.7253),
    ]);
    const zilkerToDomain = journeyFigures([measured(0, 30.2669, -97.7729), measured(2, 30.4021, -97.7253)]);
    expect(figures?.pathMiles.value).toBe(zilkerToDomain?.pathMiles.value);
    expect(figures?.furthestMiles.value).toBe(zilkerToDomain?.furthestMiles.value);
    expect(figures?.pathMiles.value).toBeGreaterThan(9);
    expect(figures?.pathMiles.value).toBeLessThan(10);
  });

  it("count in full between different cities", () => {
    const figures = journeyFigures([
      measured(0, 30.2669, -97.7729),
      typed(1, { latitude: 29.42412, longitude: -98.49363, city: "San Antonio", region: "TX", country: "US" }),
    ]);
    expect(figures?.pathMiles.value).toBeGreaterThan(70);
    expect(figures?.furthestMiles.value).toBe(figures?.pathMiles.value);
  });
});

describe("a Jimmy's milestones", () => {
  const at = (day: number) => `2026-01-${String(day).padStart(2, "0")}T12:00:00.000Z`;
  const stop = (
    id: number,
    hunterId: number,
    latitude: number | null,
    longitude: number | null,
    country: string | null,
    approximate = false,
  ) => ({
    id,
    hunterId,
    createdAt: at(id),
    latitude,
    longitude,
    city: null,
    region: null,
    country,
    approximate,
  });

  it("credits 100 and 1,000 miles to the find whose leg passes them, both to one long leg; a guessed place moves nothing", () => {
    const stops = [
      stop(1, 1, 30.2672, -97.7431, "US"), // Austin
      stop(2, 2, 29.7604, -95.3698, "US"), // Houston, 146 mi
      stop(3, 3, 29.7604, -95.3698, "US", true), // typed "Houston": no move
      stop(4, 4, 51.5074, -0.1278, "GB"), // London, ~4,800 mi: passes 1,000 only
    ];
    expect(journeyMilestones(stops).map((m) => [m.kind, m.value, m.discoveryId, m.hunterId])).toEqual([
      ["miles", "100", 2, 2],
      ["miles", "1000", 4, 4],
      ["country", "GB", 4, 4],
    ]);
  });

  it("passes several distances in one leg, and 10,000 miles on a long way round", () => {
    const stops = [
      stop(1, 1, 30.2672, -97.7431, "US"),
      stop(2, 1, 35.6762, 139.6503, "JP"),
      stop(3, 1, -33.8688, 151.2093, "AU"),
      stop(4, 1, 51.5074, -0.1278, "GB"),
    ];
    const miles = journeyMilestones(stops).filter((m) => m.kind === "miles");
    expect(miles.map((m) => [m.value, m.discoveryId])).toEqual([
      ["100", 2],
      ["1000", 2],
      ["10000", 3],
    ]);
  });

  it("counts different finders (a hunter's second find adds none) and new countries after the first", () => {
    const stops = Array.from({ length: 12 }, (_, i) => stop(i + 1, i < 2 ? 1 : i, null, null, i === 11 ? "CA" : "US"));
    // Hunters 1,1,2,3,...,11: the tenth different finder makes the 11th find.
    expect(journeyMilestones(stops).map((m) => [m.kind, m.value, m.discoveryId])).toEqual([
      ["finders", "10", 11],
      ["country", "CA", 12],
    ]);
    expect(journeyMilestones([])).toEqual([]);
  });
});
