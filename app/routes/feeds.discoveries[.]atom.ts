import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/infra/env.server";
import { atomResponse } from "~/web/feeds.server";
import { requestT } from "~/web/language.server";

/** The hunt's discoveries as an Atom feed, newest first. */
export function loader({ request }: LoaderFunctionArgs) {
  const hunt = env().hunt;
  const t = requestT(request);
  return atomResponse({
    request,
    path: "/feeds/discoveries.atom",
    pagePath: "/discoveries",
    title: t("{huntName}: new discoveries", { huntName: hunt.name }),
    subtitle: hunt.tagline,
    filter: {},
  });
}
