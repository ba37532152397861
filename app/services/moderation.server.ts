import { recordAdminAction } from "~/models/audit-log.server";
import { deleteDiscovery, findDiscoveryPhoto, replaceDiscoveryPhoto } from "~/models/discoveries.server";
import type { DB } from "./db.server";
import { photoObjectKeys, storePhoto } from "./images.server";
import type { Storage } from "./storage.server";

export const STORAGE_DOWN_DELETE_TEXT = "Photo storage isn't answering, so nothing was deleted. Please try again in a minute.";

/**
 * Deletes a discovery (its Jimmy's figures are recomputed in the same
 * transaction), removes its photos and writes the audit log. Null when there
 * is no such discovery. Shared by the admin panel and the JSON API.
 *
 * Storage is asked about the photo first: when it is down this throws
 * StorageUnavailableError with nothing deleted, so the admin can retry,
 * rather than deleting the row and stranding its photos.
 */
export async function moderateDeleteDiscovery(
  db: DB,
  storage: Storage,
  { id, clientAddress }: { id: number; clientAddress: string },
): Promise<{ serialNumber: number } | null> {
  const stored = await findDiscoveryPhoto(db, id);
  if (!stored) return null;
  const [firstKey] = photoObjectKeys(stored.key, stored.variants);
  if (firstKey) await storage.head(firstKey);
  const deleted = await deleteDiscovery(db, id);
  if (!deleted) return null;
  // The row is gone; photos left behind by a storage hiccup are unreachable and harmless.
  await storage
    .delete(photoObjectKeys(deleted.photo.key, deleted.photo.variants))
    .catch((error) => console.error("Removing a deleted discovery's photos failed", error));
  await recordAdminAction(db, {
    action: "delete_discovery",
    targetType: "discovery",
    targetId: id,
    detail: `Jimmy #${deleted.serialNumber}`,
    clientAddress,
  });
  return { serialNumber: deleted.serialNumber };
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
    await storage.delete(photoObjectKeys(photo.key, photo.variants)).catch(() => undefined);
    throw error;
  });
  if (!old) {
    // Deleted while the image was being processed.
    await storage.delete(photoObjectKeys(photo.key, photo.variants)).catch(() => undefined);
    return false;
  }
  await storage.delete(photoObjectKeys(old.key, old.variants)).catch((error) => console.error("Removing a replaced image failed", error));
  await recordAdminAction(db, { action: "replace_image", targetType: "discovery", targetId: id, clientAddress });
  return true;
}
