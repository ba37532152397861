import { flagReasonLabel } from "~/lib/flags";
import { recordAdminAction } from "~/models/audit-log.server";
import { deleteComment } from "~/models/comments.server";
import { deleteDiscovery, findDiscoveryPhoto, replaceDiscoveryPhoto } from "~/models/discoveries.server";
import { dismissFlags, openFlagSummary, type FlagTarget } from "~/models/flags.server";
import type { DB } from "~/infra/db.server";
import { photoObjectKeys, photoStoredKeys, storePhoto } from "./images.server";
import type { Storage } from "~/infra/storage.server";
import { metrics } from "~/infra/metrics.server";

export const STORAGE_DOWN_DELETE_TEXT = "Photo storage isn't answering, so nothing was deleted. Please try again in a minute.";

/**
 * Deletes a discovery (its Jimmy's figures are recomputed in the same
 * transaction), removes its photos and writes the audit log. Null when there
 * is no such discovery. Shared by the admin panel, the JSON API and the
 * hunter deleting their own (`byHunter`, logged as theirs).
 *
 * Storage is asked about the photo first: when it is down this throws
 * StorageUnavailableError with nothing deleted, so the admin can retry,
 * rather than deleting the row and stranding its photos.
 */
export async function moderateDeleteDiscovery(
  db: DB,
  storage: Storage,
  { id, clientAddress, byHunter }: { id: number; clientAddress: string; byHunter?: number },
): Promise<{ serialNumber: number } | null> {
  const stored = await findDiscoveryPhoto(db, id);
  if (!stored) return null;
  const [firstKey] = photoObjectKeys(stored.key, stored.variants);
  if (firstKey) await storage.head(firstKey);
  const deleted = await deleteDiscovery(db, id);
  if (!deleted) return null;
  // The row is gone; photos left behind by a storage hiccup are unreachable and harmless.
  await storage.delete(photoStoredKeys(deleted.photo.key, deleted.photo.variants)).catch((error) => {
    metrics().backgroundFailures.inc({ task: "photo-removal" });
    console.error("Removing a deleted discovery's photos failed", error);
  });
  await recordAdminAction(db, {
    action: byHunter === undefined ? "delete_discovery" : "hunter_delete_discovery",
    targetType: "discovery",
    targetId: id,
    detail: byHunter === undefined ? `Jimmy #${deleted.serialNumber}` : `Jimmy #${deleted.serialNumber}, by its hunter (user ${byHunter})`,
    clientAddress,
  });
  return { serialNumber: deleted.serialNumber };
}

/** Deletes a comment (its Jimmy's count kept in step) and writes the audit log; null when there is no such comment. */
export async function moderateDeleteComment(
  db: DB,
  { id, clientAddress }: { id: number; clientAddress: string },
): Promise<{ serialNumber: number } | null> {
  const deleted = await deleteComment(db, id);
  if (!deleted) return null;
  await recordAdminAction(db, {
    action: "delete_comment",
    targetType: "comment",
    targetId: id,
    detail: `Jimmy #${deleted.serialNumber}`,
    clientAddress,
  });
  return { serialNumber: deleted.serialNumber };
}

function flagsDetail(summary: { count: number; reasons: string[] }): string {
  return `${summary.count} ${summary.count === 1 ? "flag" : "flags"}: ${summary.reasons.map(flagReasonLabel).join(", ")}`;
}

/**
 * Accepts the flags on a discovery or comment: deletes it through the same
 * path as the admin's Delete (which logs the deletion; its flags go with it)
 * and logs the decision with how many flags there were and why. Null when it
 * no longer exists. Throws StorageUnavailableError, nothing deleted, when a
 * discovery's photo storage is down.
 */
export async function acceptFlags(db: DB, storage: Storage, { target, clientAddress }: { target: FlagTarget; clientAddress: string }) {
  const summary = await openFlagSummary(db, target);
  const deleted =
    target.kind === "discovery"
      ? await moderateDeleteDiscovery(db, storage, { id: target.id, clientAddress })
      : await moderateDeleteComment(db, { id: target.id, clientAddress });
  if (!deleted) return null;
  await recordAdminAction(db, {
    action: "accept_flags",
    targetType: target.kind,
    targetId: target.id,
    detail: flagsDetail(summary),
    clientAddress,
  });
  return deleted;
}

/** Dismisses the open flags on a discovery or comment, which stays, and logs the decision; false when there were none. */
export async function rejectFlags(db: DB, { target, clientAddress }: { target: FlagTarget; clientAddress: string }): Promise<boolean> {
  const summary = await openFlagSummary(db, target);
  const dismissed = await dismissFlags(db, target);
  if (dismissed === 0) return false;
  await recordAdminAction(db, {
    action: "dismiss_flags",
    targetType: target.kind,
    targetId: target.id,
    detail: flagsDetail(summary),
    clientAddress,
  });
  return true;
}

/**
 * Re-encodes `bytes` through the same pipeline as reports (it throws
 * UnsupportedPhotoError for anything that is not a usable photo), swaps it in,
 * removes the old photo and writes the audit log. False when the discovery no
 * longer exists (nothing is left behind).
 */
export async function moderateReplaceImage(
  db: DB,
  storage: Storage,
  { id, bytes, clientAddress }: { id: number; bytes: Buffer; clientAddress: string },
): Promise<boolean> {
  const photo = await storePhoto(storage, bytes);
  const old = await replaceDiscoveryPhoto(db, id, photo).catch(async (error: unknown) => {
    await storage.delete(photoStoredKeys(photo.key, photo.variants)).catch(() => undefined);
    throw error;
  });
  if (!old) {
    // Deleted while the image was being processed.
    await storage.delete(photoStoredKeys(photo.key, photo.variants)).catch(() => undefined);
    return false;
  }
  await storage.delete(photoStoredKeys(old.key, old.variants)).catch((error) => console.error("Removing a replaced image failed", error));
  await recordAdminAction(db, { action: "replace_image", targetType: "discovery", targetId: id, clientAddress });
  return true;
}
