import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, TEST_S3_CREDENTIALS } from "../../tests/support/s3-server";
import { acceptDirectUpload } from "~/web/direct-upload.server";
import { S3Storage } from "./storage/s3.server";
import { LocalDiskStorage, ObjectTooLargeError, type Storage, type UploadTarget } from "./storage.server";

type Driver = {
  name: string;
  storage: Storage;
  /** Sends a browser-style multipart POST to an upload target. */
  post: (target: UploadTarget, file: Buffer, contentType: string) => Promise<number>;
  close: () => Promise<void>;
};

function form(target: UploadTarget, file: Buffer, contentType: string): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(target.fields)) body.append(name, value);
  body.append("file", new Blob([new Uint8Array(file)], { type: contentType }), "photo.jpg");
  return body;
}

async function localDriver(): Promise<Driver> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-local-contract-"));
  const storage = new LocalDiskStorage(dir, ["contract-test-secret-0123456789abcdef"]);
  return {
    name: "local disk",
    storage,
    post: async (target, file, contentType) => {
      // Sent as bytes, as a browser's body reaches the app through the server: undici's own
      // FormData body stream still pushes into itself after the reader cancels it on a refusal.
      const encoded = new Response(form(target, file, contentType));
      const request = new Request(`http://app.test${target.url}`, {
        method: "POST",
        headers: { "Content-Type": encoded.headers.get("Content-Type")! },
        body: await encoded.arrayBuffer(),
      });
      return (await acceptDirectUpload(request, storage)).status;
    },
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3Driver(): Promise<Driver> {
  const server = await startS3Server();
  const storage = new S3Storage({
    bucket: server.bucket,
    region: "us-east-1",
    endpoint: server.endpoint,
    forcePathStyle: true,
    ...TEST_S3_CREDENTIALS,
  });
  return {
    name: "S3 (s3rver on loopback)",
    storage,
    post: async (target, file, contentType) => (await fetch(target.url, { method: "POST", body: form(target, file, contentType) })).status,
    close: () => server.close(),
  };
}

async function text(storage: Storage, key: string) {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

for (const make of [localDriver, s3Driver]) {
  describe(`storage contract: ${make.name}`, () => {
    let driver: Driver;
    beforeAll(async () => {
      driver = await make();
    });
    afterAll(async () => {
      await driver.close();
    });

    it("stores, describes, reads, lists and deletes objects", async () => {
      const { storage } = driver;
      expect(await storage.put("discoveries/2026/11/abc/320.webp", Buffer.from("small"), "image/webp")).toEqual({ size: 5 });
      await storage.put("discoveries/2026/11/abc/720.webp", Readable.from([Buffer.from("lar"), Buffer.from("ger")]), "image/webp");
      expect(await storage.head("discoveries/2026/11/abc/320.webp")).toEqual({ size: 5, contentType: "image/webp" });
      expect(await text(storage, "discoveries/2026/11/abc/720.webp")).toBe("larger");

      const listed = [];
      for await (const object of storage.list("discoveries/2026/11/abc/")) listed.push(object.key);
      expect(listed.sort()).toEqual(["discoveries/2026/11/abc/320.webp", "discoveries/2026/11/abc/720.webp"]);

      await storage.delete(["discoveries/2026/11/abc/320.webp", "discoveries/2026/11/abc/720.webp"]);
      expect(await storage.head("discoveries/2026/11/abc/320.webp")).toBeNull();
      expect(await storage.get("discoveries/2026/11/abc/720.webp")).toBeNull();
      await storage.delete(["discoveries/never/existed.webp"]);
    });

    it("refuses a stream longer than its cap, and stores nothing", async () => {
      const { storage } = driver;
      const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
      await expect(storage.put("uploads/2026/11/toolarge", big, "image/jpeg", { maxBytes: 1000 })).rejects.toBeInstanceOf(
        ObjectTooLargeError,
      );
      expect(await storage.head("uploads/2026/11/toolarge")).toBeNull();
    });

    it("lets a browser upload exactly the signed key with a signed form", async () => {
      const { storage, post } = driver;
      const key = "uploads/2026/11/0123456789abcdef0123456789abcdef";
      const target = await storage.createUploadTarget({
        key,
        contentType: "image/jpeg",
        maxBytes: 1024,
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect(target.fields["Content-Type"]).toBe("image/jpeg");
      expect(target.fields.key).toBe(key);
      const status = await post(target, Buffer.from("jpeg-bytes"), "image/jpeg");
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);
      // s3rver answers a form upload before its file is whole (a real S3 answers once the object is stored):
      // wait for the object to read back, as a later request would find it.
      await expect.poll(() => text(storage, key)).toBe("jpeg-bytes");
      expect(await storage.head(key)).toMatchObject({ size: 10 });
    });

    it("serves published objects at a URL a browser can load", () => {
      expect(driver.storage.publicUrl("discoveries/x/320.webp")).toBe("/media/discoveries/x/320.webp");
    });
  });
}

describe("the local driver's upload form", () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await localDriver();
  });
  afterAll(async () => {
    await driver.close();
  });

  const key = "uploads/2026/11/ffffffffffffffffffffffffffffffff";
  const target = (overrides: Partial<{ expiresAt: Date; maxBytes: number }> = {}) =>
    driver.storage.createUploadTarget({
      key,
      contentType: "image/jpeg",
      maxBytes: overrides.maxBytes ?? 1024,
      expiresAt: overrides.expiresAt ?? new Date(Date.now() + 60_000),
    });

  it("refuses a file over the signed size, keeping nothing", async () => {
    expect(await driver.post(await target({ maxBytes: 10 }), Buffer.alloc(11), "image/jpeg")).toBe(413);
    expect(await driver.storage.head(key)).toBeNull();
  });

  it("refuses an expired form", async () => {
    expect(await driver.post(await target({ expiresAt: new Date(Date.now() - 1000) }), Buffer.from("x"), "image/jpeg")).toBe(403);
  });

  it("refuses a form whose key, type or size cap was altered", async () => {
    const changes: Record<string, string>[] = [
      { key: "uploads/2026/11/00000000000000000000000000000000" },
      { "Content-Type": "text/html" },
      { "x-jh-max-bytes": "999999999" },
      { "x-jh-signature": "forged" },
    ];
    for (const change of changes) {
      const signed = await target();
      expect(await driver.post({ ...signed, fields: { ...signed.fields, ...change } }, Buffer.from("x"), "image/jpeg")).toBe(403);
    }
    expect(await driver.storage.head(key)).toBeNull();
    expect(await driver.storage.head("uploads/2026/11/00000000000000000000000000000000")).toBeNull();
  });

  it("accepts a form signed with an older secret while secrets rotate", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-rotate-"));
    const before = new LocalDiskStorage(dir, ["old-secret-0123456789abcdef0123456789"]);
    const after = new LocalDiskStorage(dir, ["new-secret-0123456789abcdef0123456789", "old-secret-0123456789abcdef0123456789"]);
    const signed = await before.createUploadTarget({
      key,
      contentType: "image/jpeg",
      maxBytes: 100,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(after.verifyUploadFields(signed.fields)).toEqual({ key, contentType: "image/jpeg", maxBytes: 100 });
    expect(new LocalDiskStorage(dir, ["new-secret-0123456789abcdef0123456789"]).verifyUploadFields(signed.fields)).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("the S3 POST policy the app signs", () => {
  it("allows only the exact key, an image type, 1 byte to 10 MB, for a short time", async () => {
    const storage = new S3Storage({
      bucket: "photos",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9",
      forcePathStyle: true,
      ...TEST_S3_CREDENTIALS,
    });
    const key = "uploads/2026/11/abcdefabcdefabcdefabcdefabcdefab";
    const before = Date.now();
    const target = await storage.createUploadTarget({
      key,
      contentType: "image/jpeg",
      maxBytes: 10 * 1024 * 1024,
      expiresAt: new Date(before + 10 * 60_000),
    });
    expect(target.url).toBe("http://127.0.0.1:9/photos");
    const policy = JSON.parse(Buffer.from(target.fields.Policy!, "base64").toString()) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, 10 * 1024 * 1024],
        ["eq", "$Content-Type", "image/jpeg"],
        ["eq", "$key", key],
        { bucket: "photos" },
      ]),
    );
    const expires = Date.parse(policy.expiration) - before;
    expect(expires).toBeGreaterThan(9 * 60_000);
    expect(expires).toBeLessThanOrEqual(10 * 60_000 + 1000);
    expect(target.fields["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(target.fields["X-Amz-Algorithm"]).toBe("AWS4-HMAC-SHA256");
  });
});
