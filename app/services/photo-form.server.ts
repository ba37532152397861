import { unstable_parseMultipartFormData } from "@remix-run/node";
import { PassThrough } from "node:stream";
import { FILE_TOO_LARGE_TEXT, MAX_UPLOAD_BYTES, uploadContentType } from "~/lib/uploads";
import type { DB } from "./db.server";
import { ObjectTooLargeError, type Storage } from "./storage.server";
import { receiveUpload, UploadRejectedError } from "./uploads.server";
import { readForm } from "./form.server";

/** Text fields of the discovery forms are short; anything longer is not a real form. */
const MAX_FIELD_BYTES = 4096;
/**
 * Past this the request is abandoned unread. Below it an oversized photo is
 * read to the end (and thrown away) so the fields after it still arrive and
 * the browser sees an answer rather than a reset connection.
 */
export const MAX_FORM_BYTES = 48 * 1024 * 1024;

export type ReceivedPhoto = { tempPath: string; size: number } | { error: unknown };

export type PhotoForm = {
  fields: Record<string, string>;
  /** The posted photo, streamed into a temporary upload; null when no file was chosen. */
  photo: ReceivedPhoto | null;
};

class FormTooLarge extends Error {}

const tooLarge = () => new UploadRejectedError(FILE_TOO_LARGE_TEXT, 413);

/**
 * Reads a discovery form (multipart with a `photo` file, or plain fields when
 * the browser already uploaded the photo) and streams the file into the
 * temporary key space as it arrives, stopping storage at 10 MB.
 */
export async function readPhotoForm(request: Request, db: DB, storage: Storage, userId: number): Promise<PhotoForm> {
  const type = request.headers.get("Content-Type") ?? "";
  const fields: Record<string, string> = {};
  if (!type.startsWith("multipart/form-data")) {
    const form = await readForm(request);
    for (const [name, value] of form) if (typeof value === "string" && !(name in fields)) fields[name] = value.slice(0, MAX_FIELD_BYTES);
    return { fields, photo: null };
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_FORM_BYTES) return { fields, photo: { error: tooLarge() } };

  let photo: ReceivedPhoto | null = null;
  try {
    await unstable_parseMultipartFormData(request, async ({ name, filename, contentType, data }) => {
      if (name !== "photo") {
        if (filename === undefined) fields[name] ??= await readField(data);
        else await drain(data);
        return undefined;
      }
      // An empty file input arrives without a file name: no photo chosen.
      if (photo || !filename) {
        await drain(data);
        return undefined;
      }
      photo = await streamPhoto(data, (body) => receiveUpload(db, storage, userId, body, uploadContentType(contentType, filename)));
      return undefined;
    });
  } catch (error) {
    if (error instanceof FormTooLarge) return { fields, photo: { error: tooLarge() } };
    if (error instanceof TypeError) throw new Response("The form could not be read. Please submit it again.", { status: 400 });
    throw error;
  }
  return { fields, photo };
}

async function readField(data: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.length;
    if (size > MAX_FIELD_BYTES) throw new Response("A form field is too long.", { status: 400 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function drain(data: AsyncIterable<Uint8Array>, seen = 0): Promise<void> {
  for await (const chunk of data) {
    seen += chunk.length;
    if (seen > MAX_FORM_BYTES) throw new FormTooLarge();
  }
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
  for await (const chunk of data) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) {
      if (!body.destroyed) body.destroy(new ObjectTooLargeError(MAX_UPLOAD_BYTES));
      if (size > MAX_FORM_BYTES) {
        await stored;
        throw new FormTooLarge();
      }
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
  body.end();
  const result = await stored;
  return size > MAX_UPLOAD_BYTES ? { error: tooLarge() } : result;
}
