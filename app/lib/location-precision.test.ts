import { describe, expect, it } from "vitest";
import { publishedPosition } from "./location-precision";
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

  it("is 'exact' unless the API asks for 'approximate', and anything else is refused", () => {
    const base = { jimmyId: 1, tempPath: "uploads/x", latitude: 1, longitude: 2 };
    expect(ApiDiscoverySchema.parse(base).precision).toBe("exact");
    expect(ApiDiscoverySchema.parse({ ...base, precision: "approximate" }).precision).toBe("approximate");
    const refused = ApiDiscoverySchema.safeParse({ ...base, precision: "vague" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('precision must be "exact" or "approximate"');
  });
});
