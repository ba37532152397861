import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema";
import { isPostgres } from "#db/migrations/dialect";
import type { DiscoveryCardData } from "~/lib/discoveries";
import type { Translate } from "~/lib/language";
import type { PhotoUrl } from "~/lib/photos";
import { SEARCH_PAGE_SIZE, searchWords } from "~/lib/search";
import { selectCards, toCardData } from "./cards.server";

export type SearchPage = {
  discoveries: DiscoveryCardData[];
  /** The `before` of the next page (the last id shown), or null at the end. */
  nextBefore: number | null;
};

/**
 * The last word is also a prefix ("chic" finds Chicago) when it has two
 * characters or more: FTS5 reads prefixes of 2 to 6 characters from its
 * prefix index, newest first like any word (2026-11-26T0100-discovery-search,
 * ADR 018); a one-letter prefix would match nearly every discovery.
 */
const prefixes = (word: string, index: number, words: string[]) => index === words.length - 1 && [...word].length >= 2;

/** FTS5's syntax: each word a quoted string (AND between them), the last one `"…"*`. */
const fts5Query = (words: string[]) => words.map((word, i) => `"${word}"${prefixes(word, i, words) ? "*" : ""}`).join(" ");

/** to_tsquery's syntax: each word a quoted operand joined by &, the last one `'…':*`. */
const tsQuery = (words: string[]) => words.map((word, i) => `'${word}'${prefixes(word, i, words) ? ":*" : ""}`).join(" & ");

/**
 * Discoveries whose place, caption or hunter's name hold every word of
 * `query` (accents ignored), newest first (by id), a page at a time: the
 * next page is the ids below `before`. The index is read in id order and
 * stops after the page (ADR 018), so a page costs what it shows, not what
 * matches. Every discovery is public, so every match is listed, with what
 * its card shows (the feed's query, for viewer `null`).
 */
export async function searchDiscoveries(
  db: Kysely<Database>,
  photoUrl: PhotoUrl,
  query: string,
  { before = null, limit = SEARCH_PAGE_SIZE, t }: { before?: number | null; limit?: number; t?: Translate } = {},
): Promise<SearchPage> {
  const words = searchWords(query);
  if (words.length === 0) return { discoveries: [], nextBefore: null };
  const ids = isPostgres(db)
    ? await sql<{ id: number }>`select discovery_id as id from discovery_search
        where document @@ to_tsquery('simple', search_fold(${tsQuery(words)})) ${before === null ? sql`` : sql`and discovery_id < ${before}`}
        order by discovery_id desc limit ${limit + 1}`.execute(db)
    : await sql<{ id: number }>`select rowid as id from discovery_search
        where discovery_search match ${fts5Query(words)} ${before === null ? sql`` : sql`and rowid < ${before}`}
        order by rowid desc limit ${limit + 1}`.execute(db);
  const pageIds = ids.rows.slice(0, limit).map((row) => Number(row.id));
  if (pageIds.length === 0) return { discoveries: [], nextBefore: null };
  const rows = await selectCards(db, null).where("d.id", "in", pageIds).orderBy("d.id", "desc").execute();
  return {
    discoveries: rows.map((row) => toCardData(row, photoUrl, t)),
    nextBefore: ids.rows.length > limit ? pageIds[pageIds.length - 1]! : null,
  };
}

/** How many hunters a search lists above its discoveries. */
export const HUNTER_RESULTS = 10;

export type HunterMatch = { id: number; firstName: string; lastName: string; discoveries: number };

/**
 * Hunters whose display name ("First Last") holds the whole of `query`,
 * case ignored, most finds first: only those who have found a Jimmy, since
 * a hunter's profile is made of their finds. The first page of a search
 * lists them; a hunter's name is short, so a substring test on the users
 * who have found something reads little. Their count of finds is the one the
 * Hall of Fame keeps with every write (`hunter_figures`, which has no row for
 * a hunter without finds): counting their discoveries here read every
 * discovery of every matching hunter, 93 ms at a million where a name
 * every hunter shares was searched.
 */
export async function searchHunters(db: Kysely<Database>, query: string, limit = HUNTER_RESULTS): Promise<HunterMatch[]> {
  const words = query.trim().replace(/\s+/g, " ");
  if (words === "") return [];
  const pattern = `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom("users as u")
    .innerJoin("hunter_figures as f", "f.user_id", "u.id")
    .select(["u.id", "u.first_name", "u.last_name", "f.discovery_count as discoveries"])
    .where(sql<boolean>`lower(u.first_name || ' ' || u.last_name) like ${pattern} escape '\\'`)
    .orderBy("f.discovery_count", "desc")
    .orderBy("u.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name, discoveries: Number(row.discoveries) }));
}
