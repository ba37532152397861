import type { LoaderFunctionArgs } from "@remix-run/node";
import { journeyDownload } from "~/web/journey-download.server";

/** A Jimmy's journey as GeoJSON, for a map program. */
export const loader = ({ request, params }: LoaderFunctionArgs) => journeyDownload(request, params.serial, "geojson");
