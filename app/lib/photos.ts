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

/** The public URL of a stored photo object (the configured storage's; models receive it from their callers). */
export type PhotoUrl = (key: string) => string;

/** The variant an image shows where srcset is not used: 720 px, or the widest there is below it. */
function defaultWidth(variants: readonly number[], width: number): number {
  return variants.find((w) => w >= 720) ?? variants[variants.length - 1] ?? width;
}

/** The URL of the variant a photo shows by default: what the JSON API links to. */
export function photoSrc(photoKey: string, variantsText: string, width: number, urlFor: (key: string) => string): string {
  return urlFor(`${photoKey}/${defaultWidth(parseVariants(variantsText), width)}.webp`);
}

/** The pixels a thumbnail needs: 120 CSS px on a phone's 3× screen. */
export const THUMBNAIL_WIDTH = 360;

/**
 * Builds the image attributes for a stored photo. `urlFor` maps an object key
 * to the URL the browser fetches. A photo never shown wider than `neededWidth`
 * pixels (a thumbnail) offers the variants up to the first that wide, so its
 * markup does not name files the browser would never choose.
 */
export function buildPhoto(
  photoKey: string,
  variantsText: string,
  width: number,
  height: number,
  urlFor: (key: string) => string,
  { neededWidth = Infinity }: { neededWidth?: number } = {},
): Photo {
  const variants = parseVariants(variantsText);
  const url = (w: number) => urlFor(`${photoKey}/${w}.webp`);
  const largest = variants[variants.length - 1] ?? width;
  const wideEnough = variants.findIndex((w) => w >= neededWidth);
  const offered = wideEnough < 0 ? variants : variants.slice(0, wideEnough + 1);
  return {
    src: url(defaultWidth(offered, width)),
    srcSet: offered.map((w) => `${url(w)} ${w}w`).join(", "),
    largeSrc: url(largest),
    width,
    height,
  };
}
