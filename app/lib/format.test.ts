import { describe, expect, it } from "vitest";
import { formatCoordinate, formatCoordinates, fullName, initials, ordinal } from "./format";

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
    [1000, "1000th"],
  ])("%i → %s", (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });
});

describe("coordinates", () => {
  it("rounds coordinates to 4 decimals, or 6 on the map card", () => {
    expect(formatCoordinate(30.26715, 4)).toBe("30.2672");
    expect(formatCoordinates(30.2672049, -97.7431, 6)).toBe("30.267205, -97.743100");
  });
});

describe("names", () => {
  it("builds initials from first and last name", () => {
    expect(initials("maya", "Rodriguez")).toBe("MR");
    expect(initials("Cher", "")).toBe("C");
    expect(initials("", "")).toBe("?");
  });
  it("joins full names", () => {
    expect(fullName("Maya", "Rodriguez")).toBe("Maya Rodriguez");
  });
});
