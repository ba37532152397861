import { PassThrough } from "node:stream";
import { FILE_TOO_LARGE_TEXT, MAX_UPLOAD_BYTES, uploadContentType } from "~/lib/uploads";
import type { DB } from "~/infra/db.server";
import { ObjectTooLargeError, type Storage } from "~/infra/storage.server";
import { receiveUpload, UploadRejectedError } from "~/services/uploads.server";
import { readForm } from "./form.server";
import { type MultipartLimits, MultipartRefusal, readMultipart } from "./multipart.server";
import { requestT } from "./language.server";

/** Text fields of the discovery forms are short; anything longer is not a real form. */
const MAX_FIELD_BYTES = 4096;
/**
 * Past this the request is abandoned unread. Below it an oversized photo is
 * read to the end (and thrown away) so the fields after it still arrive and
 * the browser sees an answer rather than a reset connection.
 */
export const MAX_FORM_BYTES = 48 * 1024 * 1024;

/**
 * A discovery form has about ten short fields and one photo; these leave
 * room for that many times over and nothing like a flood.
 */
export const PHOTO_FORM_LIMITS: MultipartLimits = {
  fields: 50,
  fieldBytes: MAX_FIELD_BYTES,
  totalFieldBytes: 64 * 1024,
  files: 3,
  bodyBytes: MAX_FORM_BYTES,
};

export type ReceivedPhoto = { tempPath: string; size: number } | { error: unknown };

export type PhotoForm = {
  fields: Record<string, string>;
  /** The posted photo, streamed into a temporary upload; null when no file was chosen. */
  photo: ReceivedPhoto | null;
};

const tooLarge = () => new UploadRejectedError(FILE_TOO_LARGE_TEXT, 413);

/**
 * Reads a discovery form (multipart with a `photo` file, or plain fields when
 * the browser already uploaded the photo) and streams the file into the
 * temporary key space as it arrives, stopping storage at 10 MB.
 */
export async function readPhotoForm(request: Request, db: DB, storage: Storage, userId: number): Promise<PhotoForm> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    const fields: Record<string, string> = {};
    const form = await readForm(request);
    for (const [name, value] of form) if (typeof value === "string" && !(name in fields)) fields[name] = value.slice(0, MAX_FIELD_BYTES);
    return { fields, photo: null };
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_FORM_BYTES) return { fields: {}, photo: { error: tooLarge() } };

  let photo: ReceivedPhoto | null = null;
  let fields: Record<string, string>;
  try {
    fields = await readMultipart(request, PHOTO_FORM_LIMITS, async ({ name, filename, contentType, data }) => {
      // An empty file input arrives without a file name: no photo chosen.
      if (name !== "photo" || photo || !filename) {
        await drain(data);
        return;
      }
      photo = await streamPhoto(data, (body) => receiveUpload(db, storage, userId, body, uploadContentType(contentType, filename)));
    });
  } catch (error) {
    if (error instanceof MultipartRefusal) {
      if (error.reason === "body-too-large") return { fields: {}, photo: { error: tooLarge() } };
      // Its message is one of multipart.server.ts's: worded in the reader's language.
      throw new Response(requestT(request)(error.message), {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    throw error;
  }
  return { fields, photo };
}

async function drain(data: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const chunk of data) void chunk;
}

/**
 * Feeds a multipart part to `store` through a stream, with backpressure. At
 * 10 MB the stream fails (so storage keeps nothing) and the rest is drained.
 */
async function streamPhoto(
  data: AsyncIterable<Uint8Array>,
  store: (body: PassThrough) => Promise<{ tempPath: string; size: number }>,
): Promise<ReceivedPhoto> {
  const body = new PassThrough();
  // Storage sees the failure through the stream itself; this keeps an error
  // raised before storage started reading from going unhandled.
  body.on("error", () => undefined);
  const stored: Promise<ReceivedPhoto> = store(body).then(
    (result) => result,
    (error: unknown) => {
      body.destroy();
      return { error };
    },
  );
  let size = 0;
  try {
    for await (const chunk of data) {
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        // Past 10 MB storage keeps nothing; the rest is read and thrown away
        // (up to the form's limit) so the fields after the photo still arrive.
        if (!body.destroyed) body.destroy(new ObjectTooLargeError(MAX_UPLOAD_BYTES));
        continue;
      }
      if (body.destroyed) continue;
      if (!body.write(chunk)) {
        // Whichever fires first wins; the other listener is removed so a long
        // upload does not pile up one per pause.
        await new Promise<void>((resolve) => {
          const resume = () => {
            body.off("drain", resume);
            body.off("close", resume);
            resolve();
          };
          body.once("drain", resume);
          body.once("close", resume);
        });
      }
    }
  } catch (error) {
    // The form was cut off or refused midway: storage keeps nothing of it.
    body.destroy(error as Error);
    await stored;
    throw error;
  }
  body.end();
  const result = await stored;
  return size > MAX_UPLOAD_BYTES ? { error: tooLarge() } : result;
}
