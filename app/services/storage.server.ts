import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "./env.server";
import { allowCspSources } from "./security.server";
import { S3Storage } from "./storage-s3.server";

export type StoredObject = {
  body: Readable;
  size: number;
  contentType: string;
};

export type ListedObject = { key: string; size: number; lastModified: Date };

/**
 * Where a browser sends a file directly: a multipart POST to `url` with
 * `fields` first and the file last (the S3 POST-policy contract, which the
 * local driver reproduces with its own signature).
 */
export type UploadTarget = { url: string; fields: Record<string, string> };

export type UploadTargetRequest = {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresAt: Date;
};

/**
 * Where photos live. Keys are slash-separated, never user-supplied as-is, and
 * never reused for different content (so what is stored under a key can be
 * cached forever).
 */
export interface Storage {
  /** Stores an object; a stream longer than `maxBytes` fails with ObjectTooLargeError and stores nothing. */
  put(key: string, body: Buffer | Readable, contentType: string, options?: { maxBytes?: number }): Promise<{ size: number }>;
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<{ size: number; contentType: string } | null>;
  delete(keys: string[]): Promise<void>;
  list(prefix: string): AsyncIterable<ListedObject>;
  /** The URL a browser uses to fetch a published object. */
  publicUrl(key: string): string;
  /** A signed form that lets a browser upload exactly this key, this type, this size, until then. */
  createUploadTarget(request: UploadTargetRequest): Promise<UploadTarget>;
  /**
   * Removes what writes interrupted before `olderThan` left behind (a
   * process killed mid-put), for stores where that is possible; returns how many.
   */
  removeInterruptedWrites?(olderThan: Date): Promise<number>;
}

export class ObjectTooLargeError extends Error {
  override name = "ObjectTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

/** Raised when the storage service cannot be reached or fails: callers answer 503. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)?$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes("..") || key.includes("//") || key.length > 300) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
};

export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** Passes bytes through, failing with ObjectTooLargeError past `maxBytes`. */
export function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new ObjectTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}

/** Reads a stream into memory, failing past `maxBytes` (uploads are capped at 10 MB). */
export async function readLimited(body: Buffer | Readable, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length > maxBytes) throw new ObjectTooLargeError(maxBytes);
    return body;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > maxBytes) {
      body.destroy();
      throw new ObjectTooLargeError(maxBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** What the local driver signs so that its upload endpoint can trust a browser's form. */
export function localUploadSignature(secret: string, fields: { key: string; contentType: string; maxBytes: string; expires: string }): string {
  return crypto
    .createHmac("sha256", secret)
    .update(["jimmy-hunt-upload-v1", fields.key, fields.contentType, fields.maxBytes, fields.expires].join("\n"))
    .digest("base64url");
}

/** Files under a directory; the app serves published ones at /media/{key} and receives uploads at /uploads/direct. */
export class LocalDiskStorage implements Storage {
  constructor(
    private readonly root: string,
    private readonly signingSecrets: string[] = [],
  ) {}

  private pathFor(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    }
    return full;
  }

  async put(key: string, body: Buffer | Readable, _contentType: string, options: { maxBytes?: number } = {}) {
    const target = this.pathFor(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Write to a temporary name and rename, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.partial`;
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, byteLimit(options.maxBytes ?? Number.POSITIVE_INFINITY), fs.createWriteStream(partial));
      const { size } = await fsp.stat(partial);
      await fsp.rename(partial, target);
      return { size };
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathFor(key);
    try {
      const handle = await fsp.open(file, "r");
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: stat.size, contentType: contentTypeForKey(key) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string) {
    try {
      const stat = await fsp.stat(this.pathFor(key));
      return stat.isFile() ? { size: stat.size, contentType: contentTypeForKey(key) } : null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => fsp.rm(this.pathFor(key), { force: true })));
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    const base = path.resolve(this.root);
    for await (const full of filesUnder(path.join(base, prefix.replace(/\/[^/]*$/, "")))) {
      if (full.endsWith(".partial")) continue;
      const key = path.relative(base, full).split(path.sep).join("/");
      if (!key.startsWith(prefix)) continue;
      const stat = await fsp.stat(full);
      yield { key, size: stat.size, lastModified: stat.mtime };
    }
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `/media/${key}`;
  }

  /** A put renames its partial file into place; one that was killed first leaves the partial file behind. */
  async removeInterruptedWrites(olderThan: Date): Promise<number> {
    let removed = 0;
    for await (const full of filesUnder(path.resolve(this.root))) {
      if (full.endsWith(".partial") && (await fsp.stat(full)).mtime < olderThan) {
        await fsp.rm(full, { force: true });
        removed++;
      }
    }
    return removed;
  }

  async createUploadTarget({ key, contentType, maxBytes, expiresAt }: UploadTargetRequest): Promise<UploadTarget> {
    assertValidKey(key);
    const secret = this.signingSecrets[0];
    if (!secret) throw new Error("Local uploads need a signing secret");
    const fields = { key, contentType, maxBytes: String(maxBytes), expires: String(Math.floor(expiresAt.getTime() / 1000)) };
    return {
      url: "/uploads/direct",
      fields: {
        key,
        "Content-Type": contentType,
        "x-jh-max-bytes": fields.maxBytes,
        "x-jh-expires": fields.expires,
        "x-jh-signature": localUploadSignature(secret, fields),
      },
    };
  }

  /** Checks a form this driver signed: the right key, type, size cap and time, signed with a current secret. */
  verifyUploadFields(fields: Record<string, string | undefined>, now = new Date()): { key: string; contentType: string; maxBytes: number } | null {
    const key = fields.key ?? "";
    const contentType = fields["Content-Type"] ?? "";
    const maxBytes = fields["x-jh-max-bytes"] ?? "";
    const expires = fields["x-jh-expires"] ?? "";
    const signature = fields["x-jh-signature"] ?? "";
    if (!/^\d{1,10}$/.test(maxBytes) || !/^\d{1,12}$/.test(expires)) return null;
    if (Number(expires) * 1000 < now.getTime()) return null;
    try {
      assertValidKey(key);
    } catch {
      return null;
    }
    const given = Buffer.from(signature);
    const valid = this.signingSecrets.some((secret) => {
      const expected = Buffer.from(localUploadSignature(secret, { key, contentType, maxBytes, expires }));
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    });
    return valid ? { key, contentType, maxBytes: Number(maxBytes) } : null;
  }
}

/** Every file under `dir`, depth first; nothing when `dir` does not exist. */
async function* filesUnder(dir: string): AsyncIterable<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isNotFound(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

function isNotFound(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    (error.code === "ENOENT" || error.code === "ENOTDIR")
  );
}

const globalForStorage = globalThis as typeof globalThis & { __jimmyHuntStorage?: Storage };

/** The configured photo store (one per process). */
export function getStorage(): Storage {
  if (!globalForStorage.__jimmyHuntStorage) {
    const config = env();
    if (config.storage.driver === "s3") {
      const s3 = config.storage.s3;
      globalForStorage.__jimmyHuntStorage = new S3Storage(s3);
      // The browser uploads straight to the store and may load photos from it.
      const uploadOrigin = s3.endpoint ? new URL(s3.endpoint).origin : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
      allowCspSources({ connect: [uploadOrigin], img: s3.publicBaseUrl ? [new URL(s3.publicBaseUrl).origin] : [] });
    } else {
      globalForStorage.__jimmyHuntStorage = new LocalDiskStorage(config.photosDir, config.sessionSecrets);
    }
  }
  return globalForStorage.__jimmyHuntStorage;
}

/** For tests that swap the store (e.g. a stopped S3 server). */
export function setStorageForTests(storage: Storage | undefined): void {
  globalForStorage.__jimmyHuntStorage = storage;
}
