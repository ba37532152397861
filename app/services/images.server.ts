import crypto from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import { LARGE_PHOTO_WIDTH, PHOTO_VARIANT_WIDTHS } from "~/lib/photos";
import { MAX_PHOTO_PIXELS } from "~/lib/uploads";
import type { Storage } from "~/infra/storage.server";
import { msg } from "~/lib/language";

/** Refuse to decode anything bigger than this many pixels (shared with the browser, which checks before downscaling). */
export const MAX_INPUT_PIXELS = MAX_PHOTO_PIXELS;
const WEBP_QUALITY = 72;

/** Raster formats a photo may arrive in. SVG (which can carry scripts) and anything else are refused. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "tiff"]);

export type StoredPhoto = {
  key: string;
  width: number;
  height: number;
  /** Widths stored under `${key}/${width}.webp`, ascending; the last is the large version. */
  variants: number[];
};

/** A file that is not a photo we can publish; its message is shown to the hunter as is. */
export class UnsupportedPhotoError extends Error {
  override name = "UnsupportedPhotoError";
  /** The message's source (app/lib/language.ts) and values, for wording it in the reader's language. */
  readonly source: string;
  readonly values: Record<string, string>;
  constructor(source: string, options?: ErrorOptions & { values?: Record<string, string> }) {
    const values = options?.values ?? {};
    super(
      source.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? ""),
      options,
    );
    this.source = source;
    this.values = values;
  }
}

export function variantKey(photoKey: string, width: number): string {
  return `${photoKey}/${width}.webp`;
}

export function newPhotoKey(now = new Date()): string {
  const month = now.toISOString().slice(0, 7).replace("-", "/");
  return `discoveries/${month}/${crypto.randomBytes(12).toString("hex")}`;
}

const HEIC_MESSAGE = msg(
  "Unsupported photo: HEIC/HEIF photos can't be read yet. Please choose a JPEG or PNG (on an iPhone, set Camera › Formats to Most Compatible).",
);

/** An ISO-BMFF file whose brand says HEIC/HEIF (what iPhones save by default). */
function looksLikeHeic(input: Buffer): boolean {
  if (input.length < 12 || input.toString("latin1", 4, 8) !== "ftyp") return false;
  return /^(heic|heix|hevc|hevx|heim|heis|hevm|hevs|mif1|msf1)$/.test(input.toString("latin1", 8, 12));
}

/** Identifies the image and checks it is a raster photo of a sane size, without decoding its pixels. */
export async function inspectPhoto(input: Buffer): Promise<{ format: string; width: number; height: number }> {
  if (looksLikeHeic(input)) throw new UnsupportedPhotoError(HEIC_MESSAGE);
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnsupportedPhotoError(
      msg("Unsupported photo: this file isn't an image we can read. Please choose a JPEG, PNG or WebP photo."),
      {
        cause: error,
      },
    );
  }
  const format = metadata.format ?? "unknown";
  if (format === "heif") throw new UnsupportedPhotoError(HEIC_MESSAGE);
  if (!ACCEPTED_FORMATS.has(format)) {
    throw new UnsupportedPhotoError(msg("Unsupported photo: {format} files aren't accepted. Please choose a JPEG, PNG or WebP photo."), {
      values: { format: format.toUpperCase() },
    });
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width < 1 || height < 1) throw new UnsupportedPhotoError(msg("Unsupported photo: the image has no size."));
  if (width * height > MAX_INPUT_PIXELS) {
    throw new UnsupportedPhotoError(
      msg("Unsupported photo: the image is {width} × {height} pixels, more than the {million} million we accept."),
      { values: { width: String(width), height: String(height), million: String(MAX_INPUT_PIXELS / 1_000_000) } },
    );
  }
  return { format, width, height };
}

/**
 * Decodes a photo (under a pixel limit), turns it upright, drops every piece
 * of metadata (EXIF, GPS, ICC) and renders the WebP variants the pages use.
 */
export async function renderVariants(input: Buffer): Promise<{
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
}> {
  await inspectPhoto(input);
  let base: Sharp;
  let width: number;
  let height: number;
  try {
    base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", pages: 1 }).rotate();
    const oriented = await base.clone().toBuffer({ resolveWithObject: true });
    width = oriented.info.width;
    height = oriented.info.height;
  } catch (error) {
    throw new UnsupportedPhotoError(msg("Unsupported photo: the file is damaged or incomplete. Please try another photo."), {
      cause: error,
    });
  }

  const largest = Math.min(width, LARGE_PHOTO_WIDTH);
  const widths = [...PHOTO_VARIANT_WIDTHS.filter((w) => w < largest), largest];
  const variants = await Promise.all(
    widths.map(async (w) => ({
      width: w,
      data: await base.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
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

/** The photo's link-preview image (app/services/link-previews.server.ts), made when first asked for. */
export function previewKey(photoKey: string): string {
  return `${photoKey}/og.jpg`;
}

/** The photo's variants, smallest first: what storing a photo writes. */
export function photoObjectKeys(photoKey: string, variants: number[]): string[] {
  return variants.map((w) => variantKey(photoKey, w));
}

/** Everything that may be stored for a photo, for removing it: its variants and its link-preview image, if one was made. */
export function photoStoredKeys(photoKey: string, variants: number[]): string[] {
  return [...photoObjectKeys(photoKey, variants), previewKey(photoKey)];
}
