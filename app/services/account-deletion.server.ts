import type { DB } from "~/infra/db.server";
import type { Storage } from "~/infra/storage.server";
import { recordAdminAction } from "~/models/audit-log.server";
import { commentIdsOfHunter, deleteComment } from "~/models/comments.server";
import { storedExportKeys } from "~/models/data-exports.server";
import { likesOfHunter, setLike } from "~/models/likes.server";
import { discoveryIdsOfHunter } from "~/models/discoveries.server";
import { uploadsOfHunter } from "~/models/uploads.server";
import { deleteAccountRows, findAccount } from "~/models/users.server";
import { moderateDeleteDiscovery } from "./moderation.server";

export type DeletedAccount = { discoveries: number; comments: number; likes: number };

/**
 * Deletes a hunter's account and everything the hunt holds about them
 * (docs/decisions/020-account-deletion.md): their discoveries with every
 * stored size of their photos (each through the same path as deleting one
 * by hand, so its Jimmy's figures, the Hall of Fame and a next first finder
 * are recomputed, and its page answers 410), their comments, their likes
 * (each discovery's count kept in step), their flags, reports and uploads in
 * progress, their own profile photo, archives of their data, and then the account itself, which
 * takes their sessions, sign-in identity, notifications, watches,
 * milestones and figures with it. Run again after a failure (storage down),
 * it carries on where it stopped. Written to the audit log.
 */
export async function deleteAccount(
  db: DB,
  storage: Storage,
  userId: number,
  { clientAddress, byAdmin = false }: { clientAddress: string; byAdmin?: boolean },
): Promise<DeletedAccount | null> {
  const user = await findAccount(db, userId);
  if (!user) return null;

  const discoveries = await discoveryIdsOfHunter(db, userId);
  for (const { id } of discoveries) await moderateDeleteDiscovery(db, storage, { id, clientAddress, byHunter: userId });

  const comments = await commentIdsOfHunter(db, userId);
  for (const { id } of comments) await deleteComment(db, id);

  const likes = await likesOfHunter(db, userId);
  for (const like of likes) await setLike(db, { discoveryId: like.discovery_id, userId, liked: false });

  // Uploads begun but never reported: their objects go with their rows.
  const uploads = await uploadsOfHunter(db, userId);
  // (Their discoveries are gone by now, so no variants under an upload's photo key are published.)
  for (const upload of uploads) {
    const keys = [upload.key];
    if (upload.photo_key) for await (const object of storage.list(`${upload.photo_key}/`)) keys.push(object.key);
    await storage.delete(keys);
  }

  // Archives of their data that are still stored.
  const exports = await storedExportKeys(db, userId);
  if (exports.length > 0) await storage.delete(exports);

  await deleteAccountRows(db, userId);
  if (user.photo_key)
    await storage.delete([user.photo_key]).catch((error: unknown) => console.warn("[account] a profile photo stayed:", error));

  const deleted = { discoveries: discoveries.length, comments: comments.length, likes: likes.length };
  await recordAdminAction(db, {
    action: byAdmin ? "delete_account" : "hunter_delete_account",
    targetType: "user",
    targetId: userId,
    detail: `${deleted.discoveries} discoveries, ${deleted.comments} comments, ${deleted.likes} likes`,
    clientAddress,
  });
  return deleted;
}
