import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { isImageContentType, MAX_UPLOAD_BYTES, FILE_TOO_LARGE_TEXT } from "~/lib/uploads";
import {
  createTempUploadWithin,
  findTempUpload,
  isPhotoPublished,
  listExpiredTempUploads,
  removeTempUploadRow,
  setTempUploadSize,
} from "~/models/uploads.server";
import type { DB } from "~/infra/db.server";
import { ObjectTooLargeError, readLimited, type Storage, type UploadTarget } from "~/infra/storage.server";
import { metrics } from "~/infra/metrics.server";
import { msg } from "~/lib/language";

/** How long a hunter has between choosing a photo and submitting the form. */
export const UPLOAD_TTL_MS = 60 * 60_000;
/** A browser gets this long to send the file to a presigned target. */
export const UPLOAD_TARGET_TTL_MS = 10 * 60_000;
const TEMP_PREFIX = "uploads/";
/**
 * Unused uploads one hunter may hold at once: with 10 MB each, at most 300 MB
 * of storage waits on one hunter, whatever the upload rate. Thirty is three
 * tries for each of ten reports queued while offline.
 */
export const MAX_HELD_UPLOADS = 30;
export const TOO_MANY_HELD_UPLOADS_TEXT = msg(
  "You have 30 photos uploaded but not yet reported. Report one of them, or try again within the hour, when unused ones are cleared.",
);

/** The reason /metrics counts an upload refused for, by its status. */
const REFUSAL_REASONS = {
  400: "unusable",
  403: "not-allowed",
  404: "not-found",
  410: "expired",
  413: "too-large",
  429: "too-many-held",
} as const;

/** An upload that cannot be used; the message is for the hunter, the status for the response. Counted in the metrics as it is made. */
export class UploadRejectedError extends Error {
  override name = "UploadRejectedError";
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 410 | 413 | 429 = 400,
  ) {
    super(message);
    metrics().uploadsRefused.inc({ reason: REFUSAL_REASONS[status] });
  }
}

export function newTempKey(now = new Date()): string {
  const month = now.toISOString().slice(0, 7).replace("-", "/");
  return `${TEMP_PREFIX}${month}/${crypto.randomBytes(16).toString("hex")}`;
}

export function isTempKey(value: string): boolean {
  return /^uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}$/.test(value);
}

/** Reserves a temporary key for the hunter, refused while they hold MAX_HELD_UPLOADS unused ones. */
async function reserveTempKey(db: DB, userId: number, contentType: string, now: Date): Promise<string> {
  const key = newTempKey(now);
  const created = await createTempUploadWithin(
    db,
    {
      key,
      ownerUserId: userId,
      contentType,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS).toISOString(),
    },
    MAX_HELD_UPLOADS,
  );
  if (!created) throw new UploadRejectedError(TOO_MANY_HELD_UPLOADS_TEXT, 429);
  return key;
}

function checkContentType(contentType: string) {
  if (!isImageContentType(contentType)) {
    throw new UploadRejectedError(msg("Unsupported photo: please choose an image file (JPEG, PNG or WebP)."), 400);
  }
}

/**
 * Reserves a fresh temporary key for a hunter and signs a form that lets the
 * browser upload exactly that key, an image of at most 10 MB, for 10 minutes.
 */
export async function createPresignedUpload(
  db: DB,
  storage: Storage,
  userId: number,
  contentType: string,
  now = new Date(),
): Promise<{ tempPath: string; target: UploadTarget; maxBytes: number; expiresAt: string }> {
  checkContentType(contentType);
  const key = await reserveTempKey(db, userId, contentType, now);
  const targetExpires = new Date(now.getTime() + UPLOAD_TARGET_TTL_MS);
  const target = await storage.createUploadTarget({ key, contentType, maxBytes: MAX_UPLOAD_BYTES, expiresAt: targetExpires });
  return { tempPath: key, target, maxBytes: MAX_UPLOAD_BYTES, expiresAt: targetExpires.toISOString() };
}

/**
 * Streams a file posted to the app itself (forms without JavaScript,
 * POST /api/upload) into the same temporary key space, stopping at 10 MB.
 */
export async function receiveUpload(
  db: DB,
  storage: Storage,
  userId: number,
  body: Readable | Buffer,
  contentType: string,
  now = new Date(),
): Promise<{ tempPath: string; size: number }> {
  checkContentType(contentType);
  const key = await reserveTempKey(db, userId, contentType, now);
  try {
    const { size } = await storage.put(key, body, contentType, { maxBytes: MAX_UPLOAD_BYTES });
    if (size === 0) throw new UploadRejectedError(msg("The photo is empty. Please choose another one."), 400);
    await setTempUploadSize(db, key, size);
    return { tempPath: key, size };
  } catch (error) {
    await removeTempUploadRow(db, key);
    await storage.delete([key]).catch(() => undefined);
    if (error instanceof ObjectTooLargeError) throw new UploadRejectedError(FILE_TOO_LARGE_TEXT, 413);
    throw error;
  }
}

/**
 * Checks that a temporary upload belongs to this hunter, has not expired and
 * is at most 10 MB, then reads it. Someone else's key, a consumed key (an
 * upload replayed after its discovery) and an unknown key are all refused alike.
 */
export async function claimUpload(db: DB, storage: Storage, userId: number, tempPath: string, now = new Date()): Promise<Buffer> {
  const missing = msg("Your photo upload has expired or was already used. Please choose the photo again.");
  if (!isTempKey(tempPath)) throw new UploadRejectedError(missing, 400);
  const row = await findTempUpload(db, tempPath);
  if (!row || row.owner_user_id !== userId) throw new UploadRejectedError(missing, 400);
  if (row.expires_at < now.toISOString()) throw new UploadRejectedError(missing, 410);
  const head = await storage.head(tempPath);
  if (!head) throw new UploadRejectedError(msg("We didn't receive your photo. Please choose it again."), 400);
  if (head.size > MAX_UPLOAD_BYTES) throw new UploadRejectedError(FILE_TOO_LARGE_TEXT, 413);
  const object = await storage.get(tempPath);
  if (!object) throw new UploadRejectedError(msg("We didn't receive your photo. Please choose it again."), 400);
  try {
    return await readLimited(object.body, MAX_UPLOAD_BYTES);
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw new UploadRejectedError(FILE_TOO_LARGE_TEXT, 413);
    throw error;
  }
}

/**
 * Drops a hunter's temporary upload at once (a photo that was refused), rather
 * than leaving it for the sweeper. If storage cannot delete it now, the row
 * stays so the sweeper still finds it when it expires.
 */
export async function discardUpload(db: DB, storage: Storage, userId: number, tempPath: string): Promise<void> {
  if (!isTempKey(tempPath)) return;
  const row = await findTempUpload(db, tempPath);
  if (!row || row.owner_user_id !== userId) return;
  try {
    await storage.delete([tempPath]);
  } catch {
    return;
  }
  await removeTempUploadRow(db, tempPath);
}

/**
 * Removes what abandoned or interrupted uploads left behind: expired
 * temporary uploads (with any photo variants a crashed publication wrote),
 * temporary objects that no row accounts for, and writes a crash cut off. Safe to run anywhere, any time.
 */
export async function sweepUploads(
  db: DB,
  storage: Storage,
  now = new Date(),
): Promise<{ expired: number; strays: number; interrupted: number }> {
  let expired = 0;
  for (;;) {
    const rows = await listExpiredTempUploads(db, now.toISOString());
    if (rows.length === 0) break;
    for (const row of rows) {
      const keys = [row.key];
      if (row.photo_key) {
        // The discovery was never recorded (its transaction also deletes this row), so its variants are orphans.
        if (!(await isPhotoPublished(db, row.photo_key)))
          for await (const object of storage.list(`${row.photo_key}/`)) keys.push(object.key);
      }
      await storage.delete(keys);
      await removeTempUploadRow(db, row.key);
      expired++;
    }
  }

  let strays = 0;
  const cutoff = now.getTime() - UPLOAD_TTL_MS;
  for await (const object of storage.list(TEMP_PREFIX)) {
    if (object.lastModified.getTime() > cutoff) continue;
    const row = await findTempUpload(db, object.key);
    if (!row) {
      await storage.delete([object.key]);
      strays++;
    }
  }
  // No upload takes longer than its TTL, so a partial write that old was cut off by a crash.
  const interrupted = (await storage.removeInterruptedWrites?.(new Date(cutoff))) ?? 0;
  return { expired, strays, interrupted };
}
