/** SPEC.md §5/§9: photos may be at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const FILE_TOO_LARGE_TEXT = "File too large - Please select an image smaller than 10MB";

/** A browser-declared type we accept for an upload (the server still checks the bytes). */
export function isImageContentType(type: string): boolean {
  return /^image\/[a-z0-9.+-]{1,40}$/i.test(type) && !/svg/i.test(type);
}
