import { describe, expect, it } from "vitest";
import { aboutDistance, positionRadius, positionText, publishedPosition } from "./location-precision";
import { ApiDiscoverySchema } from "./report-schema";

describe("location precision", () => {
  it("keeps the exact spot, or rounds it to two decimals of a degree (within about 600 m)", () => {
    const spot = { latitude: 48.858372, longitude: 2.294481 };
    expect(publishedPosition(spot, "exact")).toEqual(spot);
    expect(publishedPosition(spot, "approximate")).toEqual({ latitude: 48.86, longitude: 2.29 });
    expect(publishedPosition({ latitude: -33.856784, longitude: 151.215297 }, "approximate")).toEqual({
      latitude: -33.86,
      longitude: 151.22,
    });
  });

  it("is stored with its radius, and shown with only the decimals it has and 'about 1 km', never false digits", () => {
    expect(positionRadius("exact")).toBeNull();
    expect(positionRadius("approximate")).toBe(1000);
    expect(aboutDistance(1000)).toBe("about 1 km");
    expect(aboutDistance(300)).toBe("about 300 m");
    expect(positionText(30.28, -97.73, 1000)).toBe("30.28, -97.73 (about 1 km)");
    expect(positionText(30.28, -97.73, 1000, 6)).toBe("30.28, -97.73 (about 1 km)");
    expect(positionText(30.3, -97.7, 1000)).toBe("30.30, -97.70 (about 1 km)");
    // Measured: SPEC.md §5's 4 decimals (6 on the map card).
    expect(positionText(30.2672, -97.7431, null)).toBe("30.2672, -97.7431");
    expect(positionText(30.2672, -97.7431, null, 6)).toBe("30.267200, -97.743100");
  });

  it("is 'exact' unless the API asks for 'approximate', and anything else is refused", () => {
    const base = { jimmyId: 1, tempPath: "uploads/x", latitude: 1, longitude: 2 };
    expect(ApiDiscoverySchema.parse(base).precision).toBe("exact");
    expect(ApiDiscoverySchema.parse({ ...base, precision: "approximate" }).precision).toBe("approximate");
    const refused = ApiDiscoverySchema.safeParse({ ...base, precision: "vague" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('precision must be "exact" or "approximate"');
  });
});
