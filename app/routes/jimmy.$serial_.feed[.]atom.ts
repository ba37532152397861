import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseSerial } from "~/lib/serial";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { atomResponse } from "~/web/feeds.server";

/** One Jimmy's journey as an Atom feed: each time it is found, newest first. */
export async function loader({ params }: LoaderFunctionArgs) {
  const serial = parseSerial(params.serial);
  const jimmy = serial === null ? undefined : await findJimmyBySerial(getDb(), serial);
  if (!jimmy)
    return new Response(`There is no Jimmy #${params.serial ?? ""}.`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return atomResponse({
    path: `/jimmy/${jimmy.serial_number}/feed.atom`,
    pagePath: `/jimmy/${jimmy.serial_number}`,
    title: `Jimmy #${jimmy.serial_number}'s journey · ${env().hunt.name}`,
    subtitle: `Every time Jimmy #${jimmy.serial_number} is found.`,
    filter: { jimmyId: jimmy.id },
  });
}
