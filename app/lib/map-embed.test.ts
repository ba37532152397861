import { expect, it } from "vitest";
import { boxAround, DETAIL_MAP_HALF_WIDTH, osmEmbedUrl } from "./map-embed";

it("embeds a map 0.01° around a sighting, with a marker on it", () => {
  const url = new URL(osmEmbedUrl("https://www.openstreetmap.org", boxAround(30.2672, -97.7431, DETAIL_MAP_HALF_WIDTH), { latitude: 30.2672, longitude: -97.7431 }));
  expect(url.origin).toBe("https://www.openstreetmap.org");
  expect(url.pathname).toBe("/export/embed.html");
  expect(url.searchParams.get("bbox")).toBe("-97.753100,30.257200,-97.733100,30.277200");
  expect(url.searchParams.get("marker")).toBe("30.267200,-97.743100");
  expect(url.searchParams.get("layer")).toBe("mapnik");
});

it("keeps the box on the globe near the poles and the date line", () => {
  const url = new URL(osmEmbedUrl("https://maps.example", boxAround(89.995, 179.995, 0.01)));
  expect(url.searchParams.get("bbox")).toBe("179.985000,89.985000,180.000000,90.000000");
});
