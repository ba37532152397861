import type { LoaderFunctionArgs } from "@remix-run/node";
import { toApiDiscovery } from "~/lib/api";
import { parseSerial } from "~/lib/serial";
import { getJimmyPage } from "~/models/jimmys.server";
import { apiError, apiJson } from "~/web/api.server";
import { requestT } from "~/web/language.server";
import { getDb } from "~/infra/db.server";
import { getUser } from "~/web/session.server";
import { photoUrls } from "~/infra/storage.server";

/**
 * GET /api/jimmys/serial/{serialNumber} (SPEC.md §7) → {jimmy, stats,
 * discoveries}, the same data the Jimmy page shows. The `_t` parameter that
 * polling clients add to defeat caches is accepted and ignored (answers are
 * never cached anyway).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = requestT(request);
  const serial = parseSerial(params.serialNumber);
  if (serial === null) return apiError(400, t("serialNumber must be a Jimmy's number, like 12."));
  const viewer = await getUser(request);
  const page = await getJimmyPage(getDb(), photoUrls(), serial, { viewerId: viewer?.id ?? null, limit: null, t });
  if (!page) return apiError(404, t("There is no Jimmy #{serial}.", { serial: String(serial) }));
  return apiJson({
    jimmy: {
      id: page.jimmy.id,
      serialNumber: page.jimmy.serialNumber,
      name: page.jimmy.name,
      status: page.jimmy.status,
    },
    stats: page.stats,
    discoveries: page.discoveries.map(toApiDiscovery),
  });
}
