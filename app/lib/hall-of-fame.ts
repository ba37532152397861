import { msg } from "./language";

/** The Hall of Fame records: keys of the JSON response, titles and the definitions written on the page. */
export const RECORD_KEYS = [
  "longestDistance",
  "furthestJourney",
  "mostDiscovered",
  "longestTraveler",
  "mostCountries",
  "mostStates",
  "mostCities",
] as const;

export type RecordKey = (typeof RECORD_KEYS)[number];

export const GEOGRAPHIC_RECORDS: readonly RecordKey[] = ["mostCountries", "mostStates", "mostCities"];

/**
 * Each record's words: `title`, `definition` (and `definitionKm`, the same in
 * kilometres, for a distance) and `count`, its value with its unit, are
 * messages (`msg`) for `t`; `unit` is the JSON API's English unit.
 */
export const RECORDS: Record<
  RecordKey,
  { title: string; definition: string; definitionKm?: string; count?: string; unit: [one: string, many: string] }
> = {
  longestDistance: {
    title: msg("Longest Distance"),
    definition: msg("Total great-circle path length in miles along a Jimmy's located discoveries, in time order."),
    definitionKm: msg("Total great-circle path length in kilometres along a Jimmy's located discoveries, in time order."),
    unit: ["mile", "miles"],
  },
  furthestJourney: {
    title: msg("Furthest Journey"),
    definition: msg("Greatest great-circle distance in miles from a Jimmy's first located discovery to any later one."),
    definitionKm: msg("Greatest great-circle distance in kilometres from a Jimmy's first located discovery to any later one."),
    unit: ["mile", "miles"],
  },
  mostDiscovered: {
    title: msg("Most Discovered"),
    definition: msg("Number of discoveries of a Jimmy."),
    count: msg("{count, plural, one {# discovery} other {# discoveries}}"),
    unit: ["discovery", "discoveries"],
  },
  longestTraveler: {
    title: msg("Longest Journey Time"),
    definition: msg("Whole days from a Jimmy's first discovery to its latest one."),
    count: msg("{count, plural, one {# day} other {# days}}"),
    unit: ["day", "days"],
  },
  mostCountries: {
    title: msg("Most Countries"),
    definition: msg("Distinct countries a Jimmy was discovered in, listed in order of first visit."),
    count: msg("{count, plural, one {# country} other {# countries}}"),
    unit: ["country", "countries"],
  },
  mostStates: {
    title: msg("Most US States"),
    definition: msg("Distinct US states (and the District of Columbia) a Jimmy was discovered in, listed in order of first visit."),
    count: msg("{count, plural, one {# state} other {# states}}"),
    unit: ["state", "states"],
  },
  mostCities: {
    title: msg("Most Cities"),
    definition: msg("Distinct cities a Jimmy was discovered in, listed in order of first visit."),
    count: msg("{count, plural, one {# city} other {# cities}}"),
    unit: ["city", "cities"],
  },
};

export const LOCATED_DEFINITION = msg(
  "A located discovery has coordinates: measured by the finder's device or, when only a known city was typed, that city's centre (approximate). Distances are great-circle distances on a sphere of the Earth's mean radius.",
);

export const TIE_RULE = msg("Ties go to the Jimmy that reached the value first.");

/** The most recent journey photos a record carries in the JSON API. */
export const JOURNEY_PHOTO_LIMIT = 60;

/**
 * The most recent journey photos a record shows on the page: eight rows of
 * its scrolling grid, with a link to the Jimmy's own page for the rest. Sixty
 * made the page 330 KB of HTML for a phone to download and parse.
 */
export const PAGE_JOURNEY_PHOTOS = 24;

export function unitFor(key: RecordKey, value: number): string {
  const [one, many] = RECORDS[key].unit;
  return value === 1 ? one : many;
}

/** The hunter leaderboards (issue 23): each ranks hunters by one figure kept in hunter_figures. Their words are messages (`msg`) for `t`. */
export const HUNTER_BOARD_KEYS = ["discoveries", "firstDiscoveries", "countries"] as const;

export type HunterBoardKey = (typeof HUNTER_BOARD_KEYS)[number];

export const HUNTER_BOARDS: Record<HunterBoardKey, { title: string; definition: string; empty: string }> = {
  discoveries: {
    title: msg("Most Discoveries"),
    definition: msg("Number of discoveries a hunter reported, first discoveries included."),
    empty: msg("No hunter has reported a discovery yet."),
  },
  firstDiscoveries: {
    title: msg("Most First Discoveries"),
    definition: msg("Number of a hunter's discoveries that are the first discovery of their Jimmy."),
    empty: msg("No hunter has made a first discovery yet."),
  },
  countries: {
    title: msg("Most Countries"),
    definition: msg("Distinct countries a hunter's discoveries were made in."),
    empty: msg("No hunter has a discovery in a known country yet."),
  },
};

export const HUNTER_TIE_RULE = msg("Ties go to the hunter who reached the figure first.");

/** How many hunters each leaderboard lists. */
export const HUNTER_BOARD_SIZE = 10;
