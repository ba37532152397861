import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiError, apiJson, requireApiMutation } from "~/web/api.server";
import { clientAddress } from "~/web/client-address.server";
import { getDb } from "~/infra/db.server";
import { moderateDeleteDiscovery, STORAGE_DOWN_DELETE_TEXT } from "~/services/moderation.server";
import { isAdmin } from "~/web/session.server";
import { getStorage, StorageUnavailableError } from "~/infra/storage.server";
import { MAX_ROW_ID } from "~/lib/ids";

const IdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/**
 * DELETE /api/admin/discoveries/{id} (SPEC.md §7). Authorized only by the
 * server-side admin session (POST /api/admin/login or /admin), never by a
 * header value.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return apiError(405, "Use DELETE to remove a discovery.");
  requireApiMutation(request);
  const db = getDb();
  if (!(await isAdmin(request, { db }))) return apiError(403, "This needs an admin session.");
  const id = IdSchema.safeParse(params.id);
  if (!id.success) return apiError(400, "The discovery id must be a positive whole number.");
  let deleted;
  try {
    deleted = await moderateDeleteDiscovery(db, getStorage(), { id: id.data, clientAddress: clientAddress(request, context) });
  } catch (error) {
    if (error instanceof StorageUnavailableError) return apiError(503, STORAGE_DOWN_DELETE_TEXT);
    throw error;
  }
  if (!deleted) return apiError(404, "Failed to delete discovery: it no longer exists.");
  return apiJson({ success: true, message: "Discovery deleted" });
}

export function loader() {
  return apiError(405, "Use DELETE to remove a discovery.");
}
