import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "./env.server";

export type StoredObject = {
  body: Readable;
  size: number;
  contentType: string;
};

/**
 * Where photos live. Keys are slash-separated, never user-supplied as-is, and
 * never reused for different content (so what is stored under a key can be
 * cached forever).
 */
export interface Storage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<{ size: number; contentType: string } | null>;
  delete(keys: string[]): Promise<void>;
  /** The URL a browser uses to fetch the object. */
  publicUrl(key: string): string;
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

/** Files under a directory; the app serves published ones at /media/{key}. */
export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathFor(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    }
    return full;
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const target = this.pathFor(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Write to a temporary name and rename, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.${Date.now()}.partial`;
    try {
      if (Buffer.isBuffer(body)) {
        await fsp.writeFile(partial, body);
      } else {
        await pipeline(body, fs.createWriteStream(partial));
      }
      await fsp.rename(partial, target);
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
      return {
        body: handle.createReadStream(),
        size: stat.size,
        contentType: contentTypeForKey(key),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number; contentType: string } | null> {
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

  publicUrl(key: string): string {
    assertValidKey(key);
    return `/media/${key}`;
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

export function getStorage(): Storage {
  globalForStorage.__jimmyHuntStorage ??= new LocalDiskStorage(env().photosDir);
  return globalForStorage.__jimmyHuntStorage;
}
