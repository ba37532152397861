import { FILE_TOO_LARGE_TEXT } from "~/lib/uploads";
import { type MultipartLimits, MultipartRefusal, readMultipart } from "./multipart.server";
import { type LocalDiskStorage, ObjectTooLargeError } from "~/infra/storage.server";
import { requestT } from "./language.server";

/**
 * The signed fields of a POST upload are a handful of short values; the one
 * file is at most the signed size (10 MB), which storage enforces as it
 * streams. A form past these is refused before more of it is read.
 */
export const DIRECT_UPLOAD_LIMITS: MultipartLimits = {
  fields: 20,
  fieldBytes: 2048,
  totalFieldBytes: 16 * 1024,
  files: 1,
  bodyBytes: 48 * 1024 * 1024,
};

class Refused extends Error {
  constructor(readonly response: Response) {
    super("upload refused");
  }
}

const refuse = (status: number, message: string) => new Refused(Response.json({ message }, { status }));

/**
 * The local driver's stand-in for S3's POST upload: accepts a multipart form
 * (signed fields first, the file last) only if the signature, key, expiry and
 * type check out, and streams the file to storage, stopping at the signed
 * size. A refused form stops being read at once.
 */
export async function acceptDirectUpload(request: Request, storage: LocalDiskStorage, now = new Date()): Promise<Response> {
  const t = requestT(request);
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return Response.json({ message: "Uploads are multipart forms." }, { status: 400 });
  }
  let stored = false;
  try {
    await readMultipart(request, DIRECT_UPLOAD_LIMITS, async ({ name, data }, fields) => {
      if (name !== "file") throw refuse(400, `Only the upload's own file part is accepted, not ${JSON.stringify(name.slice(0, 40))}.`);
      const verified = storage.verifyUploadFields(fields, now);
      if (!verified) throw refuse(403, t("This upload form has expired or was altered. Please choose the photo again."));
      await storage.put(verified.key, data, verified.contentType, { maxBytes: verified.maxBytes });
      stored = true;
    });
  } catch (error) {
    if (error instanceof Refused) return error.response;
    if (error instanceof ObjectTooLargeError) return Response.json({ message: t(FILE_TOO_LARGE_TEXT) }, { status: 413 });
    if (error instanceof MultipartRefusal) {
      if (error.reason === "too-many-files") return Response.json({ message: "Send one file per upload." }, { status: 400 });
      if (error.reason === "field-too-long") return Response.json({ message: `The ${error.field} field is too long.` }, { status: 400 });
      if (error.reason === "body-too-large") return Response.json({ message: t(FILE_TOO_LARGE_TEXT) }, { status: 413 });
      // A refusal's message is one of multipart.server.ts's (English, as the catalogue keys it).
      return Response.json({ message: t(error.message) }, { status: error.status });
    }
    throw error;
  }
  return stored ? new Response(null, { status: 204 }) : Response.json({ message: "The form has no file." }, { status: 400 });
}
