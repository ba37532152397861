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

/** The most recent journey photos a record carries (the page scrolls through them). */
export const JOURNEY_PHOTO_LIMIT = 60;

export function unitFor(key: RecordKey, value: number): string {
  const [one, many] = RECORDS[key].unit;
  return value === 1 ? one : many;
}
