import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, byteLimit, contentTypeForKey } from "./contract.server";
import type { ListedObject, Storage, StoredObject, UploadTarget, UploadTargetRequest } from "./contract.server";

/** What the local driver signs so that its upload endpoint can trust a browser's form. */
export function localUploadSignature(
  secret: string,
  fields: { key: string; contentType: string; maxBytes: string; expires: string },
): string {
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
  verifyUploadFields(
    fields: Record<string, string | undefined>,
    now = new Date(),
  ): { key: string; contentType: string; maxBytes: number } | null {
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
  return typeof error === "object" && error !== null && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR");
}
