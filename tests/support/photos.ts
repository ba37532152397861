import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const ROTATED_GPS_JPEG = path.resolve("tests/fixtures/rotated-with-gps.jpg");

/** The bad files the upload pipeline must refuse, each with why. */
export async function badPhotos(): Promise<{ name: string; data: Buffer; contentType: string; message: RegExp }[]> {
  const jpeg = fs.readFileSync(ROTATED_GPS_JPEG);
  const flood = pixelFloodPng(30_000, 30_000);
  return [
    {
      name: "an HTML page renamed .jpg",
      data: Buffer.from("<!doctype html><script>alert(1)</script>"),
      contentType: "image/jpeg",
      message: /isn't an image we can read/,
    },
    {
      name: "an SVG with a script",
      data: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
      contentType: "image/png",
      message: /SVG files aren't accepted/,
    },
    {
      name: "a truncated JPEG",
      data: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      contentType: "image/jpeg",
      message: /damaged or incomplete/,
    },
    { name: "a pixel-flood PNG", data: flood, contentType: "image/png", message: /more than the 25 million we accept/ },
    {
      name: "an iPhone HEIC photo",
      data: Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from("ftypheic"),
        Buffer.alloc(4),
        Buffer.from("mif1heic"),
        Buffer.alloc(64),
      ]),
      contentType: "image/heic",
      message: /HEIC\/HEIF photos can't be read yet/,
    },
  ];
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes whose header claims width × height pixels (30000² would need 2.7 GB to decode). */
export function pixelFloodPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = zlib.deflateSync(Buffer.alloc(width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A photo bigger than 10 MB (random bytes after a JPEG header, so it is also undecodable). */
export function oversizePhoto(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 1024, 7)]);
}
