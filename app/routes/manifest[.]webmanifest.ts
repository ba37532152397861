import { env } from "~/infra/env.server";

const THEME_COLOR = "#ea580c";
const BACKGROUND_COLOR = "#fff7ed";

/** The web app manifest: the hunt installs under its own name (HUNT_NAME). */
export function loader() {
  const name = env().hunt.name;
  const manifest = {
    id: "/",
    name,
    short_name: name.length <= 12 ? name : name.split(/\s+/)[0]?.slice(0, 12) || name.slice(0, 12),
    description: env().hunt.tagline || undefined,
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
