import { describe, expect, it } from "vitest";
import { argumentNames, compileMessage, formatMessage, MessageSyntaxError } from "~/lib/messages";

const say = (source: string, values: Record<string, unknown>, language = "en") =>
  formatMessage(compileMessage(source), values, language) as string;

const LIKES = "{count, plural, one {# like} other {# likes}}";
const ORDINAL = "his {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} discovery";

describe("ICU messages", () => {
  it("words English plurals and ordinals as CLDR does", () => {
    expect(say(LIKES, { count: 1 })).toBe("1 like");
    expect(say(LIKES, { count: 0 })).toBe("0 likes");
    expect(say(LIKES, { count: 1200 })).toBe("1,200 likes");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 1000].map((n) => say(ORDINAL, { n }))).toEqual([
      "his 1st discovery",
      "his 2nd discovery",
      "his 3rd discovery",
      "his 4th discovery",
      "his 11th discovery",
      "his 12th discovery",
      "his 13th discovery",
      "his 21st discovery",
      "his 22nd discovery",
      "his 23rd discovery",
      "his 101st discovery",
      "his 111th discovery",
      "his 1,000th discovery",
    ]);
  });

  it("follows each language's plural categories", () => {
    const french = "{count, plural, one {# découverte} other {# découvertes}}";
    expect([0, 1, 2, 1000].map((count) => say(french, { count }, "fr"))).toEqual([
      "0 découverte",
      "1 découverte",
      "2 découvertes",
      `1${new Intl.NumberFormat("fr").format(1000).slice(1)} découvertes`,
    ]);
    const arabic = "{n, plural, zero {zero} one {one} two {two} few {few} many {many} other {other}}";
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map((n) => say(arabic, { n }, "ar").replace(/[^a-z]/g, ""))).toEqual([
      "zero",
      "one",
      "two",
      "few",
      "few",
      "many",
      "many",
      "other",
      "other",
    ]);
    const japanese = "{count, plural, other {#件}}";
    expect(say(japanese, { count: 1 }, "ja")).toBe("1件");
    const frenchOrdinal = "{n, selectordinal, one {#re} other {#e}} découverte";
    expect(say(frenchOrdinal, { n: 1 }, "fr")).toBe("1re découverte");
    expect(say(frenchOrdinal, { n: 21 }, "fr")).toBe("21e découverte");
  });

  it("writes numbers in the reader's language", () => {
    expect(say("{count, number} hunters", { count: 12345 }, "de")).toBe("12.345 hunters");
    expect(say("{count, plural, other {# hunters}}", { count: 12345 }, "ar")).toBe(`${new Intl.NumberFormat("ar").format(12345)} hunters`);
  });

  it("takes exact cases first, and an offset", () => {
    const liked = "{count, plural, offset:1 =0 {Nobody} =1 {You} one {You and # other} other {You and # others}}";
    expect([0, 1, 2, 3].map((count) => say(liked, { count }))).toEqual(["Nobody", "You", "You and 1 other", "You and 2 others"]);
  });

  it("chooses by select, falling back to other", () => {
    const pronoun = "{gender, select, female {her} male {his} other {their}} find";
    expect(say(pronoun, { gender: "female" })).toBe("her find");
    expect(say(pronoun, { gender: "unknown" })).toBe("their find");
  });

  it("reads ICU's apostrophes: a plain one is text, a quoted brace is a brace", () => {
    expect(say("Jimmy's {place}", { place: "Lisbon" })).toBe("Jimmy's Lisbon");
    expect(say("Type '{'code'}' and it''s done", {})).toBe("Type {code} and it's done");
  });

  it("keeps a non-text value as a piece of its own", () => {
    const strong = { type: "strong" };
    expect(say("Found by {name} in {place}", { name: strong, place: "Osaka" }) as unknown).toEqual(["Found by ", strong, " in Osaka"]);
  });

  it("refuses a malformed message", () => {
    for (const bad of ["{count, plural, one {#}}", "{name", "{n, plural, one {x} other {y}", "}", "{n, currency}"])
      expect(() => compileMessage(bad), bad).toThrow(MessageSyntaxError);
  });

  it("names a message's arguments, for the catalogue check", () => {
    expect(argumentNames(compileMessage("{a} {b, plural, one {{c}} other {#}}"))).toEqual(["a", "b", "c"]);
    expect(argumentNames(compileMessage("no arguments"))).toEqual([]);
  });
});
