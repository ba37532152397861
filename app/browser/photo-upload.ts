/**
 * The browser's half of the photo pipeline: read the photo's GPS position,
 * downscale it to a JPEG of at most 2048 px, get a signed upload form for a
 * fresh temporary key and send the file straight to storage with progress,
 * retrying when the connection drops.
 */
import { readExif } from "~/lib/exif";
import { msg, type MessageKey } from "~/lib/language";
import { FILE_TOO_LARGE_TEXT, MAX_PHOTO_PIXELS, MAX_UPLOAD_BYTES, uploadContentType } from "~/lib/uploads";

export const MAX_UPLOAD_SIDE_PX = 2048;
/** A downscaled photo weighs at most this much where JPEG can get there: about 3 s on a slow mobile uplink. */
export const UPLOAD_TARGET_BYTES = 600 * 1024;
/**
 * JPEG (Safari cannot encode WebP from a canvas) qualities tried in turn until
 * the photo fits UPLOAD_TARGET_BYTES: most photos fit at the first; detailed
 * ones step down, which costs little since the server re-encodes to WebP at 72.
 */
const UPLOAD_QUALITIES = [0.85, 0.75, 0.65, 0.55];
const RETRY_DELAYS_MS = [1000, 3000];

export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    /** What the hunter is told: a message key (msg(), worded by `t`), or the server's words, already in the reader's language. */
    readonly words: MessageKey,
    /** A dropped connection or a busy server: worth another try. */
    readonly retryable = false,
  ) {
    // In the browser a message key is a number: `message` holds only the server's words.
    super(typeof words === "string" ? words : "");
  }
}

export type PreparedPhoto = { blob: Blob; contentType: string; filename: string };

/** Width and height from an image's header (PNG, JPEG, GIF, WebP), without decoding it. */
export function imageDimensions(buffer: ArrayBuffer): { width: number; height: number } | null {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  const ascii = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  try {
    if (view.getUint32(0) === 0x89504e47 && ascii(12, 4) === "IHDR") return { width: view.getUint32(16), height: view.getUint32(20) };
    if (ascii(0, 4) === "GIF8") return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    if (ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") {
      const chunk = ascii(12, 4);
      if (chunk === "VP8X") return { width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(27, true) & 0xffffff) };
      if (chunk === "VP8 ") return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
      if (chunk === "VP8L") {
        const bits = view.getUint32(21, true);
        return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
      }
      return null;
    }
    if (view.getUint16(0) === 0xffd8) {
      let offset = 2;
      while (offset + 9 < view.byteLength) {
        const marker = view.getUint16(offset);
        if ((marker & 0xff00) !== 0xff00) return null;
        // Start-of-frame markers (not DHT, JPG or DAC) carry the size.
        if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
          return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
        }
        offset += 2 + view.getUint16(offset + 2);
      }
    }
  } catch {
    return null;
  }
  return null;
}

/** The GPS position a phone wrote into the photo, read before downscaling drops it. */
export async function photoPosition(file: File): Promise<{ latitude: number; longitude: number } | null> {
  const { latitude, longitude } = readExif(await file.slice(0, 256 * 1024).arrayBuffer());
  return latitude !== null && longitude !== null ? { latitude, longitude } : null;
}

/**
 * Downscales a photo to a JPEG whose longest side is at most 2048 px and, at
 * the lowest quality tried, at most 600 KB (a 12 MP phone photo goes from
 * 3–10 MB to about half a megabyte), upright. Files the
 * browser cannot or should not decode here — not an image, HEIC, an
 * incomplete JPEG, absurd dimensions — go as they are, so the server names the
 * problem.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (file.size > MAX_UPLOAD_BYTES) throw new UploadError(FILE_TOO_LARGE_TEXT);
  const original: PreparedPhoto = { blob: file, contentType: uploadContentType(file.type, file.name), filename: file.name };
  const head = await file.slice(0, 256 * 1024).arrayBuffer();
  const size = imageDimensions(head);
  if (!size || size.width * size.height > MAX_PHOTO_PIXELS) return original;
  if (original.contentType === "image/jpeg") {
    const tail = new Uint8Array(await file.slice(-2).arrayBuffer());
    if (tail[0] !== 0xff || tail[1] !== 0xd9) return original;
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return original;
  }
  try {
    const scale = Math.min(1, MAX_UPLOAD_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return original;
    // JPEG has no transparency: a white background instead of black for PNG cut-outs.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    let blob: Blob | null = null;
    for (const quality of UPLOAD_QUALITIES) {
      blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
      if (!blob || blob.size <= UPLOAD_TARGET_BYTES) break;
    }
    if (!blob || (blob.size >= file.size && scale === 1 && original.contentType === "image/jpeg")) return original;
    return { blob, contentType: "image/jpeg", filename: file.name.replace(/\.[^.]*$/, "") + ".jpg" };
  } finally {
    bitmap.close();
  }
}

type UploadTarget = { tempPath: string; url: string; fields: Record<string, string>; expiresAt: string };

async function messageOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string") return parsed.message;
  } catch {
    // S3 answers XML: <Error><Message>...</Message></Error>.
    const xml = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    if (xml) return xml;
  }
  return text.trim().slice(0, 200) || `${response.status}: ${response.statusText}`;
}

async function requestTarget(photo: PreparedPhoto): Promise<UploadTarget> {
  let response: Response;
  try {
    response = await fetch("/api/upload-target", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ contentType: photo.contentType, size: photo.blob.size }),
    });
  } catch {
    throw new UploadError(msg("The connection dropped before the upload could start."), true);
  }
  if (!response.ok) throw new UploadError(await messageOf(response), response.status >= 500 || response.status === 429);
  const target = (await response.json()) as Partial<UploadTarget>;
  if (!target.tempPath) throw new UploadError(msg("Upload failed: No temp path returned"));
  return target as UploadTarget;
}

function sendToTarget(target: UploadTarget, photo: PreparedPhoto, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    // S3's POST contract: the signed fields first, the file last.
    form.append("file", photo.blob, photo.filename);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", target.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      const response = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      void messageOf(response).then((message) => reject(new UploadError(message, xhr.status >= 500)));
    };
    xhr.onerror = () => reject(new UploadError(msg("The connection dropped while uploading your photo."), true));
    xhr.ontimeout = xhr.onerror;
    xhr.send(form);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads a prepared photo to a fresh temporary key and returns the key. A
 * dropped connection is retried (twice, after 1 s and 3 s) with the same
 * signed form while it is valid, or a new one after it expired.
 */
export async function uploadPhoto(
  photo: PreparedPhoto,
  onProgress: (fraction: number) => void,
  onRetry?: (attempt: number) => void,
): Promise<string> {
  let target: UploadTarget | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      if (!target || Date.parse(target.expiresAt) - Date.now() < 30_000) target = await requestTarget(photo);
      onProgress(0);
      await sendToTarget(target, photo, onProgress);
      return target.tempPath;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!(error instanceof UploadError) || !error.retryable || delay === undefined) throw error;
      onRetry?.(attempt + 1);
      await wait(delay);
    }
  }
}
