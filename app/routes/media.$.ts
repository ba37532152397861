import type { LoaderFunctionArgs } from "@remix-run/node";
import { storedFileResponse } from "~/web/security.server";
import { assertValidKey, getStorage } from "~/infra/storage.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "X-Content-Type-Options": "nosniff" } });

/**
 * Serves published photos (discoveries and avatars; uploads in progress are
 * never served here). Keys are never reused for other content, so a photo
 * can be cached forever; only published photos live under these prefixes.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  if (!/^(discoveries|avatars)\//.test(key)) return notFound();
  try {
    assertValidKey(key);
  } catch {
    return notFound();
  }
  const object = await getStorage().get(key);
  if (!object) return notFound();
  return storedFileResponse(object, object.contentType, "public, max-age=31536000, immutable");
}
