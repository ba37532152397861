import type { ActionFunctionArgs } from "@remix-run/node";
import { requireSameOrigin } from "~/web/csrf.server";
import { acceptDirectUpload } from "~/web/direct-upload.server";
import { getStorage, LocalDiskStorage } from "~/infra/storage.server";

/**
 * Where browsers upload photos with the local storage driver: the same
 * signed-form contract as S3's presigned POST, verified by the app.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const storage = getStorage();
  if (!(storage instanceof LocalDiskStorage)) return new Response("Not found", { status: 404 });
  return acceptDirectUpload(request, storage);
}
