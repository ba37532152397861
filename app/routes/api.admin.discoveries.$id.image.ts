import type { ActionFunctionArgs } from "@remix-run/node";
import { MultipartRefusal, readOneFile } from "~/web/multipart.server";
import { FILE_TOO_LARGE_TEXT, MAX_UPLOAD_BYTES } from "~/lib/uploads";
import { apiError, apiJson, requireAdminApiDiscoveryId } from "~/web/api.server";
import { clientAddress } from "~/web/client-address.server";
import { getDb } from "~/infra/db.server";
import { UnsupportedPhotoError } from "~/services/images.server";
import { moderateReplaceImage } from "~/services/moderation.server";
import { getStorage } from "~/infra/storage.server";

/**
 * POST /api/admin/discoveries/{id}/image (SPEC.md §7): multipart with the
 * field `image`, re-encoded through the report pipeline. Admin session only.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to replace an image.");
  const db = getDb();
  const id = await requireAdminApiDiscoveryId(request, db, params.id);
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return apiError(415, "Send the image as multipart/form-data in the field image.");
  }
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) return apiError(413, FILE_TOO_LARGE_TEXT);
  let image: File | null;
  try {
    image = await readOneFile(request, "image", MAX_UPLOAD_BYTES);
  } catch (error) {
    if (!(error instanceof MultipartRefusal)) throw error;
    if (error.status === 413)
      return apiError(413, error.reason === "file-too-large" || error.reason === "body-too-large" ? FILE_TOO_LARGE_TEXT : error.message);
    return apiError(400, error.message);
  }
  if (!image || image.size === 0) return apiError(400, "Failed to upload image: the field image holds no file.");
  try {
    const replaced = await moderateReplaceImage(db, getStorage(), {
      id,
      bytes: Buffer.from(await image.arrayBuffer()),
      clientAddress: clientAddress(request, context),
    });
    if (!replaced) return apiError(404, "Failed to upload image: the discovery no longer exists.");
  } catch (error) {
    if (error instanceof UnsupportedPhotoError) return apiError(415, `Failed to upload image: ${error.message}`);
    throw error;
  }
  return apiJson({ success: true, message: "Image updated" });
}

export function loader() {
  return apiError(405, "Use POST to replace an image.");
}
