import { msg } from "./language";

/** SPEC.md §5/§9: photos may be at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const FILE_TOO_LARGE_TEXT = msg("File too large - Please select an image smaller than 10MB");

/** A browser-declared type we accept for an upload (the server still checks the bytes). */
export function isImageContentType(type: string): boolean {
  return /^image\/[a-z0-9.+-]{1,40}$/i.test(type) && !/svg/i.test(type);
}

/**
 * Larger images are refused before decoding (a pixel-flood guard). A 12 MP
 * phone photo has 12 million, the 24 MP default of recent phones 24.5 million;
 * decoding costs time in proportion, so 25 million bounds one decode at about
 * twice a normal photo's (a 7000 × 7000 image, 49 million, is refused).
 */
export const MAX_PHOTO_PIXELS = 25_000_000;

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  heic: "image/heic",
  heif: "image/heif",
  tif: "image/tiff",
  tiff: "image/tiff",
};

/**
 * The type to declare for a chosen file. Browsers leave it empty or generic
 * for formats they don't know (HEIC on most desktops), so the extension
 * decides then; the server identifies the bytes either way.
 */
export function uploadContentType(declared: string, filename: string): string {
  if (isImageContentType(declared)) return declared.toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? "";
  return TYPES_BY_EXTENSION[extension] ?? (declared || "application/octet-stream");
}
