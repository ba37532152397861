import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { type Readable } from "node:stream";
import { assertValidKey, contentTypeForKey, readLimited, StorageUnavailableError } from "./contract.server";
import type { ListedObject, Storage, StoredObject, UploadTarget, UploadTargetRequest } from "./contract.server";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Base URL that serves published objects (a CDN or the bucket); unset, the app serves them at /media. */
  publicBaseUrl?: string;
  /** Give up on a storage call after this long (a hung store must not hang requests). */
  timeoutMs?: number;
};

/** An S3-compatible object store (AWS S3, MinIO, Swift's s3api, s3rver...). */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBaseUrl?: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicBaseUrl = options.publicBaseUrl?.replace(/\/$/, "");
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: several compatible stores reject the newer default.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 2,
      requestHandler: { requestTimeout: options.timeoutMs ?? 10_000, connectionTimeout: 3_000 },
    });
  }

  private async call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode && error.$metadata.httpStatusCode < 500) throw error;
      throw new StorageUnavailableError("The photo store is not answering", { cause: error });
    }
  }

  async put(key: string, body: Buffer | Readable, contentType: string, options: { maxBytes?: number } = {}) {
    assertValidKey(key);
    // Uploads are at most 10 MB: buffering gives S3 the length it needs and
    // enforces the cap before anything is written.
    const data = await readLimited(body, options.maxBytes);
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }),
      ),
    );
    return { size: data.length };
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!result.Body) return null;
      return {
        body: result.Body as Readable,
        size: Number(result.ContentLength ?? 0),
        contentType: result.ContentType ?? contentTypeForKey(key),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError("The photo store is not answering", { cause: error });
    }
  }

  async head(key: string) {
    assertValidKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(result.ContentLength ?? 0), contentType: result.ContentType ?? contentTypeForKey(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError("The photo store is not answering", { cause: error });
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      batch.forEach(assertValidKey);
      if (batch.length === 0) continue;
      await this.call(() =>
        this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        ),
      );
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token })),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, size: Number(object.Size ?? 0), lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return this.publicBaseUrl ? `${this.publicBaseUrl}/${key}` : `/media/${key}`;
  }

  async createUploadTarget({ key, contentType, maxBytes, expiresAt }: UploadTargetRequest): Promise<UploadTarget> {
    assertValidKey(key);
    const seconds = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
    const { url, fields } = await this.call(() =>
      createPresignedPost(this.client, {
        Bucket: this.bucket,
        Key: key,
        Conditions: [
          ["content-length-range", 1, maxBytes],
          ["eq", "$Content-Type", contentType],
          ["eq", "$key", key],
        ],
        Fields: { "Content-Type": contentType },
        Expires: seconds,
      }),
    );
    return { url, fields };
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)
  );
}
