import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pixelFloodPng, ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { imageDimensions } from "./photo-upload";
import { uploadContentType } from "~/lib/uploads";

const arrayBuffer = (buffer: Buffer) => buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length) as ArrayBuffer;

describe("reading an image's size from its header", () => {
  it("reads JPEG, PNG, GIF and WebP (lossy and lossless) without decoding", async () => {
    expect(imageDimensions(arrayBuffer(fs.readFileSync(ROTATED_GPS_JPEG)))).toEqual({ width: 640, height: 480 });
    const image = sharp({ create: { width: 123, height: 45, channels: 3, background: "#f80" } });
    for (const format of ["png", "gif", "webp"] as const) {
      expect(imageDimensions(arrayBuffer(await image.clone().toFormat(format).toBuffer())), format).toEqual({ width: 123, height: 45 });
    }
    expect(imageDimensions(arrayBuffer(await image.clone().webp({ lossless: true }).toBuffer()))).toEqual({ width: 123, height: 45 });
    const alpha = sharp({ create: { width: 9, height: 7, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } });
    expect(imageDimensions(arrayBuffer(await alpha.webp().toBuffer()))).toEqual({ width: 9, height: 7 });
  });

  it("sees a pixel flood before anything decodes it, and knows nothing of other files", () => {
    expect(imageDimensions(arrayBuffer(pixelFloodPng(30_000, 30_000)))).toEqual({ width: 30_000, height: 30_000 });
    expect(imageDimensions(arrayBuffer(Buffer.from("<!doctype html><script>alert(1)</script>")))).toBeNull();
    expect(imageDimensions(new ArrayBuffer(2))).toBeNull();
  });
});

describe("the type declared for an upload", () => {
  it("keeps a browser's image type and otherwise goes by the extension", () => {
    expect(uploadContentType("image/jpeg", "a.png")).toBe("image/jpeg");
    expect(uploadContentType("", "IMG_0001.HEIC")).toBe("image/heic");
    expect(uploadContentType("application/octet-stream", "photo.jpeg")).toBe("image/jpeg");
    expect(uploadContentType("", "notes.txt")).toBe("application/octet-stream");
    expect(uploadContentType("image/svg+xml", "x.svg")).toBe("image/svg+xml");
  });
});
