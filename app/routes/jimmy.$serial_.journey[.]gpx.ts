import type { LoaderFunctionArgs } from "@remix-run/node";
import { journeyDownload } from "~/web/journey-download.server";

/** A Jimmy's journey as GPX 1.1, for a GPS program. */
export const loader = ({ request, params }: LoaderFunctionArgs) => journeyDownload(request, params.serial, "gpx");
