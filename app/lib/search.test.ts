import { describe, expect, it } from "vitest";
import { MAX_SEARCH_WORDS, searchHref, searchWords, serialFromQuery } from "./search";

describe("serialFromQuery", () => {
  it.each([
    ["123", 123],
    ["#123", 123],
    ["Jimmy 123", 123],
    ["jimmy #123", 123],
    [" JIMMY#123 ", 123],
    ["jimmy123", 123],
    ["# 7", 7],
    ["007", 7],
    ["999999999", 999999999],
  ])("reads %j as Jimmy #%i", (query, serial) => {
    expect(serialFromQuery(query)).toBe(serial);
  });

  it.each(["", "0", "#0", "Jimmy", "Chicago", "123 Main Street", "Jimmy 12 Austin", "jim 12", "-5", "1.5", "#12#", "9".repeat(10)])(
    "leaves %j to the text search",
    (query) => {
      expect(serialFromQuery(query)).toBeNull();
    },
  );
});

describe("searchWords", () => {
  it("splits at spaces and keeps a word's own punctuation for the database's tokenizer", () => {
    expect(searchWords("  Chicago,  IL 3.5km ")).toEqual(["Chicago,", "IL", "3.5km"]);
  });

  it("turns quotes and backslashes into spaces, so no word can end a quoted term", () => {
    expect(searchWords(`O'Brien say "hi\\"`)).toEqual(["O", "Brien", "say", "hi"]);
  });

  it.each([`"`, `'`, "*", ")", "-", "&|!:*", "\u0000", "   "])("finds no word in %j", (query) => {
    expect(searchWords(query)).toEqual([]);
  });

  it("reads an operator as a plain word", () => {
    expect(searchWords("AND ( NEAR")).toEqual(["AND", "NEAR"]);
  });

  it("keeps letters of any script and their accents", () => {
    expect(searchWords("Café São Paulo Zürich 東京")).toEqual(["Café", "São", "Paulo", "Zürich", "東京"]);
  });

  it(`keeps at most ${MAX_SEARCH_WORDS} words`, () => {
    expect(searchWords("a b c d e f g h i j k")).toHaveLength(MAX_SEARCH_WORDS);
  });
});

it("links to a search and its later pages", () => {
  expect(searchHref("São Paulo")).toBe("/search?q=S%C3%A3o+Paulo");
  expect(searchHref("austin", 42)).toBe("/search?q=austin&before=42");
});
