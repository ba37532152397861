import { env } from "~/infra/env.server";
import { photoUrls } from "~/infra/storage.server";
import { getDb } from "~/infra/db.server";
import { listDiscoveries } from "~/models/discoveries.server";
import { atomFeed } from "~/services/syndication.server";

/** How many discoveries a feed carries (newest first). */
export const FEED_ENTRIES = 50;

/** An Atom feed answer for discoveries (all of them, one Jimmy's or one hunter's). */
export async function atomResponse(input: {
  path: string;
  pagePath: string;
  title: string;
  subtitle: string;
  filter: { jimmyId?: number; hunterId?: number };
}): Promise<Response> {
  const origin = env().publicUrl.origin;
  const { discoveries } = await listDiscoveries(getDb(), photoUrls(), { includeFirst: true, limit: FEED_ENTRIES, ...input.filter });
  const body = atomFeed({
    selfUrl: `${origin}${input.path}`,
    pageUrl: `${origin}${input.pagePath}`,
    title: input.title,
    subtitle: input.subtitle,
    discoveries,
    origin,
  });
  return new Response(body, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
