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

export const RECORDS: Record<RecordKey, { title: string; definition: string; unit: [one: string, many: string] }> = {
  longestDistance: {
    title: "Longest Distance",
    definition: "Total great-circle path length in miles along a Jimmy's located discoveries, in time order.",
    unit: ["mile", "miles"],
  },
  furthestJourney: {
    title: "Furthest Journey",
    definition: "Greatest great-circle distance in miles from a Jimmy's first located discovery to any later one.",
    unit: ["mile", "miles"],
  },
  mostDiscovered: {
    title: "Most Discovered",
    definition: "Number of discoveries of a Jimmy.",
    unit: ["discovery", "discoveries"],
  },
  longestTraveler: {
    title: "Longest Journey Time",
    definition: "Whole days from a Jimmy's first discovery to its latest one.",
    unit: ["day", "days"],
  },
  mostCountries: {
    title: "Most Countries",
    definition: "Distinct countries a Jimmy was discovered in, listed in order of first visit.",
    unit: ["country", "countries"],
  },
  mostStates: {
    title: "Most US States",
    definition: "Distinct US states (and the District of Columbia) a Jimmy was discovered in, listed in order of first visit.",
    unit: ["state", "states"],
  },
  mostCities: {
    title: "Most Cities",
    definition: "Distinct cities a Jimmy was discovered in, listed in order of first visit.",
    unit: ["city", "cities"],
  },
};

export const LOCATED_DEFINITION =
  "A located discovery has coordinates: measured by the finder's device or, when only a known city was typed, that city's centre (approximate). Distances are great-circle distances on a sphere of the Earth's mean radius.";

export const TIE_RULE = "Ties go to the Jimmy that reached the value first.";

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

/** The hunter leaderboards (issue 23): each ranks hunters by one figure kept in hunter_figures. */
export const HUNTER_BOARD_KEYS = ["discoveries", "firstDiscoveries", "countries"] as const;

export type HunterBoardKey = (typeof HUNTER_BOARD_KEYS)[number];

export const HUNTER_BOARDS: Record<HunterBoardKey, { title: string; definition: string; empty: string }> = {
  discoveries: {
    title: "Most Discoveries",
    definition: "Number of discoveries a hunter reported, first discoveries included.",
    empty: "No hunter has reported a discovery yet.",
  },
  firstDiscoveries: {
    title: "Most First Discoveries",
    definition: "Number of a hunter's discoveries that are the first discovery of their Jimmy.",
    empty: "No hunter has made a first discovery yet.",
  },
  countries: {
    title: "Most Countries",
    definition: "Distinct countries a hunter's discoveries were made in.",
    empty: "No hunter has a discovery in a known country yet.",
  },
};

export const HUNTER_TIE_RULE = "Ties go to the hunter who reached the figure first.";

/** How many hunters each leaderboard lists. */
export const HUNTER_BOARD_SIZE = 10;
