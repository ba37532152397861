import { env } from "~/infra/env.server";

/**
 * What crawlers may visit: the public pages, photos and link-preview images;
 * not the admin panel, the forms, the account pages, the JSON API, the QR
 * entry points or search results (endless pages of what the sitemap lists).
 * The sitemap lists the pages worth visiting.
 */
export function loader() {
  const origin = env().publicUrl.origin;
  const lines = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /login",
    "Disallow: /account",
    "Disallow: /notifications",
    "Disallow: /email/",
    "Disallow: /flag/",
    "Disallow: /comments/",
    "Disallow: /q/",
    "Disallow: /found",
    "Disallow: /uploads/",
    "Disallow: /demo/",
    "Disallow: /search",
    "Disallow: /jimmy/*/new-discovery",
    "Disallow: /jimmy/*/first-discovery",
    "Disallow: /jimmy/*/missing",
    "Disallow: /jimmy/*/watch",
    "Disallow: /discoveries/*/edit",
    "Disallow: /discoveries/*/delete",
    "Disallow: /discoveries/*/like",
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
