/**
 * The link preview of one of the hunt's own pages, as against a Jimmy's, a
 * discovery's or a hunter's: the page's name beside the hunt's, and the
 * hunt's own picture. Its own module, out of the chunk every page loads.
 */
import type { MetaDescriptor } from "@remix-run/node";
import { linkPreview, previewSite } from "./link-preview";

export const SITE_IMAGE = { image: "/og/pages/home.jpg", imageAlt: "The hunt's logo and its figures" } as const;

export function sitePagePreview(
  matches: Parameters<typeof previewSite>[0],
  page: { path: string; name: string; description: string; /** The page's <title>: its name unless given. */ documentTitle?: string },
): MetaDescriptor[] {
  const site = previewSite(matches);
  return linkPreview({ site, title: `${page.name} · ${site.name}`, documentTitle: page.name, ...page, ...SITE_IMAGE });
}
