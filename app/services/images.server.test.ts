import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { inspectPhoto, UnsupportedPhotoError } from "./images.server";

const blankPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#6a8" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe("the photo pixel limit", () => {
  it("accepts a 24 MP phone photo's size and refuses a 7000 × 7000 image before decoding it", async () => {
    expect(await inspectPhoto(await blankPng(5712, 4284))).toMatchObject({ format: "png", width: 5712, height: 4284 });
    const flood = inspectPhoto(await blankPng(7000, 7000));
    await expect(flood).rejects.toBeInstanceOf(UnsupportedPhotoError);
    await expect(flood).rejects.toThrow("the image is 7000 × 7000 pixels, more than the 25 million we accept");
  });
});
