import crypto from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { PHOTO_VARIANT_WIDTHS, LARGE_PHOTO_WIDTH } from "~/lib/photos";
import type { Storage } from "./storage.server";

/** Refuse to decode anything bigger than this many pixels (a pixel-flood guard). */
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 72;

export type StoredPhoto = {
  key: string;
  width: number;
  height: number;
  /** Widths stored under `${key}/${width}.webp`, ascending; the last is the large version. */
  variants: number[];
};

export class UnsupportedPhotoError extends Error {
  override name = "UnsupportedPhotoError";
}

export function variantKey(photoKey: string, width: number): string {
  return `${photoKey}/${width}.webp`;
}

export function newPhotoKey(now = new Date()): string {
  const month = now.toISOString().slice(0, 7).replace("-", "/");
  return `discoveries/${month}/${crypto.randomBytes(12).toString("hex")}`;
}

/**
 * Decodes an image (under a pixel limit), turns it upright, drops every piece
 * of metadata (EXIF, GPS, ICC) and renders the WebP variants the pages use.
 */
export async function renderVariants(input: Buffer): Promise<{
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
}> {
  let base: Sharp;
  let width: number;
  let height: number;
  try {
    base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    const oriented = await base.clone().toBuffer({ resolveWithObject: true });
    width = oriented.info.width;
    height = oriented.info.height;
  } catch (error) {
    throw new UnsupportedPhotoError("This file is not a photo we can read", { cause: error });
  }

  const largest = Math.min(width, LARGE_PHOTO_WIDTH);
  const widths = [...PHOTO_VARIANT_WIDTHS.filter((w) => w < largest), largest];
  const variants = await Promise.all(
    widths.map(async (w) => ({
      width: w,
      data: await base
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    })),
  );
  const scale = largest / width;
  return { width: largest, height: Math.round(height * scale), variants };
}

/** Renders and stores every variant; removes what it wrote if any write fails. */
export async function storePhoto(storage: Storage, input: Buffer, key = newPhotoKey()): Promise<StoredPhoto> {
  const rendered = await renderVariants(input);
  const written: string[] = [];
  try {
    for (const variant of rendered.variants) {
      const objectKey = variantKey(key, variant.width);
      await storage.put(objectKey, variant.data, "image/webp");
      written.push(objectKey);
    }
  } catch (error) {
    await storage.delete(written).catch(() => undefined);
    throw error;
  }
  return {
    key,
    width: rendered.width,
    height: rendered.height,
    variants: rendered.variants.map((v) => v.width),
  };
}

export function photoObjectKeys(photoKey: string, variants: number[]): string[] {
  return variants.map((w) => variantKey(photoKey, w));
}
