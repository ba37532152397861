import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { FILE_TOO_LARGE_TEXT, isImageContentType, MAX_UPLOAD_BYTES } from "~/lib/uploads";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { BodyTooLargeError, readBoundedBody } from "~/web/form.server";
import { consumeHunterLimit } from "~/services/rate-limit.server";
import { rateLimitedJson } from "~/web/rate-limit.server";
import { getUser } from "~/web/session.server";
import { getStorage, StorageUnavailableError } from "~/infra/storage.server";
import { createPresignedUpload, UploadRejectedError } from "~/services/uploads.server";
import { msg } from "~/lib/language";
import { requestT } from "~/web/language.server";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** {contentType, size} is a few dozen bytes. */
const MAX_TARGET_REQUEST_BYTES = 4096;

const TargetRequestSchema = z.object({
  contentType: z.string().refine(isImageContentType, "Unsupported photo: please choose an image file (JPEG, PNG or WebP)."),
  size: z.number().int().min(1, msg("The photo is empty. Please choose another one.")),
});

/**
 * A signed form for uploading one photo straight to storage: a fresh
 * temporary key, this content type, at most 10 MB, valid for 10 minutes
 * (S3's presigned POST, or the app's own signature with the local driver).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  if (request.method !== "POST") return json({ message: "Use POST." }, 405);
  const t = requestT(request);
  const user = await getUser(request);
  if (!user) return json({ message: t("Sign in to upload photos.") }, 401);
  let body: unknown = null;
  try {
    body = JSON.parse((await readBoundedBody(request, MAX_TARGET_REQUEST_BYTES)).toString("utf8"));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json({ message: "The request body is too large." }, 413);
  }
  const parsed = TargetRequestSchema.safeParse(body);
  // The schema's own messages are English for a developer, but for the empty photo (a message key).
  if (!parsed.success) return json({ message: t(parsed.error.issues[0]?.message ?? "Invalid request.") }, 400);
  if (parsed.data.size > MAX_UPLOAD_BYTES) return json({ message: t(FILE_TOO_LARGE_TEXT) }, 413);
  const db = getDb();
  const limit = await consumeHunterLimit(db, "uploadPerHunter", user.id);
  if (!limit.allowed) return rateLimitedJson("uploadPerHunter", limit, t);
  try {
    const upload = await createPresignedUpload(db, getStorage(), user.id, parsed.data.contentType);
    return json({
      tempPath: upload.tempPath,
      url: upload.target.url,
      fields: upload.target.fields,
      maxBytes: upload.maxBytes,
      expiresAt: upload.expiresAt,
    });
  } catch (error) {
    if (error instanceof UploadRejectedError) return json({ message: t(error.message) }, error.status);
    if (error instanceof StorageUnavailableError)
      return json({ message: t("Photo storage is not answering. Please try again in a minute.") }, 503);
    throw error;
  }
}
