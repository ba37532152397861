import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { combineCrc32, zeroBytesOperator } from "./crc32-combine.ts";

describe("CRC-32 of a sequence from its pieces' CRCs", () => {
  it("equals zlib's CRC of the whole, for pieces of every size from empty to a large page", () => {
    for (const lengths of [
      [0, 0],
      [1, 0],
      [0, 1],
      [5, 17],
      [4096, 1],
      [1, 131_072],
      [65_536, 65_535],
      [24, 120_000, 36, 300],
    ]) {
      const pieces = lengths.map((length) => randomBytes(length));
      let crc = zlib.crc32(pieces[0]!);
      for (const piece of pieces.slice(1)) crc = combineCrc32(crc, zlib.crc32(piece), zeroBytesOperator(piece.length));
      expect(crc, `pieces of ${lengths.join(", ")} bytes`).toBe(zlib.crc32(Buffer.concat(pieces)));
    }
  });

  it("gives a gzip stream that gunzip accepts", () => {
    const page = Buffer.from("<html>".repeat(20_000));
    const [head, tail] = [page.subarray(0, 7_001), page.subarray(7_001)];
    const crc = combineCrc32(zlib.crc32(head), zlib.crc32(tail), zeroBytesOperator(tail.length));
    const raw = zlib.deflateRawSync(page);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc, 0);
    trailer.writeUInt32LE(page.length, 4);
    const stream = Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]), raw, trailer]);
    expect(zlib.gunzipSync(stream).equals(page)).toBe(true);
  });
});
