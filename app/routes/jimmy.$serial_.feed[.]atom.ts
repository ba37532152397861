import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSerial } from "~/lib/serial";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { atomResponse } from "~/web/feeds.server";
import { requestT } from "~/web/language.server";

/** One Jimmy's journey as an Atom feed: each time it is found, newest first. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const t = requestT(request);
  const serial = parseSerial(params.serial);
  const jimmy = serial === null ? undefined : await findJimmyBySerial(getDb(), serial);
  if (!jimmy)
    return new Response(t("There is no Jimmy #{serial}.", { serial: params.serial ?? "" }), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const serialText = String(jimmy.serial_number);
  return atomResponse({
    request,
    path: `/jimmy/${jimmy.serial_number}/feed.atom`,
    pagePath: `/jimmy/${jimmy.serial_number}`,
    title: t("Jimmy #{serial}'s journey · {huntName}", { serial: serialText, huntName: env().hunt.name }),
    subtitle: t("Every time Jimmy #{serial} is found.", { serial: serialText }),
    filter: { jimmyId: jimmy.id },
  });
}
