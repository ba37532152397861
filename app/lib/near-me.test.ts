import { describe, expect, it } from "vitest";
import { bearingDegrees, compassPoint, distanceKm, formatDistance, formatHeading, nearMeHref, parseNearMe, searchBox } from "./near-me";

const params = (query: string) => new URLSearchParams(query);
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const DALLAS = { latitude: 32.7767, longitude: -96.797 };

/** The point `km` away from `from` along `bearing` (degrees), on the sphere distanceKm measures. */
function destination(from: { latitude: number; longitude: number }, bearing: number, km: number) {
  const rad = Math.PI / 180;
  const δ = km / 6371.0088;
  const θ = bearing * rad;
  const φ1 = from.latitude * rad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 = from.longitude * rad + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: φ2 / rad, longitude: λ2 / rad };
}

describe("the near-me page's address", () => {
  it("takes the browser's position rounded to about a kilometre, or a typed place, or asks", () => {
    expect(parseNearMe(params("at=30.26719,-97.74306"))).toEqual({ kind: "point", point: { latitude: 30.27, longitude: -97.74 } });
    expect(parseNearMe(params("at=-0.001,0.002"))).toEqual({ kind: "point", point: { latitude: 0, longitude: 0 } });
    expect(parseNearMe(params("place=%20Austin,%20TX%20"))).toEqual({ kind: "place", text: "Austin, TX" });
    expect(parseNearMe(params("at=30.27,-97.74&place=Paris"))).toMatchObject({ kind: "point" });
    expect(parseNearMe(params(""))).toEqual({ kind: "none" });
    expect(nearMeHref({ latitude: 51.50735, longitude: -0.12776 })).toBe("/near-me?at=51.51,-0.13");
  });

  it("says what is wrong with a position off the Earth, an empty place or an essay, and keeps what was typed", () => {
    for (const at of ["91,0", "0,181", "abc", "30.2;-97.7", "1e3,5", ","]) {
      expect(parseNearMe(params(`at=${encodeURIComponent(at)}&place=Austin`))).toMatchObject({ kind: "invalid", text: "Austin" });
    }
    expect(parseNearMe(params("place=%20%20"))).toMatchObject({ kind: "invalid", message: expect.stringContaining("Type a place") });
    const long = parseNearMe(params(`place=${"a".repeat(300)}`));
    expect(long).toMatchObject({ kind: "invalid", message: "A place is at most 200 characters." });
    expect(long.kind === "invalid" && long.text).toHaveLength(200);
  });
});

describe("how far and which way", () => {
  it("gives the distance in both units and the nearest of eight compass points", () => {
    expect(distanceKm(AUSTIN, DALLAS)).toBeCloseTo(293, 0);
    expect(compassPoint(bearingDegrees(AUSTIN, DALLAS))).toBe("north");
    expect(compassPoint(bearingDegrees(DALLAS, AUSTIN))).toBe("south");
    expect(compassPoint(bearingDegrees({ latitude: 48.8566, longitude: 2.3522 }, { latitude: 52.52, longitude: 13.405 }))).toBe(
      "northeast",
    );
    // Across the antimeridian: Fiji is west-southwest of Samoa, not round the world to the east.
    expect(compassPoint(bearingDegrees({ latitude: -13.83, longitude: -171.76 }, { latitude: -18.14, longitude: 178.44 }))).toBe(
      "southwest",
    );
    expect([0, 22, 23, 67, 90, 180, 270, 337, 338, 359, -45].map(compassPoint)).toEqual([
      "north",
      "north",
      "northeast",
      "northeast",
      "east",
      "south",
      "west",
      "northwest",
      "north",
      "north",
      "northwest",
    ]);
    expect(formatDistance(0.8)).toBe("0.5 mi (0.8 km)");
    expect(formatDistance(1996)).toBe("1,240 mi (1,996 km)");
    expect(formatHeading(292, 13)).toBe("181 mi (292 km) north");
    expect(formatHeading(0.05, 200)).toBe("Right here (within 100 m)");
  });
});

describe("the box searched around a point", () => {
  it("covers the bands of latitude it spans and a width that holds its circle", () => {
    const box = searchBox(AUSTIN, 0.25);
    expect(box.bands).toEqual([300, 301, 302, 303, 304, 305]);
    expect(box.longitudes).toHaveLength(1);
    const [west, east] = box.longitudes![0]!;
    expect(box.radiusKm).toBeCloseTo(27.8, 1);
    // Every point at the circle's distance, in every direction, is inside.
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const p = destination(AUSTIN, bearing, box.radiusKm * 0.999);
      expect(Math.floor(p.latitude * 10)).toBeGreaterThanOrEqual(box.bands[0]!);
      expect(Math.floor(p.latitude * 10)).toBeLessThanOrEqual(box.bands.at(-1)!);
      expect(p.longitude).toBeGreaterThanOrEqual(west);
      expect(p.longitude).toBeLessThanOrEqual(east);
    }
  });

  it("splits at the antimeridian, goes round the world near a pole, and covers the Earth when large", () => {
    expect(searchBox({ latitude: -17.7, longitude: 179.9 }, 1).longitudes).toEqual([
      [expect.closeTo(178.85, 1), 180],
      [-180, expect.closeTo(-179.05, 1)],
    ]);
    expect(searchBox({ latitude: 89.5, longitude: 10 }, 1).longitudes).toBeNull();
    expect(searchBox({ latitude: 0, longitude: 0 }, 180)).toMatchObject({ longitudes: null, radiusKm: Infinity });
    expect(searchBox({ latitude: -90, longitude: 0 }, 0.05).bands).toEqual([-900]);
    expect(searchBox({ latitude: 90, longitude: 0 }, 0.15).bands).toEqual([898, 899, 900]);
  });
});
