import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_MILES, greatCircleMiles } from "./distance";

describe("great-circle distance", () => {
  it("is R·θ: one degree of the equator is 3958.7613 × π/180 = 69.0934 miles", () => {
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(69.0934, 3);
    // One degree of a meridian is the same on a sphere.
    expect(greatCircleMiles({ latitude: 10, longitude: 50 }, { latitude: 11, longitude: 50 })).toBeCloseTo(69.0934, 3);
  });

  it("is a quarter of the circumference from the equator to the pole, and half of it to the antipode", () => {
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(6218.406, 2);
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_MILES, 6);
    expect(greatCircleMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(12436.812, 2);
  });

  it("is zero for the same point and the same both ways", () => {
    const austin = { latitude: 30.2672, longitude: -97.7431 };
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    expect(greatCircleMiles(austin, austin)).toBe(0);
    expect(greatCircleMiles(austin, paris)).toBeCloseTo(greatCircleMiles(paris, austin), 9);
    // 60° of longitude along the 60th parallel: cos θ = sin²60° + cos²60°·cos 60° = 0.875, θ = 28.955°.
    expect(greatCircleMiles({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 60 })).toBeCloseTo(
      Math.acos(0.875) * EARTH_RADIUS_MILES,
      6,
    );
  });
});
