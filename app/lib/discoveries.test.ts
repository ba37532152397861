import { describe, expect, it } from "vitest";
import { decodeCursor, discoveryPagePath, discoveryInJourneyPath, encodeCursor } from "./discoveries";

describe("feed cursors", () => {
  it("round-trip", () => {
    const cursor = { createdAt: "2026-11-20T10:11:12.345Z", id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    "",
    "42",
    "2026-11-20_42",
    "2026-11-20T10:11:12.345Z",
    "2026-11-20T10:11:12.345Z_-1",
    "2026-13-45T10:11:12.345Z_1",
    "x_1",
    "2026-11-20T10:11:12.345Z_1;drop",
    "2026-11-20T10:11:12.345Z_2147483648",
  ])("reject %j", (value) => {
    expect(decodeCursor(value)).toBeNull();
  });
});

it("links a discovery to its own page, and to the page of its Jimmy's timeline that starts with it", () => {
  expect(discoveryPagePath(7)).toBe("/discoveries/7");
  const inJourney = discoveryInJourneyPath({ id: 7, createdAt: "2026-11-20T10:11:12.345Z", jimmy: { serialNumber: 12 } });
  expect(inJourney).toBe("/jimmy/12?before=2026-11-20T10%3A11%3A12.345Z_8#discovery-7");
  // The timeline lists what comes strictly before the cursor: this discovery first.
  expect(decodeCursor(decodeURIComponent(inJourney.split("before=")[1]!.split("#")[0]!))).toEqual({
    createdAt: "2026-11-20T10:11:12.345Z",
    id: 8,
  });
});
