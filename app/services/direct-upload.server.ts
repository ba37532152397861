import { unstable_parseMultipartFormData } from "@remix-run/node";
import { Readable } from "node:stream";
import { FILE_TOO_LARGE_TEXT } from "~/lib/uploads";
import { type LocalDiskStorage, ObjectTooLargeError } from "./storage.server";

const MAX_FIELD_BYTES = 2048;

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
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return Response.json({ message: "Uploads are multipart forms." }, { status: 400 });
  }
  const fields: Record<string, string> = {};
  let stored = false;
  try {
    await unstable_parseMultipartFormData(request, async ({ name, data }) => {
      if (name !== "file") {
        const chunks: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of data) {
          size += chunk.length;
          if (size > MAX_FIELD_BYTES) throw refuse(400, `The ${name} field is too long.`);
          chunks.push(chunk);
        }
        fields[name] = Buffer.concat(chunks).toString("utf8");
        return undefined;
      }
      if (stored) throw refuse(400, "Send one file per upload.");
      const verified = storage.verifyUploadFields(fields, now);
      if (!verified) throw refuse(403, "This upload form has expired or was altered. Please choose the photo again.");
      await storage.put(verified.key, Readable.from(data), verified.contentType, { maxBytes: verified.maxBytes });
      stored = true;
      return undefined;
    });
  } catch (error) {
    if (error instanceof Refused) return error.response;
    if (error instanceof ObjectTooLargeError) return Response.json({ message: FILE_TOO_LARGE_TEXT }, { status: 413 });
    throw error;
  }
  return stored ? new Response(null, { status: 204 }) : Response.json({ message: "The form has no file." }, { status: 400 });
}
