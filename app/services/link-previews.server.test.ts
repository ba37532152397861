import fs from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { diskStoragePerTest } from "../../tests/support/disk-storage";
import { ROTATED_GPS_JPEG } from "../../tests/support/photos";
import { photoStoredKeys, storePhoto } from "./images.server";
import { cardPreview, cardSvg, photoPreview } from "./link-previews.server";

const disk = diskStoragePerTest("jimmy-previews-");

describe("link-preview images", () => {
  it("crop a discovery's photo to a 1200×630 JPEG once, kept beside its variants and removed with them", async () => {
    const photo = await storePhoto(disk.storage, fs.readFileSync(ROTATED_GPS_JPEG));
    const first = await photoPreview(disk.storage, photo);
    const meta = await sharp(first!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    expect(first!.length).toBeLessThan(300 * 1024);
    expect(await disk.storage.head(`${photo.key}/og.jpg`)).toMatchObject({ contentType: "image/jpeg" });
    expect((await photoPreview(disk.storage, photo))!.equals(first!)).toBe(true);
    // Deleting the photo's objects takes the preview too: nothing is left behind.
    await disk.storage.delete(photoStoredKeys(photo.key, photo.variants));
    const left: string[] = [];
    for await (const object of disk.storage.list(photo.key)) left.push(object.key);
    expect(left).toEqual([]);
    expect(await photoPreview(disk.storage, photo)).toBeNull();
  });

  it("draw a card once for what it says, with every text escaped and fitted", async () => {
    const svg = cardSvg({ title: "Jimmy #7 <b>&", subtitle: "A".repeat(80), footer: "Hunt & co" });
    expect(svg).toContain("Jimmy #7 &lt;b&gt;&amp;");
    expect(svg).toContain("Hunt &amp; co");
    expect(svg).not.toContain("A".repeat(41));
    const card = { title: "Jimmy #123456789", subtitle: "Still hidden: be its first finder", footer: "Jimmy Hunt · example.com" };
    const image = await cardPreview(disk.storage, card);
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    expect((await cardPreview(disk.storage, card)).equals(image)).toBe(true);
    const stored: string[] = [];
    for await (const object of disk.storage.list("previews/")) stored.push(object.key);
    expect(stored).toHaveLength(1);
  });
});
