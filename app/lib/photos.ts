/** Widths (px) of the WebP variants stored for every photo, for srcset. */
export const PHOTO_VARIANT_WIDTHS = [320, 480, 720, 1080, 1440] as const;
/** The large version's width cap; the image viewer uses it. */
export const LARGE_PHOTO_WIDTH = 2048;

export type Photo = {
  src: string;
  srcSet: string;
  largeSrc: string;
  width: number;
  height: number;
};

export function parseVariants(stored: string): number[] {
  return stored
    .split(",")
    .map((part) => Number.parseInt(part, 10))
    .filter((n) => Number.isFinite(n) && n > 0)
    .sort((a, b) => a - b);
}

/**
 * Builds the image attributes for a stored photo. `urlFor` maps an object key
 * to the URL the browser fetches.
 */
/** The public URL of a stored photo object (the configured storage's; models receive it from their callers). */
export type PhotoUrl = (key: string) => string;

export function buildPhoto(photoKey: string, variantsText: string, width: number, height: number, urlFor: (key: string) => string): Photo {
  const variants = parseVariants(variantsText);
  const url = (w: number) => urlFor(`${photoKey}/${w}.webp`);
  const fallback = variants.find((w) => w >= 720) ?? variants[variants.length - 1] ?? width;
  const largest = variants[variants.length - 1] ?? width;
  return {
    src: url(fallback),
    srcSet: variants.map((w) => `${url(w)} ${w}w`).join(", "),
    largeSrc: url(largest),
    width,
    height,
  };
}
