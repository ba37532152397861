/**
 * What every photo store offers (the Storage contract) and what its drivers
 * share: key rules, content types, size limits and the errors callers map to
 * HTTP answers. The drivers are ./local.server.ts and ./s3.server.ts;
 * ../storage.server.ts chooses one.
 */
import path from "node:path";
import { Transform, type Readable } from "node:stream";

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
