import { parseSerial } from "~/lib/serial";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { findJimmyBySerial, listJourneyStops } from "~/models/jimmys.server";
import { journeyGeoJson, journeyGpx } from "~/services/syndication.server";
import { requestT } from "~/web/language.server";

const FORMATS = {
  geojson: { type: "application/geo+json; charset=utf-8" },
  gpx: { type: "application/gpx+xml; charset=utf-8" },
} as const;

/** A Jimmy's journey to take into a map or GPS program: /jimmy/{serial}/journey.geojson or .gpx. */
export async function journeyDownload(request: Request, serialParam: string | undefined, format: keyof typeof FORMATS): Promise<Response> {
  const t = requestT(request);
  const serial = parseSerial(serialParam);
  const db = getDb();
  const jimmy = serial === null ? undefined : await findJimmyBySerial(db, serial);
  if (!jimmy)
    return new Response(t("There is no such journey download."), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", Vary: "Cookie, Accept-Language" },
    });
  const { publicUrl, hunt } = env();
  const stops = await listJourneyStops(db, jimmy.id);
  const input = { serialNumber: jimmy.serial_number, origin: publicUrl.origin, huntName: hunt.name, stops, t };
  return new Response(format === "gpx" ? journeyGpx(input) : journeyGeoJson(input), {
    headers: {
      "Content-Type": FORMATS[format].type,
      "Content-Disposition": `attachment; filename="jimmy-${jimmy.serial_number}-journey.${format}"`,
      "Cache-Control": "public, max-age=300",
      Vary: "Cookie, Accept-Language",
    },
  });
}
