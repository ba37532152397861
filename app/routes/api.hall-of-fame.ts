import { hallOfFameResponse } from "~/models/hall-of-fame.server";
import { currentHallOfFame } from "~/services/hall-of-fame.server";
import { getDb } from "~/infra/db.server";
import { applyCommonSecurityHeaders } from "~/web/security.server";
import { getStorage } from "~/infra/storage.server";

/** GET /api/hall-of-fame: the holder of each record (SPEC.md §3, §7). */
export async function loader() {
  const storage = getStorage();
  const hallOfFame = await currentHallOfFame(getDb(), storage);
  const headers = new Headers({ "Cache-Control": "no-cache" });
  applyCommonSecurityHeaders(headers);
  return Response.json(hallOfFameResponse(hallOfFame), { headers });
}
