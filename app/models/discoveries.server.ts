import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema";
import { encodeCursor, FEED_PAGE_SIZE, type Cursor, type DiscoveryCardData, type FeedPage } from "~/lib/discoveries";
import type { Translate } from "~/lib/language";
import { buildPhoto, parseVariants, type PhotoUrl } from "~/lib/photos";
import { formatCount, plural } from "~/lib/format";
import { displayPlace, type LocationInput, type ResolvedLocation } from "~/lib/places";
import { DISCOVERY_COLUMNS, selectCards, selectDiscoveriesWithHunter, toCardData, type CardRow } from "./cards.server";
import { compiledOnce, type Executor } from "~/infra/db.server";
import { clearMissing } from "./missing.server";
import { afterDiscoveriesChanged } from "./derived-figures.server";
import { guardedWrite, type IdempotencyGuard } from "./idempotency.server";
import { spendScanProof, type SpentScanProof } from "./scan-proofs.server";
import { notifyRediscovery } from "./notifications.server";
import { watchFoundJimmy } from "./watches.server";
import { deleteTempUpload } from "./uploads.server";

export type NewDiscoveryInput = {
  jimmyId: number;
  userId: number;
  photo: { key: string; width: number; height: number; variants: number[] };
  caption: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  locationApproximate?: boolean;
  /** How far (metres) the position may be from the spot, when the hunter published it approximately. */
  positionRadiusM?: number | null;
  city?: string | null;
  region?: string | null;
  country?: string | null;
  isFirst: boolean;
  createdAt: string;
};

/** Inserts a discovery and brings the derived figures in step, inside the caller's transaction. */
export async function insertDiscovery(trx: Transaction<Database>, input: NewDiscoveryInput) {
  const row = await trx
    .insertInto("discoveries")
    .values({
      jimmy_id: input.jimmyId,
      user_id: input.userId,
      photo_key: input.photo.key,
      photo_width: input.photo.width,
      photo_height: input.photo.height,
      photo_variants: input.photo.variants.join(","),
      caption: input.caption,
      location: input.location,
      latitude: input.latitude,
      longitude: input.longitude,
      location_approximate: input.locationApproximate ? 1 : 0,
      position_radius_m: input.positionRadiusM ?? null,
      city: input.city ?? null,
      region: input.region ?? null,
      country: input.country ?? null,
      is_first: input.isFirst ? 1 : 0,
      created_at: input.createdAt,
    })
    .returning(["id"])
    .executeTakeFirstOrThrow();
  // Found again: whoever reported it gone was wrong, or it has moved on.
  await clearMissing(trx, input.jimmyId);
  await watchFoundJimmy(trx, { userId: input.userId, jimmyId: input.jimmyId, at: input.createdAt });
  await afterDiscoveriesChanged(trx, { jimmyIds: [input.jimmyId], hunterIds: [input.userId], recorded: row.id });
  return row;
}

/** The hunter's temporary upload was used or expired before the report was recorded. */
export class TempUploadGoneError extends Error {
  override name = "TempUploadGoneError";
}

export type ReportedDiscovery = Omit<NewDiscoveryInput, "isFirst"> & {
  /** The temporary upload the photo came from: consumed in the same transaction. */
  tempPath: string;
  wantsFirst: boolean;
  /** The scan proof that proved possession: used up in the same transaction (ScanProofUsedError if it already was). */
  spentProof?: SpentScanProof | null;
};

export type RecordedReport = { discoveryId: number; isFirst: boolean; wasAlreadyFound: boolean };

/**
 * Records a hunter's report in one transaction, under its idempotency guard:
 * consumes the temporary upload (TempUploadGoneError when it is gone) and the
 * scan proof it came with (ScanProofUsedError when already used), marks
 * the discovery the Jimmy's first when none is yet, updates the figures
 * derived from it (insertDiscovery) and tells the Jimmy's watchers it was found again.
 */
export async function recordReportedDiscovery(
  db: Kysely<Database>,
  guard: IdempotencyGuard | null,
  { tempPath, wantsFirst, spentProof, ...input }: ReportedDiscovery,
  now = new Date(),
): Promise<RecordedReport> {
  return db.transaction().execute((trx) =>
    guardedWrite(
      trx,
      guard,
      async (): Promise<RecordedReport> => {
        if (!(await deleteTempUpload(trx, tempPath, input.userId))) throw new TempUploadGoneError();
        if (spentProof) await spendScanProof(trx, spentProof);
        const alreadyFound = await trx
          .selectFrom("discoveries")
          .select("id")
          .where("jimmy_id", "=", input.jimmyId)
          .where("is_first", "=", 1)
          .executeTakeFirst();
        const isFirst = !alreadyFound;
        const { id } = await insertDiscovery(trx, { ...input, isFirst });
        // Watchers of a Jimmy never found before hear of its first find too.
        await notifyRediscovery(trx, { jimmyId: input.jimmyId, discoveryId: id, finderId: input.userId, now });
        return { discoveryId: id, isFirst, wasAlreadyFound: wantsFirst && !isFirst };
      },
      now,
    ),
  );
}

/** Records a discovery and updates the figures derived from it in one transaction. */
export async function recordDiscovery(db: Kysely<Database>, input: NewDiscoveryInput) {
  return db.transaction().execute((trx) => insertDiscovery(trx, input));
}

/** The cards of a feed, with or without first discoveries, before its other filters and its order. */
function feedQuery(db: Executor, viewerId: number | null, includeFirst: boolean) {
  const query = selectCards(db, viewerId);
  return includeFirst ? query : query.where("d.is_first", "=", 0);
}

/**
 * The first page of the newest discoveries, built and compiled once per
 * database (compiledOnce): the home page and All Discoveries run it on every
 * request. The viewer is -1 for nobody, as in selectCards.
 */
const newestQuery = (includeFirst: boolean) =>
  compiledOnce((db: Executor, viewerId: number, limit: number) =>
    feedQuery(db, viewerId, includeFirst).orderBy("d.created_at", "desc").orderBy("d.id", "desc").limit(limit).offset(0),
  );
const newestCardsQuery = newestQuery(true);
const newestRegularCardsQuery = newestQuery(false);

/**
 * One page of discoveries, newest first, continuing strictly after `after`
 * (keyset pagination: new discoveries never shift later pages).
 */
export async function listDiscoveries(
  db: Kysely<Database>,
  photoUrl: PhotoUrl,
  options: {
    includeFirst: boolean;
    after?: Cursor | null;
    offset?: number;
    limit?: number;
    viewerId?: number | null;
    /** Only this hunter's discoveries (their profile). */
    hunterId?: number;
    /** Only this Jimmy's discoveries (its feed). */
    jimmyId?: number;
    /** Words the cards (the reader's `t`); English without one. */
    t?: Translate;
  },
): Promise<FeedPage> {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  const viewerId = options.viewerId ?? null;
  let rows: CardRow[];
  if (options.hunterId === undefined && options.jimmyId === undefined && !options.after && !options.offset) {
    // The newest discoveries (the home page, All Discoveries): the same statement on every request.
    const newest = options.includeFirst ? newestCardsQuery : newestRegularCardsQuery;
    rows = (await newest(db, viewerId ?? -1, limit + 1)).rows;
  } else {
    let query = feedQuery(db, viewerId, options.includeFirst);
    if (options.hunterId !== undefined) query = query.where("d.user_id", "=", options.hunterId);
    if (options.jimmyId !== undefined) query = query.where("d.jimmy_id", "=", options.jimmyId);
    if (options.after) {
      const { createdAt, id } = options.after;
      query = query.where((eb) => eb(eb.refTuple("d.created_at", "d.id"), "<", eb.tuple(createdAt, id)));
    }
    rows = await query
      .orderBy("d.created_at", "desc")
      .orderBy("d.id", "desc")
      .limit(limit + 1)
      .offset(options.after ? 0 : (options.offset ?? 0))
      .execute();
  }
  const page = rows.slice(0, limit).map((row) => toCardData(row, photoUrl, options.t));
  const last = page[page.length - 1];
  return {
    discoveries: page,
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** How many discoveries there are, from the total kept with every write (counting rows would read them all). */
export async function countDiscoveries(db: Kysely<Database>): Promise<number> {
  const row = (await discoveryCountQuery(db)).rows[0];
  return Number(row?.discovery_count ?? 0);
}

/** Read on every page of All Discoveries: built and compiled once per database. */
const discoveryCountQuery = compiledOnce((db: Executor) => db.selectFrom("hunt_totals").select("discovery_count").where("id", "=", 1));

type PlaceResolver = (input: LocationInput) => Promise<ResolvedLocation>;

export type GeographyBackfillReport = { checked: number; updated: number; jimmysRefreshed: number };

/**
 * Derives the geography of every existing discovery again (city, state,
 * country; approximate coordinates for typed-only known cities) and
 * recomputes every discovered Jimmy's figures. Rows whose geography is
 * already right are left alone, so a second run changes nothing. Each batch's
 * changes are written in one transaction with the figures they move; places
 * are resolved before it, outside any transaction.
 */
export async function backfillGeography(
  db: Kysely<Database>,
  resolve: PlaceResolver,
  log: (line: string) => void = () => undefined,
): Promise<GeographyBackfillReport> {
  const report: GeographyBackfillReport = { checked: 0, updated: 0, jimmysRefreshed: 0 };
  const BATCH = 500;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom("discoveries")
      .select(["id", "jimmy_id", "user_id", "location", "latitude", "longitude", "location_approximate", "city", "region", "country"])
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    const changes: { id: number; jimmyId: number; hunterId: number; next: Partial<(typeof rows)[number]> }[] = [];
    for (const row of rows) {
      report.checked++;
      // Approximate coordinates were derived from the text: derive them again.
      const measured = row.location_approximate === 1 ? null : row;
      const place = await resolve({
        latitude: measured?.latitude ?? null,
        longitude: measured?.longitude ?? null,
        location: row.location,
      });
      const next = {
        latitude: place.latitude,
        longitude: place.longitude,
        location_approximate: place.approximate ? 1 : 0,
        city: place.city,
        region: place.region,
        country: place.country,
      };
      const unchanged = (Object.keys(next) as (keyof typeof next)[]).every((key) => row[key] === next[key]);
      if (unchanged) continue;
      changes.push({ id: row.id, jimmyId: row.jimmy_id, hunterId: row.user_id, next });
    }
    if (changes.length > 0) {
      await db.transaction().execute(async (trx) => {
        for (const { id, next } of changes) await trx.updateTable("discoveries").set(next).where("id", "=", id).execute();
        await afterDiscoveriesChanged(trx, { jimmyIds: changes.map((c) => c.jimmyId), hunterIds: changes.map((c) => c.hunterId) });
      });
      report.updated += changes.length;
    }
    log(`Checked ${plural(report.checked, "discovery", "discoveries")}, updated ${formatCount(report.updated)}`);
  }

  const jimmys = await db.selectFrom("discoveries").select("jimmy_id").distinct().orderBy("jimmy_id").execute();
  for (const { jimmy_id } of jimmys) {
    await db.transaction().execute((trx) => afterDiscoveriesChanged(trx, { jimmyIds: [jimmy_id], hunterIds: [] }));
    report.jimmysRefreshed++;
  }
  log(`Recomputed the figures of ${plural(report.jimmysRefreshed, "Jimmy", "Jimmys")}`);
  return report;
}

/** A discovery as the admin list shows it. */
export type AdminDiscovery = {
  id: number;
  serialNumber: number;
  hunterName: string;
  photo: ReturnType<typeof buildPhoto>;
  caption: string;
  location: string | null;
  /** How every page names the place (displayPlace). */
  place: string | null;
  isFirst: boolean;
  createdAt: string;
  /** Where it was found, for its date in that place's time zone. */
  latitude: number | null;
  longitude: number | null;
};

function selectAdminDiscoveries(db: Kysely<Database>) {
  return selectDiscoveriesWithHunter(db).select([...DISCOVERY_COLUMNS, "j.serial_number", "u.first_name", "u.last_name"]);
}

function toAdminDiscovery(
  row: Awaited<ReturnType<ReturnType<typeof selectAdminDiscoveries>["executeTakeFirstOrThrow"]>>,
  photoUrl: PhotoUrl,
): AdminDiscovery {
  return {
    id: row.id,
    serialNumber: row.serial_number,
    hunterName: `${row.first_name} ${row.last_name}`.trim(),
    photo: buildPhoto(row.photo_key, row.photo_variants, row.photo_width, row.photo_height, photoUrl),
    caption: row.caption,
    location: row.location,
    place: displayPlace({ ...row, approximate: row.location_approximate === 1 }),
    isFirst: row.is_first === 1,
    createdAt: row.created_at,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** One numbered page of every discovery, newest first, and how many there are. */
/**
 * One page of the admin list, newest first. `upto` pins the list to the
 * discoveries that existed when the admin opened page 1 (ids only grow), so
 * hunters reporting meanwhile do not push rows from one page onto the next.
 */
export async function listDiscoveriesForAdmin(
  db: Kysely<Database>,
  photoUrl: PhotoUrl,
  { page, pageSize, upto }: { page: number; pageSize: number; upto?: number },
): Promise<{ discoveries: AdminDiscovery[]; total: number; upto: number }> {
  const newest =
    upto ??
    Number(
      (
        await db
          .selectFrom("discoveries")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const [rows, counted] = await Promise.all([
    selectAdminDiscoveries(db)
      .where("d.id", "<=", newest)
      .orderBy("d.created_at", "desc")
      .orderBy("d.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("discoveries")
      .where("id", "<=", newest)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { discoveries: rows.map((row) => toAdminDiscovery(row, photoUrl)), total: Number(counted.n), upto: newest };
}

export async function findDiscoveryForAdmin(db: Kysely<Database>, photoUrl: PhotoUrl, id: number): Promise<AdminDiscovery | null> {
  const row = await selectAdminDiscoveries(db).where("d.id", "=", id).executeTakeFirst();
  return row ? toAdminDiscovery(row, photoUrl) : null;
}

export type StoredPhotoRef = { key: string; variants: number[] };

/** Where a discovery's photo is stored, or null when there is no such discovery. */
export async function findDiscoveryPhoto(db: Kysely<Database>, id: number): Promise<StoredPhotoRef | null> {
  const row = await db.selectFrom("discoveries").select(["photo_key", "photo_variants"]).where("id", "=", id).executeTakeFirst();
  return row ? { key: row.photo_key, variants: parseVariants(row.photo_variants) } : null;
}

/**
 * Deletes a discovery (its likes and notifications go with it) and
 * recomputes its Jimmy's figures in one transaction. When it was the Jimmy's
 * first discovery, the earliest remaining one becomes the first. Returns the
 * photo the caller must remove from storage once this has committed, or null
 * when there was no such discovery.
 */
export async function deleteDiscovery(
  db: Kysely<Database>,
  id: number,
): Promise<{ photo: StoredPhotoRef; jimmyId: number; serialNumber: number } | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("discoveries as d")
      .innerJoin("jimmys as j", "j.id", "d.jimmy_id")
      .select(["d.jimmy_id", "d.user_id", "d.photo_key", "d.photo_variants", "d.is_first", "j.serial_number"])
      .where("d.id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom("discoveries").where("id", "=", id).execute();
    // Its page (and every link shared to it) now answers 410 Gone.
    await trx
      .insertInto("removed_discoveries")
      .values({ id, jimmy_id: row.jimmy_id, removed_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    // Whoever found the next-earliest discovery becomes the Jimmy's first finder: their figures move too.
    const hunterIds = [row.user_id];
    if (row.is_first === 1) {
      const next = await trx
        .selectFrom("discoveries")
        .select(["id", "user_id"])
        .where("jimmy_id", "=", row.jimmy_id)
        .orderBy("created_at", "asc")
        .orderBy("id", "asc")
        .executeTakeFirst();
      if (next) {
        await trx.updateTable("discoveries").set({ is_first: 1 }).where("id", "=", next.id).execute();
        hunterIds.push(next.user_id);
      }
    }
    await afterDiscoveriesChanged(trx, { jimmyIds: [row.jimmy_id], hunterIds });
    return {
      photo: { key: row.photo_key, variants: parseVariants(row.photo_variants) },
      jimmyId: row.jimmy_id,
      serialNumber: row.serial_number,
    };
  });
}

/** Points a discovery at a newly stored photo; returns the old photo (to remove), or null when there is no such discovery. */
export async function replaceDiscoveryPhoto(
  db: Kysely<Database>,
  id: number,
  photo: { key: string; width: number; height: number; variants: number[] },
): Promise<StoredPhotoRef | null> {
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom("discoveries")
      .select(["photo_key", "photo_variants", "jimmy_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!old) return null;
    await trx
      .updateTable("discoveries")
      .set({ photo_key: photo.key, photo_width: photo.width, photo_height: photo.height, photo_variants: photo.variants.join(",") })
      .where("id", "=", id)
      .execute();
    // Its Jimmy's figures stay, but pages that keep what they read (the Hall of Fame's journey photos) must read it again.
    await afterDiscoveriesChanged(trx, { jimmyIds: [old.jimmy_id], hunterIds: [] });
    return { key: old.photo_key, variants: parseVariants(old.photo_variants) };
  });
}

export type OwnedDiscovery = AdminDiscovery & {
  userId: number;
  jimmyId: number;
  locationApproximate: boolean;
};

/** A discovery with its hunter's id and where it was found, for its hunter's edit and delete pages; null when there is none. */
export async function findDiscoveryWithOwner(db: Kysely<Database>, photoUrl: PhotoUrl, id: number): Promise<OwnedDiscovery | null> {
  const row = await selectAdminDiscoveries(db)
    .select(["d.user_id", "d.jimmy_id", "d.location_approximate"])
    .where("d.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toAdminDiscovery(row, photoUrl),
    userId: row.user_id,
    jimmyId: row.jimmy_id,
    locationApproximate: row.location_approximate === 1,
  };
}

/**
 * Changes a discovery's caption and location (with the place derived from it)
 * and recomputes its Jimmy's figures, in one transaction; false when the
 * discovery no longer exists.
 */
export async function updateDiscoveryText(
  db: Kysely<Database>,
  id: number,
  input: { caption: string; location: string | null; place: ResolvedLocation },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("discoveries").select(["jimmy_id", "user_id"]).where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable("discoveries")
      .set({
        caption: input.caption,
        location: input.location,
        latitude: input.place.latitude,
        longitude: input.place.longitude,
        location_approximate: input.place.approximate ? 1 : 0,
        // A measured position stays, rounded as its hunter chose; one guessed from the text is no rounded spot.
        ...(input.place.approximate || input.place.latitude === null ? { position_radius_m: null } : {}),
        city: input.place.city,
        region: input.place.region,
        country: input.place.country,
      })
      .where("id", "=", id)
      .execute();
    // A new place may be a new country for its hunter, or the last of one.
    await afterDiscoveriesChanged(trx, { jimmyIds: [row.jimmy_id], hunterIds: [row.user_id] });
    return true;
  });
}

export type DiscoveryPage =
  { found: true; discovery: DiscoveryCardData } | { found: false; removed: { serialNumber: number | null } | null };

/** One discovery for its own page, with the viewer's like; a removed one says so, with its Jimmy when that is still there. */
export async function findDiscoveryPage(
  db: Kysely<Database>,
  photoUrl: PhotoUrl,
  id: number,
  viewerId: number | null,
  t?: Translate,
): Promise<DiscoveryPage> {
  const row = await selectCards(db, viewerId).where("d.id", "=", id).executeTakeFirst();
  if (row) return { found: true, discovery: toCardData(row, photoUrl, t) };
  const removed = await db
    .selectFrom("removed_discoveries as r")
    .leftJoin("jimmys as j", "j.id", "r.jimmy_id")
    .select("j.serial_number")
    .where("r.id", "=", id)
    .executeTakeFirst();
  return { found: false, removed: removed ? { serialNumber: removed.serial_number } : null };
}

/** The photo of the newest discovery of a Jimmy, or of a hunter's: what their link previews show. */
export async function latestPhotoOf(db: Kysely<Database>, by: { jimmyId: number } | { userId: number }): Promise<StoredPhotoRef | null> {
  let query = db.selectFrom("discoveries").select(["photo_key", "photo_variants"]);
  query = "jimmyId" in by ? query.where("jimmy_id", "=", by.jimmyId) : query.where("user_id", "=", by.userId);
  const row = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row ? { key: row.photo_key, variants: parseVariants(row.photo_variants) } : null;
}

/** The ids of a hunter's discoveries, newest first. */
export function discoveryIdsOfHunter(db: Kysely<Database>, userId: number) {
  return db.selectFrom("discoveries").select("id").where("user_id", "=", userId).orderBy("id", "desc").execute();
}
