import { describe, expect, it } from "vitest";
import { isTimeZone, preferenceVariant, readerPreferences, unitsForLanguage, unitsCookie } from "./reader-preferences";

describe("unitsForLanguage", () => {
  it("reads miles for American English and the other mile countries, kilometres for the rest", () => {
    expect(unitsForLanguage("en-US,en;q=0.9")).toBe("mi");
    expect(unitsForLanguage("en-GB")).toBe("mi");
    expect(unitsForLanguage("es-US")).toBe("mi");
    expect(unitsForLanguage("fr-FR,fr;q=0.9,en;q=0.8")).toBe("km");
    expect(unitsForLanguage("en-CA")).toBe("km");
    expect(unitsForLanguage("en-AU")).toBe("km");
    expect(unitsForLanguage("de")).toBe("km");
    expect(unitsForLanguage("zh-Hant-TW")).toBe("km");
    expect(unitsForLanguage("es-419")).toBe("km");
  });

  it("falls back to the hunt's miles with no language, a bare English or a wildcard", () => {
    expect(unitsForLanguage(null)).toBe("mi");
    expect(unitsForLanguage("")).toBe("mi");
    expect(unitsForLanguage("en")).toBe("mi");
    expect(unitsForLanguage("*")).toBe("mi");
  });
});

describe("readerPreferences", () => {
  it("prefers the chosen unit to the browser's language, and keeps a known time zone", () => {
    expect(readerPreferences("units=km; tz=America/Chicago", "en-US")).toEqual({
      units: "km",
      unitsChosen: true,
      timeZone: "America/Chicago",
    });
    expect(readerPreferences("__session=x", "fr-FR")).toEqual({ units: "km", unitsChosen: false, timeZone: null });
    expect(readerPreferences("tz=Europe%2FParis", null).timeZone).toBe("Europe/Paris");
  });

  it("ignores a unit or time zone it does not know", () => {
    expect(readerPreferences("units=furlongs; tz=Mars/Olympus_Mons", "en-US")).toEqual({ units: "mi", unitsChosen: false, timeZone: null });
    expect(readerPreferences("tz=<script>", null).timeZone).toBeNull();
    expect(isTimeZone("x".repeat(65))).toBe(false);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Asia/Calcutta")).toBe(true);
  });
});

describe("preferenceVariant", () => {
  it("names the copy of a page a signed-out reader gets, the defaults being the empty name", () => {
    expect(preferenceVariant(undefined, undefined)).toBe("");
    expect(preferenceVariant(undefined, "en-US")).toBe("");
    // A language the hunt speaks is part of the name (its words differ); one it does not reads English.
    expect(preferenceVariant(undefined, "fr-FR")).toBe("km|fr");
    expect(preferenceVariant(undefined, "nl-NL")).toBe("km");
    expect(preferenceVariant("tz=Europe/Paris", "fr-FR")).toBe("km Europe/Paris|fr");
    expect(preferenceVariant("units=mi; tz=Europe/Paris", "fr-FR")).toBe("mi Europe/Paris|fr");
    // The language chosen with the switch wins over the browser's.
    expect(preferenceVariant("lang=ja", "fr-FR")).toBe("km|ja");
    expect(preferenceVariant("lang=en", "fr-FR")).toBe("km");
  });

  it("is null for any cookie besides the preferences: that request is rendered for its sender", () => {
    expect(preferenceVariant("tz=Europe/Paris; __session=abc", "fr-FR")).toBeNull();
    expect(preferenceVariant("jh_flash=1", null)).toBeNull();
  });
});

describe("unitsCookie", () => {
  it("lasts a year, for the whole site, and is Secure on https", () => {
    expect(unitsCookie("km", true)).toBe("units=km; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure");
    expect(unitsCookie("mi", false)).not.toContain("Secure");
  });
});
