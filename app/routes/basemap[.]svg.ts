import type { LoaderFunctionArgs } from "@remix-run/node";
import { JOURNEY_MAP_SIZE } from "~/lib/journey-map";
import { RecentlyUsed } from "~/lib/recently-used";
import { basemapSvg, parseView } from "~/services/basemap.server";

/** Drawn basemaps kept in memory: a Jimmy page's map, or a view of /map, is asked for by every visitor of that page. */
const kept = new RecentlyUsed<string, string>(200);

/**
 * The offline basemap for one view of a journey map or of /map's offline map (`?v=west,south,east,north&s=640x360`).
 * The geography never changes between deploys of the same data, so a drawing
 * is cached by browsers and proxies for a year.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const view = parseView(url.searchParams.get("v"));
  const size = url.searchParams.get("s");
  if (!view || size !== `${JOURNEY_MAP_SIZE.width}x${JOURNEY_MAP_SIZE.height}`) {
    return new Response("That is not a map view: the address needs v=west,south,east,north (degrees) and s=640x360.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const key = `${view.west},${view.south},${view.east},${view.north}`;
  let svg = kept.get(key);
  if (svg === undefined) {
    svg = await basemapSvg(view, JOURNEY_MAP_SIZE);
    kept.set(key, svg);
  }
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      // A drawing, nothing more: no script or outside resource may run in it even opened on its own.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
