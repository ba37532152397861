import { sql, type Kysely, type RawBuilder } from "kysely";
import { isPostgres } from "#db/migrations/dialect";
import type { Database, JimmyStatus } from "#db/schema";
import { encodeCursor, type Cursor, type DiscoveryCardData } from "~/lib/discoveries";
import { apiDecimal } from "~/lib/api";
import type { LatLng } from "~/lib/distance";
import { KM_PER_DEGREE, type Strip } from "~/lib/near-me";
import type { Translate } from "~/lib/language";
import type { PhotoUrl } from "~/lib/photos";
import { nowIso } from "~/lib/time";
import { selectCards, toCardData } from "./cards.server";
import { compiledOnce, type Executor } from "~/infra/db.server";

export function jimmyName(serialNumber: number): string {
  return `Jimmy #${serialNumber}`;
}

/** Mints the serials in [from, to] that do not exist yet; returns how many were new. */
export async function mintJimmys(db: Executor, from: number, to: number, now = new Date()): Promise<number> {
  let created = 0;
  const BATCH = 500;
  for (let start = from; start <= to; start += BATCH) {
    const rows = [];
    for (let serial = start; serial <= Math.min(to, start + BATCH - 1); serial++) {
      rows.push({ serial_number: serial, name: jimmyName(serial), status: "hidden" as JimmyStatus, minted_at: nowIso(now) });
    }
    const result = await db
      .insertInto("jimmys")
      .values(rows)
      .onConflict((oc) => oc.column("serial_number").doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}

/** The minted serials in [from, to], ascending. */
export async function listMintedSerials(db: Executor, from: number, to: number): Promise<number[]> {
  const rows = await db
    .selectFrom("jimmys")
    .select("serial_number")
    .where("serial_number", ">=", from)
    .where("serial_number", "<=", to)
    .orderBy("serial_number")
    .execute();
  return rows.map((r) => r.serial_number);
}

export async function findJimmyBySerial(db: Executor, serialNumber: number) {
  return (await jimmyBySerialQuery(db, serialNumber)).rows[0];
}

/** Every Jimmy page reads it: built and compiled once per database. */
const jimmyBySerialQuery = compiledOnce((db: Executor, serialNumber: number) =>
  db.selectFrom("jimmys").selectAll().where("serial_number", "=", serialNumber),
);

export async function findJimmyById(db: Executor, id: number) {
  return db.selectFrom("jimmys").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A discovered Jimmy as the map and GET /api/jimmys-locations show it (SPEC.md §3). */
export type JimmyLocation = {
  id: number;
  serialNumber: number;
  name: string;
  status: JimmyStatus;
  /** Decimal degrees as a string, as recorded (apiDecimal), null when its position is unknown. */
  latitude: string | null;
  longitude: string | null;
  location: string | null;
  discoveryCount: number;
  lastDiscoveryDate: string | null;
  /** Beyond SPEC.md §3: when the discovery that `location` comes from was made. */
  locatedAt: string | null;
  /** Beyond SPEC.md §3: true when the position is a city centre guessed from typed text, not measured. */
  locationApproximate: boolean;
  /** Beyond SPEC.md §3: how far (metres) the position may be from the spot, when its hunter published it approximately. */
  positionRadiusM: number | null;
};

export type JimmysLocations = { discovered: JimmyLocation[]; totalJimmys: number; discoveredCount: number };

/** Every discovered Jimmy with its current position, and how many Jimmys exist. */
export async function listJimmyLocations(db: Executor): Promise<JimmysLocations> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("jimmys")
      .select([
        "id",
        "serial_number",
        "name",
        "status",
        "latitude",
        "longitude",
        "location",
        "location_approximate",
        "position_radius_m",
        "located_at",
        "discovery_count",
        "last_discovery_at",
      ])
      .where("discovery_count", ">", 0)
      .orderBy("serial_number")
      .execute(),
    db
      .selectFrom("jimmys")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    discovered: rows.map((r) => ({
      id: r.id,
      serialNumber: r.serial_number,
      name: r.name,
      status: r.status,
      latitude: r.latitude === null || r.longitude === null ? null : apiDecimal(r.latitude),
      longitude: r.latitude === null || r.longitude === null ? null : apiDecimal(r.longitude),
      location: r.location,
      discoveryCount: r.discovery_count,
      lastDiscoveryDate: r.last_discovery_at,
      locatedAt: r.located_at,
      locationApproximate: r.location_approximate === 1,
      positionRadiusM: r.position_radius_m,
    })),
    totalJimmys: Number(total.n),
    discoveredCount: rows.length,
  };
}

/** How many discoveries one page of a Jimmy's timeline shows (a well-travelled Jimmy has hundreds). */
export const JIMMY_TIMELINE_PAGE_SIZE = 20;

export type JimmyPageData = {
  jimmy: { id: number; serialNumber: number; name: string; status: JimmyStatus; firstDiscoveryAt: string | null };
  stats: { discoveries: number; locations: number; daysSinceCreated: number };
  /** The newest discovery, whichever page of the timeline is shown. */
  latest: DiscoveryCardData | null;
  /** One page of the timeline, newest first, strictly before `before` when given. */
  discoveries: DiscoveryCardData[];
  /** Where the next (older) page starts, or null on the last page. */
  olderCursor: string | null;
  /** Moved by every write to the Jimmy's discoveries: its journey map is current while this is unchanged. */
  journeyVersion: number;
};

/**
 * Everything the Jimmy page shows but its comments; null for a serial never
 * minted. `limit: null` gives the whole timeline (the JSON API's contract).
 */
export async function getJimmyPage(
  db: Kysely<Database>,
  photoUrl: PhotoUrl,
  serialNumber: number,
  options: { viewerId?: number | null; now?: Date; before?: Cursor | null; limit?: number | null; t?: Translate } = {},
): Promise<JimmyPageData | null> {
  const jimmy = await findJimmyBySerial(db, serialNumber);
  if (!jimmy) return null;
  const limit = options.limit === null ? Math.max(jimmy.discovery_count, 1) : (options.limit ?? JIMMY_TIMELINE_PAGE_SIZE);
  const timeline = () =>
    selectCards(db, options.viewerId ?? null)
      .where("d.jimmy_id", "=", jimmy.id)
      .orderBy("d.created_at", "desc")
      .orderBy("d.id", "desc");
  const before = options.before;
  const [rows, newest, places] = await Promise.all([
    before
      ? timeline()
          .where((eb) => eb(eb.refTuple("d.created_at", "d.id"), "<", eb.tuple(before.createdAt, before.id)))
          .limit(limit + 1)
          .execute()
      : newestTimelineQuery(db, options.viewerId ?? -1, jimmy.id, limit + 1).then((result) => result.rows),
    before ? timeline().limit(1).executeTakeFirst() : Promise.resolve(undefined),
    jimmyPlacesQuery(db, jimmy.id).then((result) => result.rows[0]!),
  ]);
  const page = rows.slice(0, limit).map((row) => toCardData(row, photoUrl, options.t));
  const last = page[page.length - 1];
  const latestRow = before ? newest : rows[0];
  const now = options.now ?? new Date();
  const daysSinceCreated = jimmy.first_discovery_at
    ? Math.max(0, Math.floor((now.getTime() - Date.parse(jimmy.first_discovery_at)) / 86_400_000))
    : 0;
  return {
    jimmy: {
      id: jimmy.id,
      serialNumber: jimmy.serial_number,
      name: jimmy.name,
      status: jimmy.status,
      firstDiscoveryAt: jimmy.first_discovery_at,
    },
    stats: { discoveries: jimmy.discovery_count, locations: Number(places.n ?? 0), daysSinceCreated },
    latest: latestRow ? toCardData(latestRow, photoUrl, options.t) : null,
    discoveries: page,
    olderCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    journeyVersion: Number(jimmy.journey_version),
  };
}

/**
 * The first page of a Jimmy's timeline, newest first, and its count of
 * distinct places (kept with every write to discoveries,
 * derived-figures.server.ts): every Jimmy page runs both, so they are built
 * and compiled once per database. The viewer is -1 for nobody, as in selectCards.
 */
const newestTimelineQuery = compiledOnce((db: Executor, viewerId: number, jimmyId: number, limit: number) =>
  selectCards(db, viewerId).where("d.jimmy_id", "=", jimmyId).orderBy("d.created_at", "desc").orderBy("d.id", "desc").limit(limit),
);
const jimmyPlacesQuery = compiledOnce((db: Executor, jimmyId: number) =>
  db
    .selectFrom("jimmy_places")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("jimmy_id", "=", jimmyId),
);

/** A Jimmy's journey: its discoveries in time order (oldest first), with who found each and where. */
export function selectJourney(db: Executor, jimmyId: number) {
  return db
    .selectFrom("discoveries")
    .select([
      "id",
      "user_id",
      "created_at",
      "latitude",
      "longitude",
      "location",
      "location_approximate",
      "position_radius_m",
      "city",
      "region",
      "country",
    ])
    .where("jimmy_id", "=", jimmyId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc");
}

/** A Jimmy's located discoveries in time order, as its journey map draws and measures them (oldest first). */
export async function listJourneyStops(db: Kysely<Database>, jimmyId: number) {
  const rows = await selectJourney(db, jimmyId).where("latitude", "is not", null).where("longitude", "is not", null).execute();
  return rows.map((row) => ({
    id: row.id,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    createdAt: row.created_at,
    location: row.location,
    approximate: row.location_approximate === 1,
    radiusM: row.position_radius_m,
    city: row.city,
    region: row.region,
    country: row.country,
  }));
}

/** A Jimmy's last known position, as "Hunt near me" lists it. */
export type PositionedJimmy = {
  serialNumber: number;
  status: JimmyStatus;
  latitude: number;
  longitude: number;
  /** Its display place (as its finder typed it, else the derived town), from the discovery its position comes from. */
  location: string | null;
  approximate: boolean;
  /** When that discovery was made. */
  locatedAt: string | null;
};

/** Where a Jimmy was last seen, as the near-me search reads it from the position index alone. */
export type JimmyPosition = { serialNumber: number; latitude: number; longitude: number };

/**
 * The positions of the Jimmys last seen in `strips` (null: anywhere) and, when
 * given, `within` a circle, at most `limit` of them, in no particular order;
 * retired ones are out of the hunt.
 * Read from the position index alone (db/migrations/2026-11-25T0630-jimmy-positions.ts):
 * one short index range per band, and reading stops at `limit`, so the cost
 * follows what is in the strips, not the size of the hunt.
 */
export async function jimmyPositionsIn(
  db: Executor,
  strips: readonly Strip[] | null,
  limit: number,
  within?: { center: LatLng; radiusKm: number },
): Promise<JimmyPosition[]> {
  const query = positionsQuery(db, strips, limit, within);
  if (query === null) return [];
  const { rows } = await query.execute(db);
  return rows.map((r) => ({ serialNumber: r.serial_number, latitude: Number(r.latitude), longitude: Number(r.longitude) }));
}

/** jimmyPositionsIn's statement (null: nothing to read), apart so its plan can be checked. */
export function positionsQuery(
  db: Executor,
  strips: readonly Strip[] | null,
  limit: number,
  within?: { center: LatLng; radiusKm: number },
): RawBuilder<PositionRow> | null {
  const φ = within ? (within.center.latitude * Math.PI) / 180 : 0;
  const angle = within ? Math.min(Math.PI, within.radiusKm / KM_PER_DEGREE / (180 / Math.PI)) : 0;
  const inCircle = within
    ? sql`sin(radians(j.latitude)) * ${Math.sin(φ)} + cos(radians(j.latitude)) * ${Math.cos(φ)} * cos(radians(j.longitude - ${within.center.longitude})) >= ${Math.cos(angle) - 1e-12}`
    : sql`true`;
  if (strips === null) {
    return sql<PositionRow>`select j.serial_number, j.latitude, j.longitude from jimmys j
      where j.latitude is not null and j.longitude is not null and j.status != 'retired' and ${inCircle} limit ${limit}`;
  }
  // Every index range the strips cover, south to north: a band and a span of longitude each.
  const ranges = strips.flatMap(({ band: b, longitudes }) => (longitudes ?? [[-180, 180]]).map(([w, e]) => ({ b, w, e })));
  if (ranges.length === 0) return null;
  // The ranges go in as one JSON parameter, so every search is the same statement, prepared
  // once, whatever the circle; each range is one seek into the position index, in order, and
  // reading stops once `limit` rows are out.
  return isPostgres(db)
    ? sql<PositionRow>`select j.serial_number, j.latitude, j.longitude
        from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb) as s(b double precision, w double precision, e double precision)
        cross join lateral (select serial_number, latitude, longitude from jimmys
          where floor(latitude * 10) = s.b and longitude between s.w and s.e and status != 'retired') j
        where ${inCircle} limit ${limit}`
    : sql<PositionRow>`select j.serial_number, j.latitude, j.longitude
        from json_each(${JSON.stringify(ranges)}) s cross join jimmys j
        where floor(j.latitude * 10) = s.value ->> 'b' and j.longitude between s.value ->> 'w' and s.value ->> 'e'
          and j.status != 'retired' and ${inCircle} limit ${limit}`;
}

type PositionRow = { serial_number: number; latitude: number; longitude: number };

/** The Jimmys with these serials, with what "Hunt near me" shows of each. */
export async function findPositionedJimmys(db: Executor, serials: readonly number[]): Promise<PositionedJimmy[]> {
  if (serials.length === 0) return [];
  const rows = await db
    .selectFrom("jimmys")
    .select(["serial_number", "status", "latitude", "longitude", "location", "location_approximate", "located_at"])
    .where("serial_number", "in", serials)
    .execute();
  return rows.map((r) => ({
    serialNumber: r.serial_number,
    status: r.status,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    location: r.location,
    approximate: r.location_approximate === 1,
    locatedAt: r.located_at,
  }));
}
