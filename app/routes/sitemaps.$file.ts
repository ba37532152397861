import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { sitemapPage, sitemapPageCounts, type SitemapKind } from "~/models/sitemap.server";
import { sitemapUrlset } from "~/services/syndication.server";

const PUBLIC_PAGES = ["/", "/discoveries", "/map", "/hall-of-fame", "/near-me", "/privacy-policy"];

/** One page of the sitemap: /sitemaps/pages.xml, or /sitemaps/{jimmys,discoveries,hunters}-{n}.xml. */
export async function loader({ params }: LoaderFunctionArgs) {
  const origin = env().publicUrl.origin;
  const xml = (body: string) =>
    new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
  if (params.file === "pages.xml")
    return xml(
      sitemapUrlset(
        origin,
        PUBLIC_PAGES.map((path) => ({ path, lastModified: null })),
      ),
    );
  const match = /^(jimmys|discoveries|hunters)-([1-9]\d{0,5})\.xml$/.exec(params.file ?? "");
  const db = getDb();
  const kind = match?.[1] as SitemapKind | undefined;
  const page = Number(match?.[2]);
  if (!kind || page > (await sitemapPageCounts(db))[kind]) {
    return new Response("There is no such page of the sitemap; /sitemap.xml lists them.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return xml(sitemapUrlset(origin, await sitemapPage(db, kind, page)));
}
