import { describe, expect, it } from "vitest";
import { direction, negotiateLanguage } from "~/lib/language";

const ALL = ["en", "es", "fr", "de", "pt-BR", "ja", "ar"] as const;

describe("choosing a reader's language from their browser", () => {
  it("takes the first language asked for that the hunt speaks, by weight", () => {
    expect(negotiateLanguage("fr-CA,fr;q=0.9,en;q=0.8", ALL)).toBe("fr");
    expect(negotiateLanguage("en;q=0.5, ja", ALL)).toBe("ja");
    expect(negotiateLanguage("nl, de;q=0.7, en;q=0.3", ALL)).toBe("de");
    expect(negotiateLanguage("pt-PT", ALL)).toBe("pt-BR");
    expect(negotiateLanguage("ar-MA", ALL)).toBe("ar");
    expect(negotiateLanguage("ES", ALL)).toBe("es");
  });

  it("skips a language the hunt does not offer, and says so when none matches", () => {
    expect(negotiateLanguage("fr, es;q=0.5", ["en", "es"])).toBe("es");
    expect(negotiateLanguage("nl, sv", ALL)).toBeNull();
    expect(negotiateLanguage("fr;q=0, en", ALL)).toBe("en");
    expect(negotiateLanguage("", ALL)).toBeNull();
    expect(negotiateLanguage(null, ALL)).toBeNull();
    expect(negotiateLanguage("*", ALL)).toBeNull();
  });

  it("writes Arabic right to left", () => {
    expect(direction("ar")).toBe("rtl");
    expect(direction("ja")).toBe("ltr");
  });
});
