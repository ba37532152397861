/**
 * /map's pan-and-zoom map (docs/decisions/015-interactive-map.md), which
 * needs JavaScript: the js-off project does not run this file. Its tiles come
 * from the tile server on loopback the test server starts
 * (tests/support/tile-server.ts); nothing is fetched from the internet.
 */
import { expect, test } from "@playwright/test";
import { clusterPoints, type MapPoint } from "../../app/lib/clustering";
import { tilePort } from "../support/e2e-data";
import { expectAccessible, waitForHydration } from "./helpers";

type Tile = { z: number; x: number; y: number };
const tileKey = ({ z, x, y }: Tile) => `${z}/${x}/${y}`;

test("a visitor pans and zooms a map of the areas drawn from the tile server, and its markers lead to an area and a Jimmy", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const tileOrigin = `http://127.0.0.1:${tilePort(Number(new URL(baseURL!).port))}`;
  const tiles: Tile[] = [];
  page.on("response", (response) => {
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(new URL(response.url()).pathname);
    if (response.url().startsWith(tileOrigin) && match && response.status() === 200) {
      tiles.push({ z: Number(match[1]), x: Number(match[2]), y: Number(match[3]) });
    }
  });
  const leaflet: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/PanZoomMap[^/]*\.(js|css)$/.test(r.url())) leaflet.push(r.url().split(".").pop()!);
  });
  // No internet here: the embedded map cannot load, which the pan-and-zoom map does not need.
  await page.route(/openstreetmap\.org/, (route) => route.abort());

  const body = (await (await request.get("/api/jimmys-locations")).json()) as {
    discovered: { serialNumber: number; latitude: string | null; longitude: string | null; location: string | null }[];
  };
  const points: MapPoint[] = body.discovered.flatMap((j) =>
    j.latitude === null || j.longitude === null
      ? []
      : [{ serialNumber: j.serialNumber, latitude: Number(j.latitude), longitude: Number(j.longitude), location: j.location }],
  );
  const largest = clusterPoints(points, "city")[0]!;

  await page.goto("/map");
  await waitForHydration(page, testInfo);
  await page.waitForLoadState("networkidle");
  // Leaflet is fetched when asked for, not with the page.
  expect(leaflet).toEqual([]);
  const button = page.getByRole("button", { name: "Pan and zoom" });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  const map = page.getByRole("region", { name: "Pan-and-zoom map of discovered Jimmys" });
  await expect(map).toBeVisible();
  expect(leaflet.sort()).toEqual(["css", "js"]);

  // Tiles from the tile server, drawn; the tiles' source credited.
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  expect(tiles.length).toBeGreaterThan(0);
  await expect(map.locator(".leaflet-control-attribution")).toContainText("Test tiles on loopback");

  // Every area the list shows is a marker, named as the list names it.
  const listed = await page.getByRole("list", { name: "Areas" }).getByRole("listitem").count();
  const markers = map.getByTestId("pan-zoom-marker");
  await expect(markers).toHaveCount(listed);
  await expect(markers.first()).toHaveAccessibleName(`1. ${largest.areaName}: ${largest.size} Jimmys`);
  await expectAccessible(page);
  await map.screenshot({ path: testInfo.outputPath("pan-zoom-world.png") });

  // The largest area's marker leads to it; the map goes there, closer in, and shows its Jimmys.
  const overview = Math.max(...tiles.map((t) => t.z));
  await markers.first().click();
  await expect(page).toHaveURL(new RegExp(`zoom=city&cluster=${largest.key}$`));
  await expect(page.getByTestId("selected-area").getByRole("heading", { name: largest.areaName })).toBeVisible();
  await expect.poll(() => Math.max(...tiles.map((t) => t.z))).toBeGreaterThan(overview + 5);
  const jimmy = largest.members[0]!;
  const jimmyMarker = map.getByRole("link", { name: `Jimmy #${jimmy.serialNumber}`, exact: true });
  await expect(jimmyMarker).toBeVisible();
  await jimmyMarker.click();
  await expect(page).toHaveURL(new RegExp(`cluster=${largest.key}&jimmy=${jimmy.serialNumber}$`));
  await expect(page.getByRole("article", { name: `Jimmy #${jimmy.serialNumber}` })).toBeVisible();
  await expect(jimmyMarker).toHaveAttribute("aria-current", "true");

  // Zooming out with the control asks for a zoom level not drawn yet.
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  const close = Math.max(...tiles.map((t) => t.z));
  await map.getByRole("button", { name: "Zoom out" }).click();
  await expect.poll(() => tiles.some((t) => t.z === close - 1)).toBe(true);

  // Dragging the map asks for the tiles that come into view.
  await page.waitForLoadState("networkidle");
  const seen = new Set(tiles.map(tileKey));
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 300, box.y + box.height / 2 - 150, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => tiles.filter((t) => t.z === close - 1 && !seen.has(tileKey(t))).length).toBeGreaterThan(0);
  // A drag is not a click: still on the same Jimmy.
  await expect(page).toHaveURL(new RegExp(`jimmy=${jimmy.serialNumber}$`));
  await map.screenshot({ path: testInfo.outputPath("pan-zoom-area.png") });

  // Pressed again, the button gives the embedded map (here: the offline map standing in for it) back.
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect(map).toHaveCount(0);
  await expect(page.getByTestId("map-frame").getByTestId("offline-map")).toBeVisible();
});

test("on a phone the pan-and-zoom map fills the frame and keeps its markers and credit", async ({ page }, testInfo) => {
  await page.route(/openstreetmap\.org/, (route) => route.abort());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/map");
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Pan and zoom" }).click();
  const map = page.getByRole("region", { name: "Pan-and-zoom map of discovered Jimmys" });
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  const box = (await map.boundingBox())!;
  expect(box.width).toBeGreaterThan(340);
  expect(box.height).toBeGreaterThanOrEqual(360);
  await expect(map.getByTestId("pan-zoom-marker").first()).toBeVisible();
  await expect(map.locator(".leaflet-control-attribution")).toBeVisible();
  await map.screenshot({ path: testInfo.outputPath("pan-zoom-phone.png") });
});
