import { describe, expect, it } from "vitest";
import { buildPhoto, parseVariants, photoSrc, THUMBNAIL_WIDTH } from "./photos";

const cdn = (key: string) => {
  if (key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
  return `https://cdn.example.com/p/${key}`;
};

describe("buildPhoto", () => {
  it("names every stored variant in the srcset, the 720 px one as src and the widest for the viewer", () => {
    expect(buildPhoto("discoveries/2026/11/abc", "2048,320,480,720,1080,1440", 4000, 3000, cdn)).toEqual({
      src: "https://cdn.example.com/p/discoveries/2026/11/abc/720.webp",
      srcSet: [320, 480, 720, 1080, 1440, 2048].map((w) => `https://cdn.example.com/p/discoveries/2026/11/abc/${w}.webp ${w}w`).join(", "),
      largeSrc: "https://cdn.example.com/p/discoveries/2026/11/abc/2048.webp",
      width: 4000,
      height: 3000,
    });
  });

  it("offers a thumbnail the variants up to the first wide enough, and still links the widest", () => {
    const photo = buildPhoto("discoveries/2026/11/abc", "320,480,720,1080,1440,2048", 4000, 3000, cdn, { neededWidth: THUMBNAIL_WIDTH });
    expect(photo.srcSet).toBe(
      "https://cdn.example.com/p/discoveries/2026/11/abc/320.webp 320w, https://cdn.example.com/p/discoveries/2026/11/abc/480.webp 480w",
    );
    expect(photo.src).toBe("https://cdn.example.com/p/discoveries/2026/11/abc/480.webp");
    expect(photo.largeSrc).toBe("https://cdn.example.com/p/discoveries/2026/11/abc/2048.webp");
  });

  it("a small photo with one variant shows that one", () => {
    const photo = buildPhoto("discoveries/2026/11/small", "300", 300, 200, cdn);
    expect([photo.src, photo.srcSet, photo.largeSrc]).toEqual([
      "https://cdn.example.com/p/discoveries/2026/11/small/300.webp",
      "https://cdn.example.com/p/discoveries/2026/11/small/300.webp 300w",
      "https://cdn.example.com/p/discoveries/2026/11/small/300.webp",
    ]);
  });

  it("refuses a key the store refuses, rather than naming a URL from it", () => {
    expect(() => buildPhoto("discoveries/../../etc", "320", 320, 240, cdn)).toThrow(/Invalid storage key/);
  });

  it("gives the JSON API the same src the page shows", () => {
    expect(photoSrc("discoveries/2026/11/abc", "320,480,720", 720, cdn)).toBe(
      buildPhoto("discoveries/2026/11/abc", "320,480,720", 720, 540, cdn).src,
    );
  });
});

describe("parseVariants", () => {
  it("reads the stored list as ascending widths, skipping what is not a width", () => {
    expect(parseVariants("1080,320,x,-5,720")).toEqual([320, 720, 1080]);
    expect(parseVariants("")).toEqual([]);
  });
});
