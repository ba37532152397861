import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { sitemapPageCounts, type SitemapKind } from "~/models/sitemap.server";
import { sitemapIndex } from "~/services/syndication.server";

/** The sitemap index: the public pages, then every page of found Jimmys, discoveries and hunters (each at most 50,000 addresses). */
export async function loader() {
  const counts = await sitemapPageCounts(getDb());
  const pages = ["/sitemaps/pages.xml"];
  for (const kind of ["jimmys", "discoveries", "hunters"] as SitemapKind[]) {
    for (let page = 1; page <= counts[kind]; page++) pages.push(`/sitemaps/${kind}-${page}.xml`);
  }
  return new Response(sitemapIndex(env().publicUrl.origin, pages), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
