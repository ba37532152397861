import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { clusterPoints, focusBox, overviewBox, type MapPoint } from "../../app/lib/clustering";
import { expectAccessible, jsEnabled, waitForHydration, waitForMapStandIn } from "./helpers";
import { plantJourney } from "./journeys";

type Locations = {
  discovered: {
    serialNumber: number;
    status: string;
    latitude: string | null;
    longitude: string | null;
    location: string | null;
    locationApproximate: boolean;
  }[];
  totalJimmys: number;
  discoveredCount: number;
};

async function locations(request: APIRequestContext) {
  const body = (await (await request.get("/api/jimmys-locations")).json()) as Locations;
  const points: MapPoint[] = body.discovered.flatMap((j) =>
    j.latitude === null || j.longitude === null
      ? []
      : [{ serialNumber: j.serialNumber, latitude: Number(j.latitude), longitude: Number(j.longitude), location: j.location }],
  );
  return { ...body, points };
}

/**
 * Opens /map between two reads of the hunt's locations that agree, and
 * answers them: other tests report discoveries into the same database at the
 * same time, and one made between a read and the page would make the page
 * and the expected figures differ.
 */
async function openMapWithSettledLocations(page: Page, request: APIRequestContext) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await locations(request);
    await page.goto("/map");
    const after = await locations(request);
    if (JSON.stringify(before) === JSON.stringify(after)) return after;
  }
  throw new Error("The hunt's locations kept changing while /map loaded");
}

const bboxOf = (box: { west: number; south: number; east: number; north: number }) =>
  [box.west, box.south, box.east, box.north].map((n) => Number(n.toFixed(6)).toString()).join(",");

async function mapSource(page: Page) {
  return page.getByTitle("Map of discovered Jimmys").getAttribute("src");
}

const EMBED = /openstreetmap\.org/;

test.beforeEach(async ({ page }) => {
  // The test machine has no internet: the embedded map's service is answered here with a page of
  // its own, so the page keeps its frame; the tests of a map that cannot load abort it instead.
  await page.route(EMBED, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Embedded map</title>" }));
});

/** Waits until the offline map's drawing has loaded, and returns what the basemap drew: its land's outline. */
async function basemapLand(page: Page, map: Locator): Promise<string> {
  const image = map.getByTestId("offline-basemap");
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  const drawing = await page.request.get((await image.getAttribute("src"))!);
  expect(drawing.status()).toBe(200);
  expect(drawing.headers()["content-type"]).toContain("image/svg+xml");
  return /<path d="([^"]+)" fill="#f5f5f4"/.exec(await drawing.text())?.[1] ?? "";
}

test.describe("the Jimmy location map", () => {
  test("a visitor sees how many Jimmys are out there and the areas they are in, largest first", async ({ page, request }) => {
    const data = await openMapWithSettledLocations(page, request);
    const clusters = clusterPoints(data.points, "city");
    await expect(page.getByRole("heading", { level: 1, name: "Jimmy Location Map" })).toBeVisible();
    await expect(page.getByTestId("map-summary")).toHaveText(
      `Track ${data.discoveredCount} discovered Jimmys across ${data.totalJimmys} total figurines`,
    );
    const zoom = page.getByRole("group", { name: "Zoom level" });
    await expect(zoom.getByRole("button", { name: "City" })).toHaveAttribute("aria-pressed", "true");
    await expect(zoom.getByRole("button", { name: "Neighborhood" })).toHaveAttribute("aria-pressed", "false");
    await expect(zoom.getByRole("button", { name: "Street" })).toHaveAttribute("aria-pressed", "false");

    const areas = page.getByRole("list", { name: "Areas" }).getByRole("listitem");
    await expect(areas).toHaveCount(clusters.length);
    await expect(areas.first()).toContainText(clusters[0]!.areaName);
    await expect(areas.first()).toContainText(`${clusters[0]!.size} Jimmys`);
    await expect(areas.nth(1)).toContainText(clusters[1]!.areaName);
    await expect(page.getByText(`${clusters.length} areas at City level, largest first`)).toBeVisible();

    // The whole view, padded by 0.05°, in the embedded map; markers for at most the 10 largest areas.
    expect(await mapSource(page)).toBe(
      `https://www.openstreetmap.org/export/embed.html?bbox=${bboxOf(overviewBox(data.points, "city"))}&layer=mapnik`,
    );
    const markers = page.getByRole("group", { name: "Map markers" }).getByRole("link");
    expect(await markers.count()).toBeGreaterThan(0);
    expect(await markers.count()).toBeLessThanOrEqual(10);
    await expect(markers.first()).toHaveAccessibleName(`1. ${clusters[0]!.areaName}: ${clusters[0]!.size} Jimmys`);
    await expectAccessible(page);
  });

  test("a visitor zooms in to an area, picks a Jimmy, and goes back to all areas", async ({ page, request }, testInfo) => {
    const data = await locations(request);
    const neighborhoods = clusterPoints(data.points, "neighborhood");
    const area = neighborhoods[0]!;
    const jimmy = area.members[0]!;
    const raw = data.discovered.find((j) => j.serialNumber === jimmy.serialNumber)!;

    await page.goto("/map");
    await waitForHydration(page, testInfo);
    await page.getByRole("button", { name: "Neighborhood" }).click();
    await expect(page).toHaveURL(/\/map\?zoom=neighborhood$/);
    await expect(page.getByRole("button", { name: "Neighborhood" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText(`${neighborhoods.length} areas at Neighborhood level, largest first`)).toBeVisible();

    await page.getByRole("list", { name: "Areas" }).getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`zoom=neighborhood&cluster=${area.key}$`));
    const selected = page.getByTestId("selected-area");
    await expect(selected.getByRole("heading", { name: area.areaName })).toBeVisible();
    await expect(selected.getByRole("listitem")).toHaveCount(area.size);
    // Focused on the area's centre, 0.01° either side.
    expect(await mapSource(page)).toContain(`bbox=${bboxOf(focusBox(area, "neighborhood"))}&layer=mapnik&marker=`);

    await selected.getByRole("link", { name: new RegExp(`^Jimmy #${jimmy.serialNumber}\\b`) }).click();
    await expect(page).toHaveURL(new RegExp(`cluster=${area.key}&jimmy=${jimmy.serialNumber}$`));
    const card = page.getByRole("article", { name: `Jimmy #${jimmy.serialNumber}` });
    await expect(card).toBeVisible();
    // A position guessed from typed text is not shown as if it were measured.
    await expect(card.getByTestId("selected-jimmy-coordinates")).toHaveText(
      raw.locationApproximate
        ? "Not measured: the centre of a typed place"
        : `${Number(raw.latitude).toFixed(6)}, ${Number(raw.longitude).toFixed(6)}`,
    );
    await expect(card.getByTestId("selected-jimmy-status")).toHaveText(
      raw.status === "missing" ? "Possibly missing" : raw.status.charAt(0).toUpperCase() + raw.status.slice(1),
    );
    await expect(card.getByRole("link", { name: `View Jimmy #${jimmy.serialNumber}` })).toHaveAttribute(
      "href",
      `/jimmy/${jimmy.serialNumber}`,
    );
    expect(await mapSource(page)).toContain(`&marker=${Number(raw.latitude)},${Number(raw.longitude)}`);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Back to all areas" }).click();
    await expect(page).toHaveURL(/\/map\?zoom=neighborhood$/);
    await expect(page.getByRole("list", { name: "Areas" })).toBeVisible();
    await expect(page.getByRole("article", { name: `Jimmy #${jimmy.serialNumber}` })).toHaveCount(0);
  });

  test("choosing City clears the selected area; the finer levels keep it in focus", async ({ page, request }, testInfo) => {
    const data = await locations(request);
    const area = clusterPoints(data.points, "city")[0]!;
    await page.goto(`/map?zoom=city&cluster=${area.key}`);
    await waitForHydration(page, testInfo);
    await expect(page.getByTestId("selected-area").getByRole("heading", { name: area.areaName })).toBeVisible();

    await page.getByRole("button", { name: "Street" }).click();
    await expect(page).toHaveURL(new RegExp(`cluster=${area.key}&zoom=street$`));
    await expect(page.getByTestId("selected-area")).toBeVisible();

    await page.getByRole("button", { name: "City" }).click();
    await expect(page).toHaveURL(/\/map\?zoom=city$/);
    await expect(page.getByTestId("selected-area")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Areas" })).toBeVisible();
  });

  test("an unknown zoom level or area falls back to the whole map", async ({ page }) => {
    const response = await page.goto("/map?zoom=planet&cluster=999999&jimmy=abc");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("button", { name: "City" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("list", { name: "Areas" })).toBeVisible();
  });
});

test.describe("the map page when the embedded map cannot load", () => {
  test.beforeEach(async ({ page }) => {
    await page.route(EMBED, (route) => route.abort());
  });

  test("a visitor still sees the largest areas on a map with land and borders, and a marker leads to its area", async ({
    page,
    request,
  }, testInfo) => {
    const data = await locations(request);
    const clusters = clusterPoints(data.points, "city");
    const largest = clusters[0]!;
    await page.goto("/map");
    await waitForHydration(page, testInfo);

    const offline = page.getByTestId("offline-map");
    if (jsEnabled(testInfo)) {
      // The broken frame gives way to the offline map, which says why it is there.
      const frame = page.getByTestId("map-frame");
      await expect(frame.getByRole("status")).toContainText("The embedded map could not load, so the offline map stands in for it.");
      await expect(page.getByTitle("Map of discovered Jimmys")).toHaveCount(0);
      await expect(frame.getByTestId("offline-map")).toBeVisible();
      await expect(offline).toHaveCount(1);
    } else {
      // Nothing can tell a failed frame without JavaScript: the offline map is on the page regardless.
      await expect(page.getByTitle("Map of discovered Jimmys")).toHaveCount(1);
      await expect(offline).toBeVisible();
      await expect(page.getByRole("button", { name: "Pan and zoom" })).toHaveCount(0);
    }
    // The drawing has loaded, and it is of land: an outline of many points.
    expect((await basemapLand(page, offline)).split("L").length).toBeGreaterThan(200);
    await expect(offline).toContainText("Map data: Natural Earth, US Census");
    await offline.screenshot({ path: testInfo.outputPath("offline-map.png") });

    // Every one of the ten largest areas is in this view, each a link named as the list names it.
    const markers = offline.getByRole("group", { name: "Map markers" }).getByRole("link");
    await expect(markers).toHaveCount(Math.min(10, clusters.length));
    await expect(markers.first()).toHaveAccessibleName(`1. ${largest.areaName}: ${largest.size} Jimmys`);
    await expectAccessible(page);

    await markers.first().click();
    await expect(page).toHaveURL(new RegExp(`zoom=city&cluster=${largest.key}$`));
    await expect(page.getByTestId("selected-area").getByRole("heading", { name: largest.areaName })).toBeVisible();
    // Now the area's own Jimmys are on the offline map, each a link to its card.
    const jimmy = largest.members[0]!;
    await offline.getByRole("link", { name: `Jimmy #${jimmy.serialNumber}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`cluster=${largest.key}&jimmy=${jimmy.serialNumber}$`));
    await expect(page.getByRole("article", { name: `Jimmy #${jimmy.serialNumber}` })).toBeVisible();
    await expect(offline.getByRole("link", { name: `Jimmy #${jimmy.serialNumber}`, exact: true })).toHaveAttribute("aria-current", "true");
  });

  test("an area on the antimeridian and a hunt all round the world are drawn in one piece, on a phone too", async ({ page }, testInfo) => {
    // Taveuni, Fiji, is cut by the antimeridian: a Jimmy on each side of the line.
    const west = plantJourney([{ latitude: -16.85, longitude: 179.97, location: "Taveuni, Fiji" }]);
    plantJourney([{ latitude: -16.8, longitude: -179.88, location: "Taveuni, Fiji" }]);
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/map?zoom=city&cluster=${west.serial}`);
    await waitForHydration(page, testInfo);
    await waitForMapStandIn(page, testInfo);
    const offline = page.getByTestId("offline-map");
    expect((await basemapLand(page, offline)).length).toBeGreaterThan(0);
    const marker = offline.getByRole("link", { name: `Jimmy #${west.serial}`, exact: true });
    await expect(marker).toBeVisible();
    // The marker is inside the drawing, not cut off at the edge where the world wraps.
    const drawing = (await offline.getByTestId("offline-basemap").boundingBox())!;
    const dot = (await marker.boundingBox())!;
    expect(dot.x).toBeGreaterThanOrEqual(drawing.x);
    expect(dot.x + dot.width).toBeLessThanOrEqual(drawing.x + drawing.width);
    await offline.screenshot({ path: testInfo.outputPath("antimeridian-phone.png") });

    // With Jimmys on both sides of the line the whole view is the world, drawn once across.
    await page.goto("/map");
    await waitForHydration(page, testInfo);
    await waitForMapStandIn(page, testInfo);
    const view = new URL((await offline.getByTestId("offline-basemap").getAttribute("src"))!, page.url()).searchParams.get("v")!;
    const [westEdge, , eastEdge] = view.split(",").map(Number);
    expect(eastEdge! - westEdge!).toBeCloseTo(360, 0);
    expect((await basemapLand(page, offline)).split("L").length).toBeGreaterThan(200);
    await expect(offline.getByRole("group", { name: "Map markers" }).getByRole("link").first()).toBeVisible();
    await offline.screenshot({ path: testInfo.outputPath("world-phone.png") });
  });
});
