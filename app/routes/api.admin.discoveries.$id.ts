import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, requireAdminApiDiscoveryId } from "~/web/api.server";
import { clientAddress } from "~/web/client-address.server";
import { getDb } from "~/infra/db.server";
import { moderateDeleteDiscovery, STORAGE_DOWN_DELETE_TEXT } from "~/services/moderation.server";
import { getStorage, StorageUnavailableError } from "~/infra/storage.server";

/**
 * DELETE /api/admin/discoveries/{id} (SPEC.md §7). Authorized only by the
 * server-side admin session (POST /api/admin/login or /admin), never by a
 * header value.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return apiError(405, "Use DELETE to remove a discovery.");
  const db = getDb();
  const id = await requireAdminApiDiscoveryId(request, db, params.id);
  let deleted;
  try {
    deleted = await moderateDeleteDiscovery(db, getStorage(), { id, clientAddress: clientAddress(request, context) });
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
