import type { LoaderFunctionArgs } from "@remix-run/node";
import { fullName } from "~/lib/format";
import { MAX_ROW_ID } from "~/lib/ids";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { getHunterProfile } from "~/models/hunters.server";
import { atomResponse } from "~/web/feeds.server";
import { requestT } from "~/web/language.server";

/** One hunter's finds as an Atom feed, newest first. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const t = requestT(request);
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const hunter = id <= MAX_ROW_ID ? await getHunterProfile(getDb(), id) : null;
  if (!hunter)
    return new Response(t("There is no such hunter."), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const name = fullName(hunter.firstName, hunter.lastName);
  return atomResponse({
    request,
    path: `/hunters/${id}/feed.atom`,
    pagePath: `/hunters/${id}`,
    title: t("{name}'s finds · {huntName}", { name, huntName: env().hunt.name }),
    subtitle: t("Every Jimmy {name} finds.", { name }),
    filter: { hunterId: id },
  });
}
