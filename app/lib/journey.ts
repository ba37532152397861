import { greatCircleMiles, type LatLng } from "./distance";

const DAY_MS = 86_400_000;

/** One discovery of a Jimmy, as the journey figures need it. */
export type JourneyStop = {
  createdAt: string;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  region: string | null;
  country: string | null;
  /** True when the coordinates are a city's centre guessed from typed text, not measured. */
  approximate?: boolean;
};

export type CityVisit = { city: string; region: string | null; country: string };

/** A figure and the moment the Jimmy first reached it (ties go to whoever got there first). */
export type Reached<T> = { value: T; reachedAt: string };

export type JourneyFigures = {
  discoveryCount: Reached<number>;
  /** Total great-circle path along the located discoveries in time order, miles to 0.1. */
  pathMiles: Reached<number>;
  /** Greatest great-circle distance from the first located discovery to a later one, miles to 0.1. */
  furthestMiles: Reached<number>;
  /** Whole days from the first to the latest discovery. */
  journeyDays: Reached<number>;
  /** ISO 3166-1 alpha-2 codes in order of first visit. */
  countries: Reached<string[]>;
  /** US state codes in order of first visit. */
  states: Reached<string[]>;
  cities: Reached<CityVisit[]>;
};

/** Miles are compared and shown to one decimal, so equal-looking values are real ties. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

type Located = LatLng & { approximate: boolean; city: string | null };

function located(stop: JourneyStop): Located | null {
  if (stop.latitude === null || stop.longitude === null) return null;
  const city = stop.city && stop.country ? `${stop.city}\u0000${stop.region ?? ""}\u0000${stop.country}` : null;
  return { latitude: stop.latitude, longitude: stop.longitude, approximate: stop.approximate === true, city };
}

/**
 * Miles between two located stops. A guessed position stands for its whole
 * city, so between two stops in the same city, when either was guessed, the
 * Jimmy is not known to have moved: 0 (a guess is off by up to the city's
 * size, which would invent trips across town). Between different cities the
 * guess is small against the distance, and the leg counts in full.
 */
function milesBetween(from: Located, to: Located): number {
  if ((from.approximate || to.approximate) && from.city !== null && from.city === to.city) return 0;
  return greatCircleMiles(from, to);
}

/**
 * How far each stop moved its Jimmy: the miles from the last located stop
 * before it (the legs journeyFigures' path adds up), null for a stop that is
 * not located or has no located stop before it. A guess in the city the
 * Jimmy was last measured in moves it nowhere and is not where it is now.
 */
export function milesMoved(stops: readonly JourneyStop[]): (number | null)[] {
  let previous: Located | null = null;
  return stops.map((stop) => {
    const point = located(stop);
    if (!point) return null;
    const miles = previous ? milesBetween(previous, point) : null;
    if (!(point.approximate && previous && !previous.approximate && miles === 0)) previous = point;
    return miles;
  });
}

/**
 * Every Hall of Fame figure of one Jimmy, from its discoveries in time order
 * (oldest first). O(journey length). Null for a Jimmy never discovered.
 */
export function journeyFigures(stops: readonly JourneyStop[]): JourneyFigures | null {
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return null;
  const start = first.createdAt;

  let origin: Located | null = null;
  let pathTotal = 0;
  const pathSteps: { total: number; at: string }[] = [];
  let furthest: Reached<number> = { value: 0, reachedAt: start };

  const countries: string[] = [];
  const states: string[] = [];
  const cities: CityVisit[] = [];
  const seenCities = new Set<string>();
  let countriesAt = start;
  let statesAt = start;
  let citiesAt = start;

  const moved = milesMoved(stops);
  for (const [i, stop] of stops.entries()) {
    const point = located(stop);
    if (point) {
      const leg = moved[i];
      if (leg !== null && leg !== undefined) {
        pathTotal += leg;
        pathSteps.push({ total: pathTotal, at: stop.createdAt });
      }
      if (origin) {
        const fromOrigin = roundMiles(milesBetween(origin, point));
        if (fromOrigin > furthest.value) furthest = { value: fromOrigin, reachedAt: stop.createdAt };
      } else {
        origin = point;
      }
    }
    if (stop.country && !countries.includes(stop.country)) {
      countries.push(stop.country);
      countriesAt = stop.createdAt;
    }
    if (stop.country === "US" && stop.region && !states.includes(stop.region)) {
      states.push(stop.region);
      statesAt = stop.createdAt;
    }
    if (stop.country && stop.city) {
      const key = `${stop.city}\u0000${stop.region ?? ""}\u0000${stop.country}`;
      if (!seenCities.has(key)) {
        seenCities.add(key);
        cities.push({ city: stop.city, region: stop.region, country: stop.country });
        citiesAt = stop.createdAt;
      }
    }
  }

  const pathMiles = roundMiles(pathTotal);
  // The first leg after which the rounded total already showed its final value.
  const pathReachedAt = pathSteps.find((step) => roundMiles(step.total) === pathMiles)?.at ?? start;

  const startMs = Date.parse(start);
  const daysAt = (at: string) => Math.floor((Date.parse(at) - startMs) / DAY_MS);
  const journeyDays = daysAt(last.createdAt);
  const daysReachedAt = stops.find((stop) => daysAt(stop.createdAt) === journeyDays)?.createdAt ?? start;

  return {
    discoveryCount: { value: stops.length, reachedAt: last.createdAt },
    pathMiles: { value: pathMiles, reachedAt: pathMiles > 0 ? pathReachedAt : start },
    furthestMiles: furthest,
    journeyDays: { value: journeyDays, reachedAt: daysReachedAt },
    countries: { value: countries, reachedAt: countriesAt },
    states: { value: states, reachedAt: statesAt },
    cities: { value: cities, reachedAt: citiesAt },
  };
}

/** The distances a Jimmy's path passes that are celebrated (miles, as the Hall of Fame counts). */
export const MILES_MILESTONES = [100, 1_000, 10_000] as const;
/** The numbers of different hunters who have found a Jimmy that are celebrated. */
export const FINDERS_MILESTONES = [10, 50, 100] as const;

export type MilestoneKind = "miles" | "finders" | "country";

/**
 * A point in a Jimmy's journey worth telling: its path passed 100, 1,000 or
 * 10,000 miles; its 10th, 50th or 100th different finder; its first time in
 * a country after the one it started in. `value` is the number, or the
 * country's code.
 */
export type Milestone<Id> = { kind: MilestoneKind; value: string; discoveryId: Id; hunterId: number; reachedAt: string };

/**
 * Every milestone of one Jimmy, from its discoveries in time order (oldest
 * first), each credited to the discovery (and its hunter) that reached it.
 * The path counts as the Hall of Fame's does (milesMoved: a guessed place does
 * not move a Jimmy from a measured one). O(journey length).
 */
export function journeyMilestones<Id>(stops: readonly (JourneyStop & { id: Id; hunterId: number })[]): Milestone<Id>[] {
  const milestones: Milestone<Id>[] = [];
  const reach = (kind: MilestoneKind, value: string | number, stop: (typeof stops)[number]) =>
    milestones.push({ kind, value: String(value), discoveryId: stop.id, hunterId: stop.hunterId, reachedAt: stop.createdAt });
  const moved = milesMoved(stops);
  const finders = new Set<number>();
  const countries = new Set<string>();
  let path = 0;
  for (const [i, stop] of stops.entries()) {
    const before = path;
    path += moved[i] ?? 0;
    for (const miles of MILES_MILESTONES) if (before < miles && path >= miles) reach("miles", miles, stop);
    if (!finders.has(stop.hunterId)) {
      finders.add(stop.hunterId);
      if ((FINDERS_MILESTONES as readonly number[]).includes(finders.size)) reach("finders", finders.size, stop);
    }
    if (stop.country && !countries.has(stop.country)) {
      if (countries.size > 0) reach("country", stop.country, stop);
      countries.add(stop.country);
    }
  }
  return milestones;
}
