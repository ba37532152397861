/**
 * The link preview of one of the hunt's own pages, as against a Jimmy's, a
 * discovery's or a hunter's: the page's name beside the hunt's, and the
 * hunt's own picture. Its own module, out of the chunk every page loads.
 * Worded in the page's language (the root loader's, through `metaT`).
 */
import type { MetaDescriptor } from "@remix-run/node";
import { metaT, type T } from "~/components/i18n";
import { msg } from "~/lib/language";
import { linkPreview, previewSite } from "./link-preview";

/** The hunt's own picture's alt text, for `t`. */
export const SITE_IMAGE_ALT = msg("The hunt's logo and its figures");

/** The hunt's own picture, its alt text in English: a page's `meta` words it with `siteImage(t)`. */
export const SITE_IMAGE = { image: "/og/pages/home.jpg", imageAlt: "The hunt's logo and its figures" } as const;

/** The hunt's own picture, its alt text in the reader's language. */
export function siteImage(t: T): { image: string; imageAlt: string } {
  return { image: SITE_IMAGE.image, imageAlt: t(SITE_IMAGE_ALT) };
}

export function sitePagePreview(
  matches: Parameters<typeof previewSite>[0],
  page: { path: string; name: string; description: string; /** The page's <title>: its name unless given. */ documentTitle?: string },
): MetaDescriptor[] {
  const t = metaT(matches);
  const site = previewSite(matches);
  return linkPreview({
    site,
    title: t("{page} · {huntName}", { page: page.name, huntName: site.name }),
    documentTitle: page.name,
    ...page,
    ...siteImage(t),
  });
}
