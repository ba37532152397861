/**
 * Maps at city scale show something to orient by: the tile server's tiles
 * (MAP_TILE_URL; in the tests the stub on loopback, tests/support/tile-server.ts,
 * whose tiles show their own z/x/y) under the journey map, the Latest
 * Sighting's map and /map's offline map, as plain images, so with JavaScript
 * off too. When the tile server cannot be reached, the drawn map and the
 * place's name are there instead, never a broken frame.
 */
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { clusterPoints, type MapPoint } from "../../app/lib/clustering";
import { tileX, tileY } from "../../app/lib/map-tiles";
import { tilePort } from "../support/e2e-data";
import { waitForHydration, waitForMapStandIn } from "./helpers";
import { plantJourney, type Place } from "./journeys";

const PHONE = { width: 390, height: 844 };

/** Three places in Austin, a few kilometres apart: a journey that never leaves the city. */
const AROUND_AUSTIN: Place[] = [
  { latitude: 30.2669, longitude: -97.7729, location: "Zilker Park, Austin, TX" },
  { latitude: 30.2747, longitude: -97.7404, location: "Texas Capitol, Austin, TX" },
  { latitude: 30.2849, longitude: -97.7341, location: "UT Tower, Austin, TX" },
];

type Tile = { z: number; x: number; y: number };

/** The tiles the page asks the tile server for, and which of them arrived. */
function watchTiles(page: Page, baseURL: string) {
  const origin = `http://127.0.0.1:${tilePort(Number(new URL(baseURL).port))}`;
  const asked: Tile[] = [];
  const loaded = new Set<string>();
  const failed = new Set<string>();
  const parse = (url: string) => {
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(new URL(url).pathname);
    return url.startsWith(origin) && match ? { z: Number(match[1]), x: Number(match[2]), y: Number(match[3]) } : null;
  };
  page.on("request", (request) => {
    const tile = parse(request.url());
    if (tile) asked.push(tile);
  });
  page.on("requestfinished", (request) => {
    if (parse(request.url())) loaded.add(request.url());
  });
  page.on("requestfailed", (request) => {
    if (parse(request.url())) failed.add(request.url());
  });
  return {
    origin,
    asked,
    /** Waits until every tile of `map` has arrived (or, `failing`, has failed to). */
    async settled(map: Locator, failing = false) {
      const tiles = map.getByTestId("map-tile");
      await expect(tiles.first()).toBeAttached();
      const sources = await tiles.evaluateAll((images) => images.map((image) => image.getAttribute("href") ?? image.getAttribute("src")!));
      await expect.poll(() => sources.filter((src) => (failing ? failed : loaded).has(src)).length).toBe(sources.length);
      return sources;
    },
  };
}

/** Whether the tile covering a place at zoom z is among those asked for. */
const covers = (tiles: Tile[], place: { latitude: number; longitude: number }, z: number) =>
  tiles.some((t) => t.z === z && t.x === Math.floor(tileX(place.longitude, z)) && t.y === Math.floor(tileY(place.latitude, z)));

/**
 * Compares the map with its baseline (and keeps a copy with the test's results),
 * first scrolled to the middle of the window, clear of the phone's bottom navigation.
 */
async function looksLike(map: Locator, name: string, testInfo: TestInfo, hide: Locator[] = []) {
  await map.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await map.screenshot({ path: testInfo.outputPath(name) });
  for (const part of hide) await part.evaluate((element) => ((element as HTMLElement).style.visibility = "hidden"));
  await expect(map).toHaveScreenshot(name);
  for (const part of hide) await part.evaluate((element) => ((element as HTMLElement).style.visibility = ""));
}

/** Waits until an `<image>` of the drawing has been laid out (the drawn basemap has loaded). */
async function basemapDrawn(map: Locator) {
  await expect
    .poll(() =>
      map
        .locator("svg > image")
        .first()
        .evaluate((image) => (image as SVGImageElement).getBBox().width),
    )
    .toBeGreaterThan(0);
}

test.describe("maps at city scale", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test("a journey within one city is drawn over the city's tiles, and over the drawn map when the tile server cannot be reached", async ({
    page,
    baseURL,
  }, testInfo) => {
    const { serial } = plantJourney(AROUND_AUSTIN);
    const tiles = watchTiles(page, baseURL!);
    await page.goto(`/jimmy/${serial}`);
    await waitForHydration(page, testInfo);
    const journey = page.getByRole("region", { name: "Journey" });
    const stops = journey.getByTestId("journey-stop");
    await expect(stops).toHaveCount(3);

    // Tiles of one city-scale zoom, covering every stop (the Latest Sighting's map above asks for its own, closer up).
    const sources = await tiles.settled(journey);
    const drawn = sources.map((src) =>
      src
        .split("/")
        .slice(-3)
        .map((n) => parseInt(n, 10)),
    );
    const zooms = [...new Set(drawn.map(([z]) => z))];
    expect(zooms).toHaveLength(1);
    expect(zooms[0]).toBeGreaterThanOrEqual(9);
    for (const place of AROUND_AUSTIN) expect(covers(tiles.asked, place, zooms[0]!)).toBe(true);
    expect(sources.length).toBeLessThanOrEqual(15);
    // Zoomed to the city: the first and latest stops are apart on a phone, not one dot.
    const [first, latest] = [(await stops.first().boundingBox())!, (await stops.last().boundingBox())!];
    expect(Math.hypot(latest.x - first.x, latest.y - first.y)).toBeGreaterThan(20);
    await expect(journey).toContainText("Map tiles: Test tiles on loopback.");
    const figure = journey.locator("figure");
    await looksLike(figure, "city-journey-phone.png", testInfo);

    // The tile server cannot be reached: the drawn map is still there under the stops, and no tile shows a broken image.
    await page.route(`${tiles.origin}/**`, (route) => route.abort());
    await page.reload();
    await tiles.settled(journey, true);
    await basemapDrawn(journey);
    await expect(stops).toHaveCount(3);
    await looksLike(figure, "city-journey-no-tiles-phone.png", testInfo);
  });

  test("the Latest Sighting's map shows the streets around the spot, and the drawn map with the place's name when the tile server cannot be reached", async ({
    page,
    baseURL,
  }, testInfo) => {
    const { serial } = plantJourney(AROUND_AUSTIN);
    const latest = AROUND_AUSTIN[AROUND_AUSTIN.length - 1]!;
    const tiles = watchTiles(page, baseURL!);
    // Nothing on the page may reach for the embedded map's third-party service any more.
    const embed: string[] = [];
    page.on("request", (request) => {
      if (/openstreetmap\.org/.test(request.url())) embed.push(request.url());
    });
    await page.goto(`/jimmy/${serial}`);
    await waitForHydration(page, testInfo);
    const sighting = page.getByRole("region", { name: "Latest Sighting" });
    await expect(sighting.locator("iframe")).toHaveCount(0);
    const map = sighting.getByTestId("sighting-map");
    await expect(map.getByRole("img", { name: `Map of the latest sighting of Jimmy #${serial}, at UT Tower, Austin, TX` })).toBeVisible();
    await expect(map.getByTestId("sighting-map-place")).toHaveText("UT Tower, Austin, TX");

    // Street-scale tiles around the spot, the one with the spot among them.
    await tiles.settled(map);
    const zooms = [...new Set(tiles.asked.filter((t) => t.z >= 14).map((t) => t.z))];
    expect(zooms).toEqual([14]);
    expect(covers(tiles.asked, latest, 14)).toBe(true);
    await expect(map.getByTestId("sighting-pin")).toBeVisible();
    await expect(map.getByRole("link", { name: "View larger map" })).toHaveAttribute("href", /openstreetmap\.org\/\?.*mlat=30\.2849/);
    await expect(map).toContainText("Test tiles on loopback");
    expect(embed).toEqual([]);
    await looksLike(map, "city-sighting-phone.png", testInfo);

    // No tile server: the drawing, the pin and the place's name, not a broken frame.
    await page.route(`${tiles.origin}/**`, (route) => route.abort());
    await page.reload();
    await tiles.settled(map, true);
    await basemapDrawn(map);
    await expect(map.getByTestId("sighting-map-place")).toBeVisible();
    await expect(map.getByTestId("sighting-pin")).toBeVisible();
    await looksLike(map, "city-sighting-no-tiles-phone.png", testInfo);
  });

  test("/map zoomed to a city shows its tiles under the markers, and its name over the drawn land when the tiles cannot load", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const reykjavik: Place[] = [
      { latitude: 64.1466, longitude: -21.9426, location: "Reykjavík" },
      { latitude: 64.1355, longitude: -21.8954, location: "Reykjavík" },
      { latitude: 64.1265, longitude: -21.9177, location: "Reykjavík" },
    ];
    const serials = reykjavik.map((place) => plantJourney([place]).serial);
    const area = clusterPoints(await discovered(request), "city").find((cluster) =>
      cluster.members.some((m) => m.serialNumber === serials[0]),
    )!;
    // One area for the three (the other browser project plants its own three at the same spots).
    expect(area.members.map((m) => m.serialNumber)).toEqual(expect.arrayContaining(serials));
    const tiles = watchTiles(page, baseURL!);
    // No internet here: the embedded map's service cannot be reached.
    await page.route(/openstreetmap\.org/, (route) => route.abort());

    await page.goto(`/map?zoom=city&cluster=${area.key}`);
    await waitForHydration(page, testInfo);
    const offline = page.getByTestId("offline-map");
    await waitForMapStandIn(page, testInfo);
    await offline.scrollIntoViewIfNeeded();
    await expect(offline.getByTestId("offline-map-place")).toHaveText("Reykjavík");
    const markers = offline.getByRole("group", { name: "Map markers" });
    for (const serial of serials) await expect(markers.getByRole("link", { name: `Jimmy #${serial}`, exact: true })).toBeVisible();

    await tiles.settled(offline);
    const z = Math.max(...tiles.asked.map((t) => t.z));
    expect(z).toBeGreaterThanOrEqual(11);
    for (const place of reykjavik) expect(covers(tiles.asked, place, z)).toBe(true);
    await expect(offline).toContainText("Map tiles: Test tiles on loopback.");
    // The markers are the planted Jimmys, new on every run and as many as the browser projects that ran:
    // the comparison is of the map under them (the copy kept with the results has them).
    await looksLike(offline, "city-map-phone.png", testInfo, [
      offline.locator('[aria-label="Map markers"]'),
      offline.locator("svg.pointer-events-none"),
    ]);

    await page.route(`${tiles.origin}/**`, (route) => route.abort());
    await page.reload();
    await waitForHydration(page, testInfo);
    await waitForMapStandIn(page, testInfo);
    await offline.scrollIntoViewIfNeeded();
    await tiles.settled(offline, true);
    await expect
      .poll(() =>
        offline
          .getByTestId("offline-basemap")
          .evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(offline.getByTestId("offline-map-place")).toHaveText("Reykjavík");
    await looksLike(offline, "city-map-no-tiles-phone.png", testInfo, [
      offline.locator('[aria-label="Map markers"]'),
      offline.locator("svg.pointer-events-none"),
    ]);
  });
});

async function discovered(request: APIRequestContext): Promise<MapPoint[]> {
  const body = (await (await request.get("/api/jimmys-locations")).json()) as {
    discovered: { serialNumber: number; latitude: string | null; longitude: string | null; location: string | null }[];
  };
  return body.discovered.flatMap((j) =>
    j.latitude === null || j.longitude === null
      ? []
      : [{ serialNumber: j.serialNumber, latitude: Number(j.latitude), longitude: Number(j.longitude), location: j.location }],
  );
}
