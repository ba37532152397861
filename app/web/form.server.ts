import { msg } from "~/lib/language";
import { requestT } from "./language.server";

/**
 * The app's forms (sign-in, comments, likes, admin actions...) carry a few
 * short fields. Read through here, a body far larger than any real form is
 * refused with 413 before it is buffered (whether or not it declares its
 * length), and a body that is not a readable form is a 400 with a message
 * instead of a 500.
 */
export const MAX_FORM_BODY_BYTES = 64 * 1024;

/** Messages, worded in the request's language where they are sent. */
export const FORM_TOO_LARGE_TEXT = msg("This form is far larger than any form on this site, so it was not read. Nothing was saved.");
export const FORM_UNREADABLE_TEXT = msg("The form could not be read. Please submit it again.");

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/**
 * The request body as bytes, refused with BodyTooLargeError as soon as the
 * declared length or the bytes actually received pass `maxBytes`, so a
 * chunked body without a length cannot make the server buffer it all.
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function plainTextResponse(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The request's form fields; a thrown 413 or 400 Response (with a message) when it is too large or unreadable. */
export async function readForm(request: Request, maxBytes = MAX_FORM_BODY_BYTES): Promise<FormData> {
  const t = requestT(request);
  let body: Buffer;
  try {
    body = await readBoundedBody(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw plainTextResponse(413, t(FORM_TOO_LARGE_TEXT));
    throw plainTextResponse(400, t(FORM_UNREADABLE_TEXT));
  }
  const contentType = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
  try {
    return await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw plainTextResponse(400, t(FORM_UNREADABLE_TEXT));
  }
}
