import { listJimmyLocations } from "~/models/jimmys.server";
import { getDb } from "~/infra/db.server";
import { applyCommonSecurityHeaders } from "~/web/security.server";

/** GET /api/jimmys-locations: every discovered Jimmy with its position (SPEC.md §3, §7). */
export async function loader() {
  const headers = new Headers({ "Cache-Control": "no-cache" });
  applyCommonSecurityHeaders(headers);
  return Response.json(await listJimmyLocations(getDb()), { headers });
}
