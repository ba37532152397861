/**
 * What the search box (the header's and /search's) understands: a Jimmy's
 * number goes straight to its page; anything else is words to look for in
 * places, captions and hunters' names (app/models/search.server.ts).
 */

/** Longer queries are refused with a message: nobody types a paragraph to find a place, and the work stays small. */
export const MAX_SEARCH_LENGTH = 100;
/** Results per page. */
export const SEARCH_PAGE_SIZE = 20;
/** Words beyond these are ignored: each one is another lookup in the index. */
export const MAX_SEARCH_WORDS = 8;

const SERIAL_QUERY = /^\s*(?:jimmy\s*)?#?\s*(\d{1,9})\s*$/i;

/** The Jimmy a query names: "123", "#123", "Jimmy 123", "jimmy #123"; null for any other text. */
export function serialFromQuery(query: string): number | null {
  const digits = SERIAL_QUERY.exec(query)?.[1];
  if (digits === undefined) return null;
  const serial = Number(digits);
  return serial > 0 ? serial : null;
}

/**
 * The query's words, each safe to put inside a quoted term of either
 * database's full-text syntax: split at spaces, quotes and backslashes
 * dropped (a word's other punctuation is left to the database's own
 * tokenizer, as it was for the indexed text), words without a letter or digit
 * dropped, at most MAX_SEARCH_WORDS. Operators typed by the user (AND, *, -,
 * parentheses) are therefore only ever words or nothing.
 */
export function searchWords(query: string): string[] {
  return query
    .replace(/[\p{C}"'\\]+/gu, " ")
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_SEARCH_WORDS);
}

/** The link to a search (and to one of its later pages). */
export function searchHref(query: string, before?: number | null): string {
  const params = new URLSearchParams({ q: query });
  if (before) params.set("before", String(before));
  return `/search?${params}`;
}
