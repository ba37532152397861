import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isImageContentType } from "~/lib/uploads";
import { findTempUpload } from "~/models/uploads.server";
import { requireSameOrigin } from "~/web/csrf.server";
import { getDb } from "~/infra/db.server";
import { readPhotoForm } from "~/web/photo-form.server";
import { consumeHunterLimit } from "~/services/rate-limit.server";
import { rateLimitedJson } from "~/web/rate-limit.server";
import { storedFileResponse } from "~/web/security.server";
import { getUser } from "~/web/session.server";
import { getStorage, StorageUnavailableError } from "~/infra/storage.server";
import { isTempKey, UploadRejectedError } from "~/services/uploads.server";
import { requestT } from "~/web/language.server";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export function tempUrl(tempPath: string): string {
  return `/api/upload?tempPath=${encodeURIComponent(tempPath)}`;
}

/**
 * SPEC.md §7: POST /api/upload, multipart with the field `photo` →
 * {tempPath, tempUrl}. The file streams into the same temporary key space
 * the forms use (10 MB enforced while it streams); publishing checks it again.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  if (request.method !== "POST") return json({ message: "Use POST." }, 405);
  const t = requestT(request);
  const user = await getUser(request);
  if (!user) return json({ message: t("Sign in to upload photos.") }, 401);
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return json({ message: "Send the photo as multipart/form-data in the field 'photo'." }, 400);
  }
  const db = getDb();
  const limit = await consumeHunterLimit(db, "uploadPerHunter", user.id);
  if (!limit.allowed) return rateLimitedJson("uploadPerHunter", limit, t);
  const { photo } = await readPhotoForm(request, db, getStorage(), user.id);
  if (!photo) return json({ message: "No photo: send the file in the field 'photo'." }, 400);
  if ("error" in photo) {
    if (photo.error instanceof UploadRejectedError) return json({ message: t(photo.error.message) }, photo.error.status);
    if (photo.error instanceof StorageUnavailableError)
      return json({ message: t("Photo storage is not answering. Please try again in a minute.") }, 503);
    throw photo.error;
  }
  return json({ tempPath: photo.tempPath, tempUrl: tempUrl(photo.tempPath) });
}

/**
 * The temporary upload itself, for its owner only (a preview before the
 * report is sent). It has not been checked yet, so it is served sandboxed,
 * never sniffed, and kept by no cache.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const key = new URL(request.url).searchParams.get("tempPath") ?? "";
  const user = await getUser(request);
  const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  if (!user || !isTempKey(key)) return notFound();
  const db = getDb();
  const row = await findTempUpload(db, key);
  if (!row || row.owner_user_id !== user.id || row.expires_at < new Date().toISOString() || !isImageContentType(row.content_type)) {
    return notFound();
  }
  const object = await getStorage().get(key);
  if (!object) return notFound();
  return storedFileResponse(object, row.content_type, "private, no-store");
}
