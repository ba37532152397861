import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/db.server";
import { listDataExports } from "~/models/data-exports.server";
import { requireUser } from "~/web/session.server";

/**
 * Whether any of the hunter's archives is still being prepared: what the
 * account page asks while it waits, so it reloads its data only once there is
 * something new to show.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, { db });
  const exports = await listDataExports(db, user.id);
  return Response.json({ preparing: exports.some((e) => e.status === "pending") }, { headers: { "Cache-Control": "private, no-store" } });
}
