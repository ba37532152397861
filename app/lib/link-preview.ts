/**
 * The tags a link preview is made from (Open Graph and Twitter cards), the
 * same on every public page: a title, a description, a 1200×630 JPEG with
 * its size and alt text, and the page's canonical address on PUBLIC_URL.
 */
import type { MetaDescriptor } from "@remix-run/node";

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** The root loader's part that every page's meta reads. */
export type PreviewSite = { name: string; origin: string };

export function previewSite(matches: readonly { id: string; data: unknown }[]): PreviewSite {
  const root = matches.find((m) => m.id === "root")?.data as { hunt?: { name: string }; origin?: string } | undefined;
  return { name: root?.hunt?.name ?? "Jimmy Hunt", origin: root?.origin ?? "" };
}

export function linkPreview(input: {
  site: PreviewSite;
  /** The page's own path (with its query when that names the page), made absolute on PUBLIC_URL. */
  path: string;
  /** The preview's title (og:title). */
  title: string;
  /** The page's <title>, when not the preview's. */
  documentTitle?: string;
  description: string;
  /** The preview image's path (an /og/… address). */
  image: string;
  imageAlt: string;
  type?: "website" | "article" | "profile";
  /** An Atom feed of what the page shows, announced with <link rel="alternate">. */
  feed?: { title: string; path: string };
}): MetaDescriptor[] {
  const url = `${input.site.origin}${input.path}`;
  const image = `${input.site.origin}${input.image}`;
  return [
    { title: input.documentTitle ?? input.title },
    { name: "description", content: input.description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.site.name },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(PREVIEW_WIDTH) },
    { property: "og:image:height", content: String(PREVIEW_HEIGHT) },
    { property: "og:image:alt", content: input.imageAlt },
    // The card's title, description, image and alt come from the og: tags above, as X's card processor falls back to them.
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: url },
    ...(input.feed
      ? [
          {
            tagName: "link",
            rel: "alternate",
            type: "application/atom+xml",
            title: input.feed.title,
            href: `${input.site.origin}${input.feed.path}`,
          },
        ]
      : []),
  ];
}
