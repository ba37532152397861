import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { diskStoragePerTest } from "../../tests/support/disk-storage";

const disk = diskStoragePerTest("jimmy-storage-");

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe("local disk storage", () => {
  it("stores, reads, describes and deletes an object", async () => {
    await disk.storage.put("photos/2026/11/abc/320.webp", Buffer.from("webp-bytes"), "image/webp");
    expect(await disk.storage.head("photos/2026/11/abc/320.webp")).toEqual({ size: 10, contentType: "image/webp" });
    const object = await disk.storage.get("photos/2026/11/abc/320.webp");
    expect(object?.contentType).toBe("image/webp");
    expect(await readAll(object!.body)).toBe("webp-bytes");
    await disk.storage.delete(["photos/2026/11/abc/320.webp"]);
    expect(await disk.storage.get("photos/2026/11/abc/320.webp")).toBeNull();
    expect(await disk.storage.head("photos/2026/11/abc/320.webp")).toBeNull();
  });

  it("writes streams, and never leaves a partial file behind when the stream fails", async () => {
    await disk.storage.put("photos/a/stream.jpg", Readable.from([Buffer.from("one"), Buffer.from("two")]), "image/jpeg");
    expect(await readAll((await disk.storage.get("photos/a/stream.jpg"))!.body)).toBe("onetwo");

    const failing = new Readable({
      read() {
        this.destroy(new Error("connection dropped"));
      },
    });
    await expect(disk.storage.put("photos/a/broken.jpg", failing, "image/jpeg")).rejects.toThrow("connection dropped");
    expect(fs.readdirSync(path.join(disk.root, "photos/a"))).toEqual(["stream.jpg"]);
  });

  it("rejects keys that could escape its directory", async () => {
    for (const key of ["../etc/passwd", "photos/../../x", "/abs/path", "photos//x", "Photos/UPPER", ""]) {
      await expect(disk.storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/Invalid storage key/);
      await expect(disk.storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
  });

  it("serves published photos from /media/{key}", () => {
    expect(disk.storage.publicUrl("discoveries/x/320.webp")).toBe("/media/discoveries/x/320.webp");
  });
});
