import type { LoaderFunctionArgs } from "@remix-run/node";
import { fullName } from "~/lib/format";
import { MAX_ROW_ID } from "~/lib/ids";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { getHunterProfile } from "~/models/hunters.server";
import { atomResponse } from "~/web/feeds.server";

/** One hunter's finds as an Atom feed, newest first. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const hunter = id <= MAX_ROW_ID ? await getHunterProfile(getDb(), id) : null;
  if (!hunter) return new Response("There is no such hunter.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const name = fullName(hunter.firstName, hunter.lastName);
  return atomResponse({
    path: `/hunters/${id}/feed.atom`,
    pagePath: `/hunters/${id}`,
    title: `${name}'s finds · ${env().hunt.name}`,
    subtitle: `Every Jimmy ${name} finds.`,
    filter: { hunterId: id },
  });
}
