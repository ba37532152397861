import { describe, expect, it } from "vitest";
import { decodeCursor, discoveryPath, encodeCursor } from "./discoveries";

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

it("links a discovery to its place on its Jimmy's page", () => {
  expect(discoveryPath({ id: 7, jimmy: { serialNumber: 12 } })).toBe("/jimmy/12#discovery-7");
});
