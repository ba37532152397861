import { expect, test, type Page } from "@playwright/test";
import { greatCircleMiles } from "~/lib/distance";
import { freshSerial, mint } from "./admin-helpers";
import { plantJourney, type Place } from "./journeys";

const AROUND_THE_PACIFIC: Place[] = [
  { latitude: 30.2672, longitude: -97.7431, location: "Austin, TX" },
  { latitude: 19.4326, longitude: -99.1332, location: "Mexico City" },
  { latitude: 35.6762, longitude: 139.6503, location: "Tokyo" },
  { latitude: 21.3069, longitude: -157.8583, location: "Honolulu" },
  { latitude: -33.8688, longitude: 151.2093, location: "Sydney" },
];

const journey = (page: Page) => page.getByRole("region", { name: "Journey" });

test.describe("a Jimmy's journey map", () => {
  test("shows every stop of a journey across countries and the Pacific, the legs between them, the first and latest marked, and each stop leads to its discovery", async ({
    page,
  }, testInfo) => {
    const { serial, ids } = plantJourney(AROUND_THE_PACIFIC);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/jimmy/${serial}`);
    const map = journey(page);
    const miles = AROUND_THE_PACIFIC.slice(1).reduce((sum, place, i) => sum + greatCircleMiles(AROUND_THE_PACIFIC[i]!, place), 0);
    await expect(map.getByTestId("journey-summary")).toHaveText(
      `5 stops and 4 legs, ${Math.round(Math.round(miles * 10) / 10).toLocaleString("en-US")} miles in all.`,
    );

    const stops = map.getByTestId("journey-stop");
    await expect(stops).toHaveCount(5);
    expect(await stops.evaluateAll((links) => links.map((a) => a.getAttribute("data-role")))).toEqual([
      "first",
      "stop",
      "stop",
      "stop",
      "latest",
    ]);
    await expect(stops.first()).toHaveAccessibleName(/^Stop 1 \(first discovery\), /);
    await expect(stops.last()).toHaveAccessibleName(/^Stop 5 \(latest\), /);
    // Tokyo → Honolulu → Sydney cross the antimeridian: the legs are still one unbroken line, over the ocean.
    const legs = await map.getByTestId("journey-legs").getAttribute("d");
    expect(legs!.match(/M/g)).toHaveLength(1);

    // The basemap is drawn offline by the app itself.
    const basemap = await map.locator("image").getAttribute("href");
    expect(basemap).toMatch(/^\/basemap\.svg\?v=/);
    const drawing = await page.request.get(basemap!);
    expect(drawing.status()).toBe(200);
    expect(drawing.headers()["content-type"]).toContain("image/svg+xml");
    expect((await drawing.text()).match(/<path /g)!.length).toBeGreaterThanOrEqual(1);
    await expect.poll(() => map.locator("image").evaluate((image) => (image as SVGImageElement).getBBox().width)).toBeGreaterThan(0);
    await map.screenshot({ path: testInfo.outputPath("journey-phone.png") });

    // A stop is a link: from the keyboard, Tokyo's opens its discovery in the timeline.
    await stops.nth(2).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`#discovery-${ids[2]}$`));
    await expect(page.locator(`#discovery-${ids[2]}`)).toBeInViewport();
    await expect(page.locator(`#discovery-${ids[2]}`)).toContainText("Stop 3 in Tokyo");
  });

  test("a stop older than the timeline's first page links to the page that shows it", async ({ page }) => {
    const places = Array.from({ length: 22 }, (_, i) => ({ latitude: 40 + i * 0.3, longitude: -100 + i * 0.5, location: `Town ${i + 1}` }));
    const { serial, ids } = plantJourney(places);
    await page.goto(`/jimmy/${serial}`);
    const stops = journey(page).getByTestId("journey-stop");
    await expect(stops).toHaveCount(22);
    // The newest 20 are on this page; the first two are not.
    await expect(stops.last()).toHaveAttribute("href", `#discovery-${ids[21]}`);
    await stops.first().click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}\\?before=.+#discovery-${ids[0]}$`));
    await expect(page.locator(`#discovery-${ids[0]}`)).toContainText("Stop 1 in Town 1");
    await expect(page.getByTestId("timeline-entry").first()).toContainText("Stop 1 in Town 1");
  });

  test("a Jimmy nobody has found yet has no journey to draw", async ({ page }) => {
    const serial = freshSerial();
    mint(serial);
    await page.goto(`/jimmy/${serial}`);
    await expect(page.getByRole("heading", { name: "Nobody has found Jimmy" + ` #${serial} yet` })).toBeVisible();
    await expect(page.getByTestId("journey-map")).toHaveCount(0);
  });

  test("the basemap refuses an address that is not a map view", async ({ request }) => {
    for (const query of ["", "?v=1,2,3&s=640x360", "?v=0,-91,10,10&s=640x360", "?v=0,0,10,10&s=4000x4000", "?v=a,b,c,d&s=640x360"]) {
      const response = await request.get(`/basemap.svg${query}`);
      expect(response.status(), query).toBe(400);
      expect(await response.text()).toContain("That is not a map view");
    }
  });
});
