import { env } from "~/infra/env.server";
import { atomResponse } from "~/web/feeds.server";

/** The hunt's discoveries as an Atom feed, newest first. */
export function loader() {
  const hunt = env().hunt;
  return atomResponse({
    path: "/feeds/discoveries.atom",
    pagePath: "/discoveries",
    title: `${hunt.name}: new discoveries`,
    subtitle: hunt.tagline,
    filter: {},
  });
}
