import { describe, expect, it } from "vitest";
import { LOCATION_REQUIRED_TEXT, newDiscoveryHeading, PHOTO_REQUIRED_TEXT, reportFormSchema } from "./report-form";
import { ApiDiscoverySchema, ReportFieldsSchema } from "./report-schema";
import { INVISIBLE_ONLY } from "../../tests/support/invisible";
import { translator } from "./language";
// Registers the catalogues, so `t` words English as the pages do.
import "~/web/language.server";

const tempPath = "uploads/2026/11/0123456789abcdef0123456789abcdef";

describe("the new-discovery heading", () => {
  it.each([
    [0, "1st"],
    [1, "2nd"],
    [2, "3rd"],
    [3, "4th"],
    [10, "11th"],
    [11, "12th"],
    [12, "13th"],
    [20, "21st"],
    [21, "22nd"],
    [22, "23rd"],
    [100, "101st"],
    [110, "111th"],
  ])("after %i discoveries says %s", (existing, nth) => {
    expect(newDiscoveryHeading(7, existing, translator("en"))).toBe(`You found Jimmy #7, his ${nth} discovery.`);
  });
});

describe("the discovery form schemas", () => {
  it("give each form its own 'Photo required' text", () => {
    for (const kind of ["first", "new", "modal"] as const) {
      const result = reportFormSchema(kind).safeParse({ tempPath: "", location: "Austin" });
      expect(result.success).toBe(false);
      expect(result.error!.issues.find((i) => i.path[0] === "tempPath")?.message).toBe(PHOTO_REQUIRED_TEXT[kind]);
    }
    expect(new Set(Object.values(PHOTO_REQUIRED_TEXT)).size).toBe(3);
  });

  it("turn empty text into nothing and round coordinates", () => {
    const result = reportFormSchema("new").parse({ tempPath, caption: "  ", location: "", latitude: "30.26720049", longitude: "-97.7431" });
    expect(result).toEqual({ tempPath, caption: null, location: null, latitude: 30.2672, longitude: -97.7431, precision: "exact" });
    expect(reportFormSchema("new").parse({ tempPath, location: "x", precision: "approximate" }).precision).toBe("approximate");
  });

  it("take a caption or location made only of invisible characters as empty: the location is then still required", () => {
    const refused = reportFormSchema("new").safeParse({ tempPath, caption: "Found it", location: INVISIBLE_ONLY });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([["location", LOCATION_REQUIRED_TEXT]]);
    expect(reportFormSchema("new").parse({ tempPath, caption: INVISIBLE_ONLY, location: "Zilker Park" }).caption).toBeNull();
    const api = ApiDiscoverySchema.parse({ jimmyId: 1, tempPath, caption: INVISIBLE_ONLY, location: INVISIBLE_ONLY });
    expect([api.caption, api.location]).toEqual(["", ""]);
  });

  it("need a typed location or device coordinates, and both coordinates", () => {
    const none = reportFormSchema("first").safeParse({ tempPath, location: " " });
    expect(none.error!.issues[0]).toMatchObject({ path: ["location"], message: LOCATION_REQUIRED_TEXT });
    const half = reportFormSchema("first").safeParse({ tempPath, location: "Austin", latitude: "30.2" });
    expect(half.error!.issues[0]!.path).toEqual(["location"]);
    const typed = reportFormSchema("first").parse({ tempPath, location: " Austin, TX " });
    expect(typed).toMatchObject({ location: "Austin, TX", latitude: null, longitude: null });
  });

  it("refuse coordinates off the globe, over-long text and keys outside the temporary space", () => {
    expect(reportFormSchema("new").safeParse({ tempPath, latitude: "91", longitude: "0" }).success).toBe(false);
    expect(reportFormSchema("new").safeParse({ tempPath, latitude: "0", longitude: "abc" }).success).toBe(false);
    expect(reportFormSchema("new").safeParse({ tempPath, location: "x".repeat(201) }).success).toBe(false);
    expect(reportFormSchema("new").safeParse({ tempPath, location: "A", caption: "x".repeat(501) }).success).toBe(false);
    expect(reportFormSchema("new").safeParse({ tempPath: "discoveries/2026/11/abc", location: "A" }).success).toBe(false);
  });

  it("ignore a caption sent with a first discovery (that form has none)", () => {
    expect(reportFormSchema("first").parse({ tempPath, caption: "sneaky", location: "Austin" }).caption).toBeNull();
  });
});

describe("coordinates and typed text", () => {
  // Number("0x10") is 16: only plain decimal notation is a coordinate.
  it.each(["0x10", "0X1f", "0b11", "0o7", "1e1", "Infinity", "1_0", "--1", "12.3.4"])(
    "the forms and the JSON API refuse %s as a coordinate",
    (written) => {
      expect(reportFormSchema("new").safeParse({ tempPath, latitude: written, longitude: "0" }).success).toBe(false);
      expect(reportFormSchema("new").safeParse({ tempPath, latitude: "0", longitude: written }).success).toBe(false);
      expect(ReportFieldsSchema.safeParse({ tempPath, latitude: written, longitude: "0" }).success).toBe(false);
    },
  );

  it.each([
    ["30.2672", 30.2672],
    ["-45.25", -45.25],
    ["+12", 12],
    [".5", 0.5],
    ["7.", 7],
  ])("accept %s in plain decimal notation", (written, value) => {
    expect(reportFormSchema("new").parse({ tempPath, latitude: written, longitude: written }).latitude).toBe(value);
    expect(ReportFieldsSchema.parse({ tempPath, latitude: written, longitude: written }).latitude).toBe(value);
  });

  it("keep captions and locations free of NUL and the other control characters, but keep tabs and line breaks", () => {
    const parsed = reportFormSchema("new").parse({
      tempPath,
      caption: "Found\u0000 it\u001b[31m\u0085\ttoday\nby the \u007fpond",
      location: "Aus\u0007tin",
    });
    expect(parsed).toMatchObject({ caption: "Found it[31m\ttoday\nby the pond", location: "Austin" });
    const api = ReportFieldsSchema.parse({ tempPath, location: "Aus\u0000tin" });
    expect(api.location).toBe("Austin");
  });
});
