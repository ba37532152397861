import { describe, expect, it } from "vitest";
// The English catalogue, as the server registers it: the messages are worded by `t`.
import "~/web/language.server";
import {
  bearingDegrees,
  compassPoint,
  distanceKm,
  formatDistance,
  formatHeading,
  circleStrips,
  nearMeHref,
  parseNearMe,
  type Strip,
} from "./near-me";

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

/** Whether `point` lies in one of the strips. */
const covered = (strips: Strip[] | null, point: { latitude: number; longitude: number }) =>
  strips === null ||
  strips.some(
    (strip) =>
      strip.band === Math.floor(point.latitude * 10) &&
      (strip.longitudes === null || strip.longitudes.some(([west, east]) => point.longitude >= west && point.longitude <= east)),
  );

describe("the strips read for a circle around a point", () => {
  it("hold every point of the circle, wherever it is: a town, the antimeridian, near a pole, half the world", () => {
    const cases = [
      [AUSTIN, 25],
      [AUSTIN, 0.1],
      [{ latitude: -17.7, longitude: 179.9 }, 300],
      [{ latitude: 89.5, longitude: 10 }, 150],
      [{ latitude: -89.99, longitude: 10 }, 5],
      [{ latitude: -60, longitude: -150 }, 2500],
      [{ latitude: 0, longitude: -150 }, 7000],
      [{ latitude: 45, longitude: 0 }, 12000],
    ] as const;
    for (const [center, radiusKm] of cases) {
      const strips = circleStrips(center, radiusKm);
      // One strip per band of latitude the circle spans, each band once.
      expect(new Set(strips!.map((strip) => strip.band)).size).toBe(strips!.length);
      for (let bearing = 0; bearing < 360; bearing += 3) {
        for (const share of [0.3, 0.7, 0.999]) {
          const p = destination(center, bearing, radiusKm * share);
          const point = { latitude: p.latitude, longitude: ((((p.longitude + 180) % 360) + 360) % 360) - 180 };
          expect(covered(strips, point), `${JSON.stringify(center)} ${radiusKm} km, ${bearing}°`).toBe(true);
        }
      }
    }
  });

  it("follow the circle's outline, not a box around it, so a crowd just off its edge is not read", () => {
    const strips = circleStrips(AUSTIN, 100);
    expect(covered(strips, destination(AUSTIN, 90, 95))).toBe(true);
    // North-east at 120 km: inside the box around the circle, outside the circle and its strips.
    expect(covered(strips, destination(AUSTIN, 45, 120))).toBe(false);
    const acrossTheAntimeridian = circleStrips({ latitude: -17.7, longitude: 179.9 }, 100)!;
    expect(acrossTheAntimeridian.some((strip) => strip.longitudes?.length === 2)).toBe(true);
    expect(circleStrips({ latitude: 0, longitude: 0 }, 30_000)).toBeNull();
  });
});
