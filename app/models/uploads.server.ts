import type { DB, Executor } from "~/infra/db.server";

export async function createTempUpload(
  db: Executor,
  row: { key: string; ownerUserId: number; contentType: string; createdAt: string; expiresAt: string },
) {
  await db
    .insertInto("temp_uploads")
    .values({
      key: row.key,
      owner_user_id: row.ownerUserId,
      content_type: row.contentType,
      size: null,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Records a new temporary upload unless its hunter already holds `max`
 * unexpired ones; false when refused. The hunter's row is locked first (a
 * write that changes nothing), so parallel uploads on PostgreSQL are counted
 * one after another; SQLite runs one write transaction at a time anyway.
 */
export async function createTempUploadWithin(
  db: DB,
  row: { key: string; ownerUserId: number; contentType: string; createdAt: string; expiresAt: string },
  max: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set((eb) => ({ id: eb.ref("id") }))
      .where("id", "=", row.ownerUserId)
      .execute();
    const { held } = await trx
      .selectFrom("temp_uploads")
      .select((eb) => eb.fn.countAll<string | number>().as("held"))
      .where("owner_user_id", "=", row.ownerUserId)
      .where("expires_at", ">", row.createdAt)
      .executeTakeFirstOrThrow();
    if (Number(held) >= max) return false;
    await createTempUpload(trx, row);
    return true;
  });
}

export async function findTempUpload(db: Executor, key: string) {
  return db.selectFrom("temp_uploads").selectAll().where("key", "=", key).executeTakeFirst();
}

export async function setTempUploadSize(db: Executor, key: string, size: number) {
  await db.updateTable("temp_uploads").set({ size }).where("key", "=", key).execute();
}

/** Records the permanent key a temporary upload is about to be published under. */
export async function setTempUploadPhotoKey(db: Executor, key: string, photoKey: string) {
  await db.updateTable("temp_uploads").set({ photo_key: photoKey }).where("key", "=", key).execute();
}

/** Consumes a temporary upload (inside the transaction that records its discovery); false if it was already gone. */
export async function deleteTempUpload(db: Executor, key: string, ownerUserId: number): Promise<boolean> {
  const result = await db.deleteFrom("temp_uploads").where("key", "=", key).where("owner_user_id", "=", ownerUserId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function listExpiredTempUploads(db: Executor, now: string, limit = 500) {
  return db.selectFrom("temp_uploads").selectAll().where("expires_at", "<", now).orderBy("expires_at").limit(limit).execute();
}

export async function removeTempUploadRow(db: Executor, key: string) {
  await db.deleteFrom("temp_uploads").where("key", "=", key).execute();
}

/** Whether a discovery shows the photo stored under `photoKey` (its variants are then no upload's leftovers). */
export async function isPhotoPublished(db: Executor, photoKey: string): Promise<boolean> {
  return !!(await db.selectFrom("discoveries").select("id").where("photo_key", "=", photoKey).executeTakeFirst());
}

/** A hunter's uploads begun but never reported: their temporary object and any photo key written for it. */
export function uploadsOfHunter(db: Executor, userId: number) {
  return db.selectFrom("temp_uploads").select(["key", "photo_key"]).where("owner_user_id", "=", userId).execute();
}
