import { expect, it } from "vitest";
import { boxAround, DETAIL_MAP_HALF_WIDTH, osmEmbedUrl, osmFullMapUrl } from "./map-embed";

it("embeds a map 0.01° around a sighting, with a marker on it", () => {
  const url = new URL(
    osmEmbedUrl("https://www.openstreetmap.org", boxAround(30.2672, -97.7431, DETAIL_MAP_HALF_WIDTH), {
      latitude: 30.2672,
      longitude: -97.7431,
    }),
  );
  expect(url.origin).toBe("https://www.openstreetmap.org");
  expect(url.pathname).toBe("/export/embed.html");
  expect(url.searchParams.get("bbox")).toBe("-97.7531,30.2572,-97.7331,30.2772");
  expect(url.searchParams.get("marker")).toBe("30.2672,-97.7431");
  expect(url.searchParams.get("layer")).toBe("mapnik");
});

it("moves a box near the poles or the date line onto the map, keeping its size: the Jimmy page and /map alike", () => {
  // Web Mercator ends near 85°: a box beyond it is not a view the embed can show.
  const url = new URL(osmEmbedUrl("https://maps.example", boxAround(89.995, 179.995, 0.01)));
  expect(url.searchParams.get("bbox")).toBe("179.98,84.98,180,85");
  const larger = new URL(osmFullMapUrl("https://maps.example/", { west: -181, south: -89, east: -170, north: -80 }));
  expect([...larger.searchParams]).toEqual([
    ["minlon", "-180"],
    ["minlat", "-85"],
    ["maxlon", "-169"],
    ["maxlat", "-76"],
  ]);
});

it("builds the OpenStreetMap embed address for a box and a marker", () => {
  const view = { west: -97.02, south: 29.98, east: -96.98, north: 30.02 };
  expect(osmEmbedUrl("https://www.openstreetmap.org", view, { latitude: 30, longitude: -97 })).toBe(
    "https://www.openstreetmap.org/export/embed.html?bbox=-97.02,29.98,-96.98,30.02&layer=mapnik&marker=30,-97",
  );
  expect(osmEmbedUrl("http://tiles.example.test/", view)).toBe(
    "http://tiles.example.test/export/embed.html?bbox=-97.02,29.98,-96.98,30.02&layer=mapnik",
  );
  expect(osmFullMapUrl("https://www.openstreetmap.org", view, { latitude: 30, longitude: -97 })).toBe(
    "https://www.openstreetmap.org/?minlon=-97.02&minlat=29.98&maxlon=-96.98&maxlat=30.02&mlat=30&mlon=-97",
  );
});
