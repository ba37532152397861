/**
 * "Download my data" (issue 25, item 3): an archive (ZIP) of everything the
 * hunt holds about a hunter, as JSON files and their published photos in
 * full size, with a README explaining each file. Built by a job outside the
 * request (it reads every photo), kept in storage for EXPORT_TTL_MS, then
 * deleted by another job. Only its hunter (or an admin, for a request by
 * email, which the audit log records) can download it:
 * app/routes/account_.exports.$id.ts.
 *
 * A hunter's archives take one archive's room in storage: a new one deletes
 * the previous one (object and row) as soon as it is stored, a hunter may ask
 * once a day, and only one is prepared at a time. Its size is that of the
 * hunter's own photos in their largest kept size (docs/security.md).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from "fflate";
import type { DB } from "~/infra/db.server";
import type { Storage, StoredObject } from "~/infra/storage.server";
import {
  createDataExport,
  deleteEarlierDataExports,
  findDataExport,
  latestDataExport,
  markDataExportReady,
  setDataExportStatus,
  hunterDataRows,
  type DataExport,
} from "~/models/data-exports.server";
import { recordAdminAction } from "~/models/audit-log.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import { enqueueJob } from "~/models/jobs.server";
import { describeBrowser } from "~/lib/user-agent";
import { variantKey } from "./images.server";
import type { JobHandler } from "./jobs.server";

/** How long a ready archive can be downloaded. */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * How often a hunter may ask for a new archive (admins answering a request by
 * email are not limited): each one reads every photo they published, and
 * nothing in a day-old archive is worth a second full copy.
 */
export const EXPORT_INTERVAL_MS = 24 * 60 * 60_000;

export const DATA_EXPORT_JOBS = { build: "data-export", expire: "data-export-expiry" } as const;

/** A hunter asked again within EXPORT_INTERVAL_MS of their last archive; they may ask again at `retryAt`. */
export class DataExportTooSoonError extends Error {
  constructor(readonly retryAt: string) {
    super("A hunter asked for a second archive of their data within a day");
  }
}

/**
 * Asks for a new archive of `userId`'s data. While one is being prepared that
 * one is the answer (a double click, or twenty requests at once, build one
 * archive: the database holds a single pending row per hunter); a hunter who
 * had one made less than EXPORT_INTERVAL_MS ago is refused with when they may
 * ask again (DataExportTooSoonError). Both rules are decided by the database
 * in the transaction that inserts the archive, so requests racing in several
 * processes cannot pass them.
 */
export async function requestDataExport(
  db: DB,
  input: { userId: number; requestedBy: "hunter" | "admin"; now?: Date },
): Promise<{ id: number; created: boolean }> {
  const now = input.now ?? new Date();
  // Thrown inside the transaction (DataExportTooSoonError), the refusal rolls back the archive it inserted.
  return db.transaction().execute(async (trx) => {
    const exportId = await createDataExport(trx, { userId: input.userId, requestedBy: input.requestedBy, now });
    if (exportId === null) {
      const pending = await latestDataExport(trx, input.userId);
      return { id: pending!.id, created: false };
    }
    if (input.requestedBy === "hunter") {
      // One statement (an upsert), so parallel requests count one after another, in either database.
      const window = await hitRateLimit(trx, `data-export:user:${input.userId}`, EXPORT_INTERVAL_MS, now);
      if (window.count > 1) throw new DataExportTooSoonError(window.resetAt);
    }
    await enqueueJob(trx, { kind: DATA_EXPORT_JOBS.build, key: `data-export:${exportId}`, payload: { exportId }, now });
    return { id: exportId, created: true };
  });
}

/** What each file in the archive holds, for the README inside it. */
const FILES: [name: string, what: string][] = [
  ["profile.json", "Your account: id, name, email address and email choices, photo choice, when you joined."],
  [
    "identities.json",
    'How you sign in: your provider (Google, Apple, Meta) and your account id there, or "email" and your address for a code sent by email. The hunt never holds passwords or provider tokens.',
  ],
  [
    "discoveries.json",
    "Every discovery you reported: its Jimmy, caption, place and coordinates as stored, likes, and the file of its photo in photos/.",
  ],
  ["photos/", "The published photo of each discovery, in the largest size the hunt keeps (WebP, without metadata), named by discovery id."],
  ["profile-photo.webp", "The profile photo you uploaded, when you use one."],
  ["comments.json", "Every comment you posted while signed in: its Jimmy, the name shown, the text, when it was posted and edited."],
  ["likes.json", "The discoveries you liked, and when."],
  ["notifications.json", "Your notifications: what happened, to which Jimmy, when, and whether you read it and were emailed it."],
  ["watches.json", "The Jimmys you watch, or stopped watching."],
  ["flags.json", "The discoveries and comments you flagged for the moderators, with your reason and note."],
  ["missing-reports.json", "Your reports that a Jimmy was not where it was last seen."],
  ["sessions.json", "The browsers you are signed in with: which browser, when it signed in, when it was last used."],
];

function readme(generatedAt: string): string {
  return [
    "Your data from the hunt",
    "=======================",
    "",
    `Made ${generatedAt} (UTC). Times in the files are in UTC (ISO 8601).`,
    "",
    ...FILES.map(([name, what]) => `${name}\n  ${what}\n`),
    "Your discoveries and their photos are public on the hunt while your account exists. You can delete",
    "your account, and everything in this archive with it, on your account page.",
    "",
  ].join("\n");
}

/** Everything the hunt holds about a hunter, as the archive's JSON files (file name → value). */
async function collect(db: DB, userId: number) {
  const rows = await hunterDataRows(db, userId);
  if (!rows) return null;
  const { user, discoveries, comments, likes, notifications, watches, flags, missing, sessions } = rows;
  const largest = (variants: string) => Math.max(...variants.split(",").map(Number));
  return {
    user,
    photos: discoveries.map((d) => ({ id: d.id, key: variantKey(d.photo_key, largest(d.photo_variants)) })),
    files: {
      "profile.json": {
        id: user.id,
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        emailFrequency: user.email_frequency,
        watchFinds: user.watch_finds === 1,
        photo: user.photo_choice,
        profileImageUrl: user.profile_image_url,
        joinedAt: user.created_at,
      },
      "identities.json": [{ provider: user.provider, subject: user.provider_subject }],
      "discoveries.json": discoveries.map((d) => ({
        id: d.id,
        jimmy: d.serial_number,
        caption: d.caption,
        location: d.location,
        latitude: d.latitude,
        longitude: d.longitude,
        approximate: d.location_approximate === 1,
        city: d.city,
        region: d.region,
        country: d.country,
        firstDiscovery: d.is_first === 1,
        likes: d.like_count,
        createdAt: d.created_at,
        photo: `photos/${d.id}.webp`,
      })),
      "comments.json": comments.map((c) => ({
        id: c.id,
        jimmy: c.serial_number,
        name: c.author_name,
        text: c.content,
        createdAt: c.created_at,
        editedAt: c.edited_at,
      })),
      "likes.json": likes.map((l) => ({ discovery: l.discovery_id, likedAt: l.created_at })),
      "notifications.json": notifications.map((n) => ({
        id: n.id,
        kind: n.kind,
        by: n.actor_name,
        jimmy: n.serial_number,
        discovery: n.discovery_id,
        comment: n.comment_id,
        createdAt: n.created_at,
        readAt: n.read_at,
        emailedAt: n.emailed_at,
      })),
      "watches.json": watches.map((w) => ({
        jimmy: w.serial_number,
        watching: w.watching === 1,
        since: w.created_at,
        changedAt: w.updated_at,
      })),
      "flags.json": flags.map((f) => ({
        id: f.id,
        discovery: f.discovery_id,
        comment: f.comment_id,
        reason: f.reason,
        note: f.note,
        createdAt: f.created_at,
        resolvedAt: f.resolved_at,
      })),
      "missing-reports.json": missing.map((m) => ({ jimmy: m.serial_number, note: m.note, reportedAt: m.created_at })),
      "sessions.json": sessions.map((s) => ({
        browser: describeBrowser(s.user_agent),
        userAgent: s.user_agent,
        signedInAt: s.created_at,
        lastUsedAt: s.last_seen_at ?? s.created_at,
        endsAt: s.expires_at,
      })),
    } as Record<string, unknown>,
  };
}

async function readObject(storage: Storage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Builds archive `exportId` (a job: app/services/jobs.server.ts), streaming
 * the ZIP to a temporary file (photos one at a time, never all in memory),
 * then into storage; marks it ready until EXPORT_TTL_MS from now and queues
 * its deletion then. Does nothing for an archive that is no longer pending.
 */
export async function buildDataExport(db: DB, storage: Storage, exportId: number, now = new Date()): Promise<void> {
  const request = await findDataExport(db, exportId);
  if (!request || request.status !== "pending") return;
  const data = await collect(db, request.userId);
  if (!data) return setDataExportStatus(db, exportId, "failed");

  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-export-")), "export.zip");
  const fd = fs.openSync(file, "w");
  try {
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else fs.writeSync(fd, chunk);
    });
    const add = (name: string, bytes: Uint8Array, compress: boolean) => {
      const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      zip.add(entry);
      entry.push(bytes, true);
    };
    add("README.txt", strToU8(readme(now.toISOString())), true);
    for (const [name, value] of Object.entries(data.files)) add(name, strToU8(`${JSON.stringify(value, null, 2)}\n`), true);
    for (const photo of data.photos) {
      const bytes = await readObject(storage, photo.key);
      if (bytes) add(`photos/${photo.id}.webp`, bytes, false);
    }
    if (data.user.photo_choice === "upload" && data.user.photo_key) {
      const bytes = await readObject(storage, data.user.photo_key);
      if (bytes) add("profile-photo.webp", bytes, false);
    }
    zip.end();
    if (failure) throw failure;
  } finally {
    fs.closeSync(fd);
  }
  try {
    const key = `exports/${crypto.randomBytes(16).toString("hex")}.zip`;
    const size = fs.statSync(file).size;
    await storage.put(key, fs.createReadStream(file), "application/zip");
    const expiresAt = new Date(now.getTime() + EXPORT_TTL_MS);
    const replaced = await db.transaction().execute(async (trx) => {
      await markDataExportReady(trx, exportId, { storageKey: key, size, readyAt: now, expiresAt });
      await enqueueJob(trx, {
        kind: DATA_EXPORT_JOBS.expire,
        key: `data-export-expiry:${exportId}`,
        payload: { exportId },
        runAt: expiresAt,
        now,
      });
      return deleteEarlierDataExports(trx, request.userId, exportId);
    });
    // The rows are gone, so nothing links to these any more; one left by a storage hiccup is unreachable.
    if (replaced.length > 0)
      await storage.delete(replaced).catch((error) => console.error("Removing a hunter's replaced data archive failed", error));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Deletes a ready archive from storage once its time is up. */
export async function expireDataExport(db: DB, storage: Storage, exportId: number): Promise<void> {
  const request = await findDataExport(db, exportId);
  if (!request || request.status !== "ready") return;
  if (request.storageKey) await storage.delete([request.storageKey]);
  await setDataExportStatus(db, exportId, "expired");
}

export type DataExportDownload =
  { kind: "unknown" } | { kind: "pending" } | { kind: "gone" } | { kind: "file"; archive: DataExport; object: StoredObject };

/**
 * Opens archive `exportId` for `viewer`: only its hunter's, or an admin's
 * (answering a request by email). An admin taking someone else's archive is
 * written to the audit log before the first byte leaves, since it is a copy
 * of everything the hunt holds about them.
 */
export async function openDataExport(
  db: DB,
  storage: Storage,
  input: { exportId: number | null; viewer: { userId: number | null; admin: boolean }; clientAddress: string },
): Promise<DataExportDownload> {
  const archive = input.exportId === null ? null : await findDataExport(db, input.exportId);
  const own = archive !== null && archive.userId === input.viewer.userId;
  if (!archive || (!own && !input.viewer.admin)) return { kind: "unknown" };
  if (archive.status === "pending") return { kind: "pending" };
  if (archive.status !== "ready" || !archive.storageKey) return { kind: "gone" };
  const object = await storage.get(archive.storageKey);
  if (!object) return { kind: "gone" };
  if (!own)
    await recordAdminAction(db, {
      action: "download_export",
      targetType: "user",
      targetId: archive.userId,
      detail: `Archive ${archive.id} of ${archive.createdAt.slice(0, 10)}`,
      clientAddress: input.clientAddress,
    });
  return { kind: "file", archive, object };
}

function exportIdOf(payload: unknown): number {
  const id = (payload as { exportId?: unknown } | null)?.exportId;
  if (typeof id !== "number") throw new Error("A data-export job without an export id");
  return id;
}

/** The job table's handlers for archives (registered in app/entry.server.tsx). */
export function dataExportJobHandlers(storage: () => Storage): Record<string, JobHandler> {
  return {
    [DATA_EXPORT_JOBS.build]: (job, { db, now }) => buildDataExport(db, storage(), exportIdOf(job.payload), now),
    [DATA_EXPORT_JOBS.expire]: (job, { db }) => expireDataExport(db, storage(), exportIdOf(job.payload)),
  };
}
