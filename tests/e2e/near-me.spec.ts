import { expect, test, type Page } from "@playwright/test";
import { distanceKm } from "~/lib/near-me";
import { freshSerial, mint } from "./admin-helpers";
import { recountHuntFigures, storedPhoto, writeDb } from "./db";
import { jsEnabled, uniqueName } from "./helpers";
import { plantHunter } from "./social";

type Sighting = { north: number; east: number; daysAgo: number; status?: "discovered" | "missing" | "retired" };
type Planted = { serial: number; latitude: number; longitude: number; status: string; daysAgo: number };

/**
 * Fresh Jimmys last seen around `center` (offsets in degrees), each found
 * once, with its figures as a report leaves them. Dated weeks ago or more, so
 * the feeds other tests read keep their newest cards.
 */
function plantAround(center: { latitude: number; longitude: number }, sightings: Sighting[]): Planted[] {
  const hunter = plantHunter(uniqueName("Nearby"));
  const planted = sightings.map((s) => ({
    serial: freshSerial(),
    latitude: Number((center.latitude + s.north).toFixed(5)),
    longitude: Number((center.longitude + s.east).toFixed(5)),
    status: s.status ?? "discovered",
    daysAgo: s.daysAgo,
  }));
  const ids = planted.map((p) => mint(p.serial));
  const db = writeDb();
  try {
    db.transaction(() => {
      // A server kept from an earlier run still has that run's Jimmys at these very spots: they leave the hunt, so these are the nearest.
      db.prepare(`update jimmys set status = 'retired' where latitude between ? and ? and longitude between ? and ?`).run(
        center.latitude - 0.5,
        center.latitude + 0.5,
        center.longitude - 0.5,
        center.longitude + 0.5,
      );
      const photo = storedPhoto(db);
      planted.forEach((p, i) => {
        const at = new Date(Date.now() - p.daysAgo * 86_400_000).toISOString();
        const place = `Trailhead ${p.serial}`;
        db.prepare(
          `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, latitude, longitude, is_first, created_at)
           values (?, ?, ?, ?, ?, ?, 'Found it by the path', ?, ?, ?, 1, ?)`,
        ).run(
          ids[i],
          hunter,
          photo.photo_key,
          photo.photo_width,
          photo.photo_height,
          photo.photo_variants,
          place,
          p.latitude,
          p.longitude,
          at,
        );
        db.prepare(
          `update jimmys set status = ?, discovery_count = 1, first_discovery_at = ?, last_discovery_at = ?, latitude = ?, longitude = ?,
             location = ?, located_at = ? where id = ?`,
        ).run(p.status, at, at, p.latitude, p.longitude, place, at, ids[i]);
      });
      recountHuntFigures(db);
    })();
  } finally {
    db.close();
  }
  return planted;
}

/** The serials the page lists, in its order. */
async function listedSerials(page: Page): Promise<number[]> {
  return await page.getByTestId("near-me-jimmy").evaluateAll((items) => items.map((li) => Number(li.getAttribute("data-serial"))));
}

/** The planted Jimmys the list should show, nearest first (retired ones are out of the hunt). */
function expectedOrder(planted: Planted[], origin: { latitude: number; longitude: number }) {
  return planted
    .filter((p) => p.status !== "retired")
    .sort((a, b) => distanceKm(origin, a) - distanceKm(origin, b))
    .map((p) => p.serial);
}

const SIGHTINGS: Sighting[] = [
  { north: 0.03, east: 0.0, daysAgo: 40 }, // about 3 km north
  { north: -0.01, east: 0.01, daysAgo: 50, status: "missing" }, // the nearest, reported missing
  { north: 0.0, east: -0.2, daysAgo: 400 }, // furthest, and not seen for over a year
  { north: 0.005, east: 0.0, daysAgo: 30, status: "retired" }, // out of the hunt: never listed
];

test.describe("Hunt near me", () => {
  test("from the browser's location, lists the nearest Jimmys in order with how far and which way, and draws them", async ({
    browser,
  }, testInfo) => {
    // Longyearbyen, Svalbard with JavaScript; Tromsø, Norway typed without it (far from each other and from the demo data).
    const js = jsEnabled(testInfo);
    const here = js ? { latitude: 78.22, longitude: 15.65 } : { latitude: 69.6489, longitude: 18.95508 };
    const planted = plantAround(here, SIGHTINGS);
    const context = await browser.newContext({
      javaScriptEnabled: js,
      viewport: { width: 390, height: 844 },
      geolocation: { latitude: here.latitude, longitude: here.longitude, accuracy: 20 },
      permissions: ["geolocation"],
    });
    const page = await context.newPage();
    try {
      await page.goto("/");
      await page.getByRole("link", { name: "Hunt Near Me" }).click();
      await expect(page).toHaveURL(/\/near-me$/);
      await expect(page.getByRole("heading", { name: "Hunt Near Me" })).toBeVisible();

      if (js) {
        await page.getByRole("button", { name: "Use my location" }).click();
        // The address holds the position rounded to about a kilometre.
        await expect(page).toHaveURL(/\/near-me\?at=78\.22,15\.65$/);
        await expect(page.getByRole("heading", { name: /last seen nearest to your location, near Longyearbyen, Svalbard/ })).toBeVisible();
      } else {
        // No JavaScript, no location: the page offers the typed place, and it works.
        await expect(page.getByRole("button", { name: "Use my location" })).toHaveCount(0);
        await page.getByLabel("Where are you?").fill("Tromsø, Norway");
        await page.getByRole("button", { name: "Find Jimmys" }).click();
        await expect(page.getByRole("heading", { name: /last seen nearest to Tromsø, Norway/ })).toBeVisible();
      }

      const mine = new Set(planted.map((p) => p.serial));
      const listed = await listedSerials(page);
      const order = expectedOrder(planted, here);
      expect(listed.slice(0, 3)).toEqual(order);
      expect(listed.filter((serial) => mine.has(serial))).toEqual(order);

      const [missing, north, far] = [planted[1]!, planted[0]!, planted[2]!];
      const item = (serial: number) => page.locator(`[data-testid="near-me-jimmy"][data-serial="${serial}"]`);
      await expect(item(missing.serial)).toContainText("Possibly missing");
      await expect(item(north.serial).getByTestId("near-me-heading")).toHaveText(/ north$/);
      await expect(item(far.serial).getByTestId("near-me-heading")).toHaveText(/ west$/);
      await expect(item(far.serial)).toContainText("Not seen for over a year");
      await expect(item(north.serial)).not.toContainText("Possibly missing");
      await expect(item(north.serial).getByRole("link")).toHaveAttribute("href", `/jimmy/${north.serial}`);

      // The map: the hunter and a numbered marker for each listed Jimmy, on the offline basemap.
      const map = page.getByTestId("near-me-map");
      await expect(map).toBeVisible();
      await expect(map.getByTestId("near-me-origin")).toHaveCount(1);
      await expect(map.getByRole("link")).toHaveCount(listed.length);
      await expect(map.getByRole("link", { name: `1. Jimmy #${missing.serial}` })).toHaveAttribute("href", `/jimmy/${missing.serial}`);
      const basemap = await map.locator("image").getAttribute("href");
      const answer = await page.request.get(basemap!);
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toContain("<path");
      // Nothing spills past a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: testInfo.outputPath("near-me.png"), fullPage: true });
    } finally {
      await context.close();
    }
  });

  test("from a typed place, and says clearly what it cannot find, keeping what was typed", async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo);
    const [typed, origin] = js
      ? ["Nuuk, Greenland", { latitude: 64.18347, longitude: -51.72157 }]
      : ["Stanley, Falkland Islands", { latitude: -51.69382, longitude: -57.85701 }];
    const planted = plantAround(origin, SIGHTINGS);

    const nowhere = await page.goto("/near-me?place=Qwertyville%20on%20Sea");
    expect(nowhere?.status()).toBe(422);
    await expect(page.getByRole("alert")).toHaveText(/No town or city called “Qwertyville on Sea” was found/);
    await expect(page.getByLabel("Where are you?")).toHaveValue("Qwertyville on Sea");
    await expect(page.getByTestId("near-me-results")).toHaveCount(0);

    // A whole country is not a place to measure from.
    await page.getByLabel("Where are you?").fill("France");
    await page.getByRole("button", { name: "Find Jimmys" }).click();
    await expect(page.getByRole("alert")).toHaveText(/“France” is all of France/);
    await expect(page.getByLabel("Where are you?")).toHaveValue("France");

    await page.getByLabel("Where are you?").fill(typed);
    await page.getByRole("button", { name: "Find Jimmys" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: new RegExp(`last seen nearest to ${typed.split(",")[0]}`) })).toBeVisible();
    expect((await listedSerials(page)).slice(0, 3)).toEqual(expectedOrder(planted, origin));
    await expect(page.getByLabel("Where are you?")).toHaveValue(typed);
  });

  test("when the browser will not share its location, says so and lets the hunter type a place", async ({ browser }, testInfo) => {
    const js = jsEnabled(testInfo);
    const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto("/near-me");
      if (!js) {
        // Without JavaScript nothing asks for the location: the typed place is the way in.
        await expect(page.getByRole("button", { name: "Use my location" })).toHaveCount(0);
        await expect(page.getByLabel("Where are you?")).toBeVisible();
        return;
      }
      await page.getByRole("button", { name: "Use my location" }).click();
      await expect(page.getByRole("alert")).toHaveText("Your browser did not share your location. Type where you are instead.");
      await expect(page.getByLabel("Where are you?")).toBeFocused();
      await expect(page).toHaveURL(/\/near-me$/);
    } finally {
      await context.close();
    }
  });

  test("the map page leads to it", async ({ page }) => {
    await page.goto("/map");
    await page.getByRole("link", { name: "Hunt Near Me" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hunt Near Me" })).toBeVisible();
  });

  test("far out at sea, says no Jimmy is within reach and points to the map", async ({ page }) => {
    await page.goto("/near-me?at=-50,-130");
    const results = page.getByTestId("near-me-results");
    await expect(results).toContainText("No Jimmy has been seen within 1,243 mi (2,000 km).");
    await expect(results.getByRole("link", { name: "See where they are on the map" })).toHaveAttribute("href", "/map");
    await expect(page.getByTestId("near-me-jimmy")).toHaveCount(0);
  });

  test("a position that is not on Earth is a clear 400", async ({ page }) => {
    const answer = await page.goto("/near-me?at=123,456");
    expect(answer?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("That position is not one on Earth. Type a place instead.");
  });
});
