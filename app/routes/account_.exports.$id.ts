import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { getDb } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";
import { findDataExport } from "~/models/data-exports.server";
import { getUser, isAdmin } from "~/web/session.server";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * Downloads an archive of a hunter's data: only theirs (or an admin's, for a
 * request by email). Anyone else is told there is no such archive, so its
 * number says nothing; one past its time is gone (410).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : null;
  const [archive, user, admin] = await Promise.all([
    id === null ? null : findDataExport(db, id),
    getUser(request, { db }),
    isAdmin(request, { db }),
  ]);
  if (!archive || (archive.userId !== user?.id && !admin))
    return text("There is no such archive of your data. Ask for one on your account page.", 404);
  if (archive.status === "pending") return text("This archive is still being prepared. Reload your account page in a minute.", 409);
  if (archive.status !== "ready" || !archive.storageKey)
    return text("This archive is no longer available: archives are kept for 7 days. Ask for a new one on your account page.", 410);
  const object = await getStorage().get(archive.storageKey);
  if (!object) return text("This archive is no longer available. Ask for a new one on your account page.", 410);
  return new Response(createReadableStreamFromReadable(object.body), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="jimmy-hunt-data-${archive.createdAt.slice(0, 10)}.zip"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
