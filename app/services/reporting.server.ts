import { DEFAULT_CAPTION } from "~/lib/discoveries";
import { isUniqueViolation, type DB } from "./db.server";
import { findJimmyBySerial, refreshJimmyAggregates } from "~/models/jimmys.server";
import { insertDiscovery } from "~/models/discoveries.server";
import { notifyRediscovery } from "~/models/notifications.server";
import { deleteTempUpload, setTempUploadPhotoKey } from "~/models/uploads.server";
import { resolveLocation } from "./geo.server";
import { newPhotoKey, photoObjectKeys, storePhoto } from "./images.server";
import type { Storage } from "./storage.server";
import { claimUpload, UploadRejectedError } from "./uploads.server";

export type DiscoveryReport = {
  userId: number;
  serialNumber: number;
  tempPath: string;
  caption: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The hunter used the first-discovery form. */
  wantsFirst: boolean;
};

export type ReportOutcome = {
  discoveryId: number;
  isFirst: boolean;
  /** Asked to be the first discovery, but someone else's first discovery was recorded in the meantime. */
  wasAlreadyFound: boolean;
};

export class JimmyNotFoundError extends Error {
  override name = "JimmyNotFoundError";
}

/**
 * Publishes a discovery: claims the hunter's temporary upload, renders and
 * stores the photo's variants, then records the discovery and consumes the
 * upload in one transaction (no network call inside it), and finally deletes
 * the temporary object. If anything fails, nothing is recorded and the
 * variants written so far are removed.
 */
export async function reportDiscovery(db: DB, storage: Storage, report: DiscoveryReport, now = new Date()): Promise<ReportOutcome> {
  const jimmy = await findJimmyBySerial(db, report.serialNumber);
  if (!jimmy) throw new JimmyNotFoundError(`There is no Jimmy #${report.serialNumber}.`);

  const bytes = await claimUpload(db, storage, report.userId, report.tempPath, now);
  const photoKey = newPhotoKey(now);
  // Written before the variants: if this process dies before the discovery is
  // recorded, the sweeper finds and removes them.
  await setTempUploadPhotoKey(db, report.tempPath, photoKey);
  const photo = await storePhoto(storage, bytes, photoKey);
  const location = report.location?.trim() || null;
  const place = await resolveLocation({ latitude: report.latitude, longitude: report.longitude, location });

  const record = () =>
    db.transaction().execute(async (trx) => {
      if (!(await deleteTempUpload(trx, report.tempPath, report.userId))) {
        throw new UploadRejectedError("Your photo upload has expired or was already used. Please choose the photo again.", 400);
      }
      const alreadyFound = await trx
        .selectFrom("discoveries")
        .select("id")
        .where("jimmy_id", "=", jimmy.id)
        .where("is_first", "=", 1)
        .executeTakeFirst();
      const isFirst = !alreadyFound;
      const { id } = await insertDiscovery(trx, {
        jimmyId: jimmy.id,
        userId: report.userId,
        photo,
        caption: report.caption?.trim() || DEFAULT_CAPTION,
        location,
        latitude: place.latitude,
        longitude: place.longitude,
        locationApproximate: place.approximate,
        city: place.city,
        region: place.region,
        country: place.country,
        isFirst,
        createdAt: now.toISOString(),
      });
      await refreshJimmyAggregates(trx, jimmy.id);
      if (!isFirst) await notifyRediscovery(trx, { jimmyId: jimmy.id, discoveryId: id, finderId: report.userId, now });
      return { discoveryId: id, isFirst, wasAlreadyFound: report.wantsFirst && !isFirst };
    });

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
    throw error;
  }
  // The discovery is safe; a temporary object left behind by a failure here is the sweeper's.
  await storage.delete([report.tempPath]).catch(() => undefined);
  return outcome;
}
