import {
  HUNTER_BOARD_KEYS,
  HUNTER_BOARD_SIZE,
  JOURNEY_PHOTO_LIMIT,
  RECORD_KEYS,
  RECORDS,
  unitFor,
  type HunterBoardKey,
  type RecordKey,
} from "~/lib/hall-of-fame";
import { journeyFigures, type CityVisit, type JourneyStop } from "~/lib/journey";
import { buildPhoto, photoSrc, THUMBNAIL_WIDTH, type Photo } from "~/lib/photos";
import { countryName, placeLabel } from "~/lib/places";
import { usStateName } from "~/lib/us-states";
import type { Executor } from "~/infra/db.server";

/**
 * Stores one Jimmy's Hall of Fame figures, computed from its own discoveries
 * (oldest first). Runs inside the write that changed them; a Jimmy without
 * discoveries has no row.
 */
export async function saveJourneyFigures(db: Executor, jimmyId: number, stops: readonly JourneyStop[]): Promise<void> {
  const figures = journeyFigures(stops);
  if (!figures) {
    await db.deleteFrom("jimmy_journeys").where("jimmy_id", "=", jimmyId).execute();
    return;
  }
  const row = {
    discovery_count: figures.discoveryCount.value,
    discovery_count_reached_at: figures.discoveryCount.reachedAt,
    path_miles: figures.pathMiles.value,
    path_miles_reached_at: figures.pathMiles.reachedAt,
    furthest_miles: figures.furthestMiles.value,
    furthest_miles_reached_at: figures.furthestMiles.reachedAt,
    journey_days: figures.journeyDays.value,
    journey_days_reached_at: figures.journeyDays.reachedAt,
    country_count: figures.countries.value.length,
    country_count_reached_at: figures.countries.reachedAt,
    state_count: figures.states.value.length,
    state_count_reached_at: figures.states.reachedAt,
    city_count: figures.cities.value.length,
    city_count_reached_at: figures.cities.reachedAt,
    countries: JSON.stringify(figures.countries.value),
    states: JSON.stringify(figures.states.value),
    cities: JSON.stringify(figures.cities.value),
  };
  await db
    .insertInto("jimmy_journeys")
    .values({ jimmy_id: jimmyId, ...row })
    .onConflict((oc) => oc.column("jimmy_id").doUpdateSet(row))
    .execute();
}

const FIGURE_COLUMN = {
  longestDistance: "path_miles",
  furthestJourney: "furthest_miles",
  mostDiscovered: "discovery_count",
  longestTraveler: "journey_days",
  mostCountries: "country_count",
  mostStates: "state_count",
  mostCities: "city_count",
} as const satisfies Record<RecordKey, string>;

export type JourneyPlace = { location: string | null; date: string };

export type HallOfFameRecord = {
  jimmySerialNumber: number;
  value: number;
  unit: string;
  description: string;
  discoveryCount: number;
  firstDiscovery: JourneyPlace;
  latestDiscovery: JourneyPlace & { photoUrl: string };
  discoveries: (JourneyPlace & { photoUrl: string })[];
  countries?: string[];
  states?: string[];
  cities?: string[];
};

/** The JSON answer of GET /api/hall-of-fame (SPEC.md §3): null where nobody holds a record yet. */
export type HallOfFameResponse = Record<RecordKey, HallOfFameRecord | null>;

/**
 * A record as the page shows it: the JSON fields but the list of discoveries,
 * which `journey` holds with thumbnails (and the JSON's photo URLs).
 */
/** Where a discovery was made, for telling its date in that place's time zone. */
type Coordinates = { latitude: number | null; longitude: number | null };

export type HallOfFameEntry = {
  record: Omit<HallOfFameRecord, "discoveries">;
  latestPhoto: Photo;
  journey: (JourneyPlace & Coordinates & { photo: Photo; photoUrl: string })[];
  /** Where the record's first and latest discoveries were made (the JSON API's record leaves them out). */
  firstAt: Coordinates;
  latestAt: Coordinates;
};

export type HallOfFame = Record<RecordKey, HallOfFameEntry | null>;

type JourneyRow = {
  location: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  created_at: string;
  photo_key: string;
  photo_variants: string;
  photo_width: number;
  photo_height: number;
};

function describePlace(row: Pick<JourneyRow, "location" | "city" | "region" | "country">): string | null {
  return row.location ?? placeLabel(row);
}

/**
 * The Hall of Fame: for each record, the holder is read from the precomputed
 * figures through an index (highest value, then earliest reached), and only
 * the holders' own journeys are loaded.
 */
export async function getHallOfFame(db: Executor, urlFor: (key: string) => string): Promise<HallOfFame> {
  const holders = await Promise.all(
    RECORD_KEYS.map(async (key) => {
      const column = FIGURE_COLUMN[key];
      const row = await db
        .selectFrom("jimmy_journeys")
        .innerJoin("jimmys", "jimmys.id", "jimmy_journeys.jimmy_id")
        .select([
          "jimmys.id",
          "jimmys.serial_number",
          `jimmy_journeys.${column} as value`,
          "jimmy_journeys.discovery_count",
          "jimmy_journeys.countries",
          "jimmy_journeys.states",
          "jimmy_journeys.cities",
        ])
        .where(`jimmy_journeys.${column}`, ">", 0)
        .orderBy(`jimmy_journeys.${column}`, "desc")
        .orderBy(`jimmy_journeys.${column}_reached_at`, "asc")
        .orderBy("jimmy_journeys.jimmy_id", "asc")
        .limit(1)
        .executeTakeFirst();
      return [key, row] as const;
    }),
  );

  // One Jimmy often holds several records: its journey is read and described once.
  const journeys = new Map<number, { rows: JourneyRow[]; shown: HallOfFameEntry["journey"]; latestPhoto: Photo | null }>();
  const thumbnail = (row: JourneyRow) =>
    buildPhoto(row.photo_key, row.photo_variants, row.photo_width, row.photo_height, urlFor, { neededWidth: THUMBNAIL_WIDTH });
  for (const [, holder] of holders) {
    if (!holder || journeys.has(holder.id)) continue;
    const rows = await loadJourney(db, holder.id);
    const latest = rows[rows.length - 1];
    journeys.set(holder.id, {
      rows,
      shown: rows.slice(-JOURNEY_PHOTO_LIMIT).map((row) => ({
        location: describePlace(row),
        date: row.created_at,
        latitude: row.latitude,
        longitude: row.longitude,
        photo: thumbnail(row),
        photoUrl: photoSrc(row.photo_key, row.photo_variants, row.photo_width, urlFor),
      })),
      latestPhoto: latest ? thumbnail(latest) : null,
    });
  }

  const result = {} as HallOfFame;
  for (const [key, holder] of holders) {
    const journey = holder ? journeys.get(holder.id) : undefined;
    const first = journey?.rows[0];
    const latest = journey?.rows[journey.rows.length - 1];
    const latestPhoto = journey?.latestPhoto;
    if (!holder || !journey || !first || !latest || !latestPhoto) {
      result[key] = null;
      continue;
    }
    const { shown } = journey;
    const value = Number(holder.value);
    const record: HallOfFameEntry["record"] = {
      jimmySerialNumber: holder.serial_number,
      value,
      unit: unitFor(key, value),
      description: RECORDS[key].definition,
      discoveryCount: holder.discovery_count,
      firstDiscovery: { location: describePlace(first), date: first.created_at },
      latestDiscovery: {
        location: describePlace(latest),
        date: latest.created_at,
        photoUrl: photoSrc(latest.photo_key, latest.photo_variants, latest.photo_width, urlFor),
      },
    };
    if (key === "mostCountries") record.countries = (JSON.parse(holder.countries) as string[]).map(countryName);
    if (key === "mostStates") record.states = (JSON.parse(holder.states) as string[]).map(usStateName);
    if (key === "mostCities") record.cities = (JSON.parse(holder.cities) as CityVisit[]).map((c) => placeLabel(c) ?? c.city);
    result[key] = {
      record,
      latestPhoto,
      journey: shown,
      firstAt: { latitude: first.latitude, longitude: first.longitude },
      latestAt: { latitude: latest.latitude, longitude: latest.longitude },
    };
  }
  return result;
}

/**
 * What a record shows of a holder's journey: its first discovery and its
 * latest JOURNEY_PHOTO_LIMIT, oldest first — two indexed reads however long
 * the journey is (a Jimmy found 20,000 times loaded all 20,000).
 */
async function loadJourney(db: Executor, jimmyId: number): Promise<JourneyRow[]> {
  const journey = () =>
    db
      .selectFrom("discoveries")
      .select([
        "id",
        "location",
        "city",
        "region",
        "country",
        "latitude",
        "longitude",
        "created_at",
        "photo_key",
        "photo_variants",
        "photo_width",
        "photo_height",
      ])
      .where("jimmy_id", "=", jimmyId);
  const [first, latest] = await Promise.all([
    journey().orderBy("created_at", "asc").orderBy("id", "asc").limit(1).executeTakeFirst(),
    journey().orderBy("created_at", "desc").orderBy("id", "desc").limit(JOURNEY_PHOTO_LIMIT).execute(),
  ]);
  latest.reverse();
  if (first && latest[0]?.id !== first.id) return [first, ...latest];
  return latest;
}

/** The JSON shape, without the page's photo sizes. */
export function hallOfFameResponse(hallOfFame: HallOfFame): HallOfFameResponse {
  const response = {} as HallOfFameResponse;
  for (const key of RECORD_KEYS) {
    const entry = hallOfFame[key];
    response[key] = entry
      ? { ...entry.record, discoveries: entry.journey.map(({ photoUrl, location, date }) => ({ photoUrl, location, date })) }
      : null;
  }
  return response;
}

const HUNTER_FIGURE_COLUMN = {
  discoveries: "discovery_count",
  firstDiscoveries: "first_discovery_count",
  countries: "country_count",
} as const satisfies Record<HunterBoardKey, string>;

/** A hunter's place on a leaderboard. */
export type HunterStanding = {
  rank: number;
  hunter: { id: number; firstName: string; lastName: string; profileImageUrl: string | null };
  value: number;
};

export type HunterBoards = Record<HunterBoardKey, HunterStanding[]>;

/**
 * The hunter leaderboards: for each figure, the hunters with the highest
 * value (ties to whoever reached it first, then the earlier sign-up), read as
 * the first entries of its index in hunter_figures. Hunters with none of a
 * figure are not on its board.
 */
export async function getHunterBoards(db: Executor, size = HUNTER_BOARD_SIZE): Promise<HunterBoards> {
  const boards = await Promise.all(
    HUNTER_BOARD_KEYS.map(async (key) => {
      const column = HUNTER_FIGURE_COLUMN[key];
      const rows = await db
        .selectFrom("hunter_figures as f")
        .innerJoin("users as u", "u.id", "f.user_id")
        .select(["u.id", "u.first_name", "u.last_name", "u.profile_image_url", `f.${column} as value`])
        .where(`f.${column}`, ">", 0)
        .orderBy(`f.${column}`, "desc")
        .orderBy(`f.${column}_reached_at`, "asc")
        .orderBy("f.user_id", "asc")
        .limit(size)
        .execute();
      const standings = rows.map((row, index): HunterStanding => ({
        rank: index + 1,
        hunter: { id: row.id, firstName: row.first_name, lastName: row.last_name, profileImageUrl: row.profile_image_url },
        value: Number(row.value),
      }));
      return [key, standings] as const;
    }),
  );
  return Object.fromEntries(boards) as HunterBoards;
}
