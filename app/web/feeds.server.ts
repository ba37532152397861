import { env } from "~/infra/env.server";
import { photoUrls } from "~/infra/storage.server";
import { getDb } from "~/infra/db.server";
import { listDiscoveries } from "~/models/discoveries.server";
import { atomFeed } from "~/services/syndication.server";
import { requestLanguage, requestT } from "~/web/language.server";

/** How many discoveries a feed carries (newest first). */
export const FEED_ENTRIES = 50;

/**
 * An Atom feed answer for discoveries (all of them, one Jimmy's or one
 * hunter's), in the reader's language: a shared copy differs by it.
 */
export async function atomResponse(input: {
  request: Request;
  path: string;
  pagePath: string;
  title: string;
  subtitle: string;
  filter: { jimmyId?: number; hunterId?: number };
}): Promise<Response> {
  const origin = env().publicUrl.origin;
  const { discoveries } = await listDiscoveries(getDb(), photoUrls(), {
    includeFirst: true,
    limit: FEED_ENTRIES,
    ...input.filter,
    t: requestT(input.request),
  });
  const body = atomFeed({
    selfUrl: `${origin}${input.path}`,
    pageUrl: `${origin}${input.pagePath}`,
    language: requestLanguage(input.request),
    t: requestT(input.request),
    title: input.title,
    subtitle: input.subtitle,
    discoveries,
    origin,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      Vary: "Cookie, Accept-Language",
    },
  });
}
