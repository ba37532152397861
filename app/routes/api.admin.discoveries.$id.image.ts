import type { ActionFunctionArgs } from "@remix-run/node";
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { z } from "zod";
import { FILE_TOO_LARGE_TEXT, MAX_UPLOAD_BYTES } from "~/lib/uploads";
import { apiError, apiJson, requireApiMutation } from "~/services/api.server";
import { clientAddress } from "~/services/client-address.server";
import { getDb } from "~/services/db.server";
import { UnsupportedPhotoError } from "~/services/images.server";
import { moderateReplaceImage } from "~/services/moderation.server";
import { isAdmin } from "~/services/session.server";
import { getStorage } from "~/services/storage.server";
import { MAX_ROW_ID } from "~/lib/ids";

const IdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/**
 * POST /api/admin/discoveries/{id}/image (SPEC.md §7): multipart with the
 * field `image`, re-encoded through the report pipeline. Admin session only.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST to replace an image.");
  requireApiMutation(request);
  const db = getDb();
  if (!(await isAdmin(request, { db }))) return apiError(403, "This needs an admin session.");
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(400, "The discovery id must be a positive whole number.");
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return apiError(415, "Send the image as multipart/form-data in the field image.");
  }
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) return apiError(413, FILE_TOO_LARGE_TEXT);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES, filter: ({ name }) => name === "image" }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return apiError(413, FILE_TOO_LARGE_TEXT);
    return apiError(400, "The upload was interrupted. Please try again.");
  }
  const image = form.get("image");
  if (!(image instanceof File) || image.size === 0) return apiError(400, "Failed to upload image: the field image holds no file.");
  try {
    const replaced = await moderateReplaceImage(db, getStorage(), {
      id: id.data,
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
