import { describe, expect, it } from "vitest";
import { formatCoordinate, formatCoordinates, formatCount, fullName, initials, ordinal } from "./format";
import { type Language, registerCatalogue } from "./language";
import { compileMessage } from "./messages";

const ORDINAL = "{n, selectordinal, one {{digits}st} two {{digits}nd} few {{digits}rd} other {{digits}th}}";
function catalogue(language: Language, words: Record<string, string>) {
  registerCatalogue(language, (key) => (typeof key === "string" ? compileMessage(words[key] ?? key) : undefined));
}
catalogue("en", {});
catalogue("fr", { [ORDINAL]: "{n, selectordinal, one {{digits}er} other {{digits}e}}" });
catalogue("ja", { [ORDINAL]: "{n, selectordinal, other {{digits}番目}}" });
catalogue("ar", { [ORDINAL]: "{n, selectordinal, other {ال{digits}}}" });

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

describe("ordinals and counts in other languages (CLDR ordinal rules)", () => {
  it("French: 1er, then 2e, 11e, 21e", () => {
    expect([1, 2, 3, 11, 21, 101].map((n) => ordinal(n, "fr"))).toEqual(["1er", "2e", "3e", "11e", "21e", "101e"]);
  });
  it("Japanese and Arabic: one ordinal form", () => {
    expect([1, 2, 23].map((n) => ordinal(n, "ja"))).toEqual(["1番目", "2番目", "23番目"]);
    const number = (n: number) => new Intl.NumberFormat("ar", { useGrouping: false }).format(n);
    expect([1, 2, 3].map((n) => ordinal(n, "ar"))).toEqual([1, 2, 3].map((n) => `ال${number(n)}`));
  });
  it("counts in each language's digits and grouping", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatCount(12345, "fr")).toBe(new Intl.NumberFormat("fr").format(12345));
    expect(formatCount(12345, "de")).toBe("12.345");
    expect(formatCount(12345, "ja")).toBe("12,345");
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
