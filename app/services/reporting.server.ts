import { positionRadius, publishedPosition, type LocationPrecision } from "~/lib/location-precision";
import { DEFAULT_CAPTION } from "~/lib/discoveries";
import { isUniqueViolation, type DB } from "~/infra/db.server";
import { findIdempotentResult, IdempotentReplay, type IdempotencyGuard } from "~/models/idempotency.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { recordReportedDiscovery, TempUploadGoneError } from "~/models/discoveries.server";
import { setTempUploadPhotoKey } from "~/models/uploads.server";
import { resolvePublishedPlace } from "./geo.server";
import { newPhotoKey, photoObjectKeys, storePhoto } from "./images.server";
import type { Storage } from "~/infra/storage.server";
import { claimUpload, discardUpload, UploadRejectedError } from "./uploads.server";
import { msg } from "~/lib/language";
import { scanProofHolds, scanProofRecord } from "./possession.server";

export type DiscoveryReport = {
  userId: number;
  serialNumber: number;
  tempPath: string;
  caption: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  /** "approximate": the coordinates are rounded to about 1 km before anything is stored or looked up. */
  precision?: LocationPrecision;
  /** The hunter used the first-discovery form. */
  wantsFirst: boolean;
  /** The client's idempotency key: a repeat answers the first report's outcome (docs/api.md). */
  idempotencyKey?: string | null;
  /** What the request asked (hashRequest of reportRequestFields): the key sent again with another report is refused. */
  requestHash?: string;
  /** The scan proof the report came with: if it is what proved possession, recording the discovery uses it up. */
  scanProof?: string | null;
};

export type ReportOutcome = {
  discoveryId: number;
  isFirst: boolean;
  /** Asked to be the first discovery, but someone else's first discovery was recorded in the meantime. */
  wasAlreadyFound: boolean;
  /** This request repeated an earlier one with the same idempotency key; nothing new was recorded. */
  replayed?: boolean;
};

/** A hunter's report key: reports are scoped to the hunter who sent them. */
export function reportGuard(userId: number, key: string | null | undefined, request?: string): IdempotencyGuard | null {
  return key ? { scope: `user:${userId}`, key, kind: "report", request } : null;
}

/**
 * The fields that make a report the report it is, for its request hash: what
 * the discovery will say. Not the photo (a form sent again streams the same
 * photo into a new temporary upload), nor how possession was proven (a retry
 * may bring the label's code where the first had a scan proof).
 */
export function reportRequestFields(report: {
  caption?: string | null;
  location?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
  precision?: string | null;
}): Record<string, unknown> {
  const text = (value: unknown) => (value === null || value === undefined ? "" : String(value).trim());
  return {
    caption: text(report.caption),
    location: text(report.location),
    latitude: text(report.latitude),
    longitude: text(report.longitude),
    precision: report.precision === "approximate" ? "approximate" : "exact",
  };
}

/** The outcome already recorded under this key, if this report repeats one (IdempotencyKeyReusedError if the key was used for another). */
export async function findReportedOutcome(db: DB, guard: IdempotencyGuard | null, now = new Date()): Promise<ReportOutcome | null> {
  const first = guard ? await findIdempotentResult<ReportOutcome>(db, guard, now) : null;
  return first ? { ...first, replayed: true } : null;
}

export class JimmyNotFoundError extends Error {
  override name = "JimmyNotFoundError";
  constructor(readonly serial: number) {
    super(`There is no Jimmy #${serial}.`);
  }
}

/**
 * Publishes a discovery: claims the hunter's temporary upload, renders and
 * stores the photo's variants, then records the discovery and consumes the
 * upload in one transaction (no network call inside it), and finally deletes
 * the temporary object. If anything fails, nothing is recorded and the
 * variants written so far are removed.
 *
 * With an idempotency key, a report that repeats one already recorded
 * answers that outcome (`replayed`) before touching the upload, which the
 * first has used. A repeat racing the first waits at the key's claim inside
 * the recording transaction and then answers the first's outcome too.
 */
export async function reportDiscovery(db: DB, storage: Storage, report: DiscoveryReport, now = new Date()): Promise<ReportOutcome> {
  const guard = reportGuard(report.userId, report.idempotencyKey, report.requestHash);
  const recorded = await findReportedOutcome(db, guard, now);
  if (recorded) return recorded;
  const jimmy = await findJimmyBySerial(db, report.serialNumber);
  if (!jimmy) throw new JimmyNotFoundError(report.serialNumber);

  // A place that is none is refused before the upload is touched: the hunter mends the text and sends the same photo.
  const location = report.location?.trim() || null;
  const measured =
    report.latitude !== null && report.longitude !== null
      ? publishedPosition({ latitude: report.latitude, longitude: report.longitude }, report.precision ?? "exact")
      : { latitude: report.latitude, longitude: report.longitude };
  const place = await resolvePublishedPlace({ ...measured, location });

  let bytes: Buffer;
  try {
    bytes = await claimUpload(db, storage, report.userId, report.tempPath, now);
  } catch (error) {
    // A repeat racing its first request: the first may have used the upload and finished meanwhile.
    const first = error instanceof UploadRejectedError ? await findReportedOutcome(db, guard, now) : null;
    if (first) return first;
    throw error;
  }
  const photoKey = newPhotoKey(now);
  // Written before the variants: if this process dies before the discovery is
  // recorded, the sweeper finds and removes them.
  await setTempUploadPhotoKey(db, report.tempPath, photoKey);
  const photo = await storePhoto(storage, bytes, photoKey);
  // A proof already used did not prove this report (a typed code did), so only one still holding is used up.
  const proof = report.scanProof ?? "";
  const spentProof = proof && (await scanProofHolds(db, proof, report.serialNumber, report.userId, now)) ? scanProofRecord(proof) : null;

  const record = async (): Promise<ReportOutcome> => {
    try {
      return await recordReportedDiscovery(
        db,
        guard,
        {
          tempPath: report.tempPath,
          wantsFirst: report.wantsFirst,
          spentProof,
          jimmyId: jimmy.id,
          userId: report.userId,
          photo,
          caption: report.caption?.trim() || DEFAULT_CAPTION,
          location,
          latitude: place.latitude,
          longitude: place.longitude,
          locationApproximate: place.approximate,
          positionRadiusM: measured.latitude !== null && !place.approximate ? positionRadius(report.precision ?? "exact") : null,
          city: place.city,
          region: place.region,
          country: place.country,
          createdAt: now.toISOString(),
        },
        now,
      );
    } catch (error) {
      if (error instanceof TempUploadGoneError) {
        throw new UploadRejectedError(msg("Your photo upload has expired or was already used. Please choose the photo again."), 400);
      }
      throw error;
    }
  };

  let outcome: ReportOutcome;
  try {
    try {
      outcome = await record();
    } catch (error) {
      // Another process recorded this Jimmy's first discovery at the same
      // moment; the database's one-first-per-Jimmy index decided the race.
      // Running again records this one as a regular discovery.
      if (!isUniqueViolation(error)) throw error;
      outcome = await record();
    }
  } catch (error) {
    await storage.delete(photoObjectKeys(photo.key, photo.variants)).catch(() => undefined);
    if (error instanceof IdempotentReplay) {
      // The first request recorded the report while this one rendered its copy; an upload of this one's own goes too.
      await discardUpload(db, storage, report.userId, report.tempPath);
      return { ...(error.result as ReportOutcome), replayed: true };
    }
    throw error;
  }
  // The discovery is safe; a temporary object left behind by a failure here is the sweeper's.
  await storage.delete([report.tempPath]).catch(() => undefined);
  return outcome;
}
