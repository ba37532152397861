/**
 * Dates and distances in the reader's terms (issue 24, item 5): a discovery's
 * date and time where it was found, the same before and after hydration; miles
 * or kilometres, from the browser's language until the reader picks one.
 * JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import { writeDb } from "./db";
import { jsEnabled, waitForHydration } from "./helpers";
import { plantJourney } from "./journeys";

test.use({ viewport: { width: 412, height: 823 }, locale: "en-US" });

// 6:01 pm on 21 November in Chicago is 00:01 on the 22nd in UTC, where every date used to be told.
const CHICAGO_EVENING = "2025-11-22T00:01:00.000Z";

/** A Jimmy found in Chicago on a November evening (and before that in St. Louis, so it has a journey). */
function chicagoEvening() {
  const { serial, ids } = plantJourney([
    { latitude: 38.627, longitude: -90.1994, location: "St. Louis, MO" },
    { latitude: 41.8781, longitude: -87.6298, location: "Chicago, IL" },
  ]);
  const db = writeDb();
  try {
    db.prepare("update discoveries set created_at = ? where id = ?").run(CHICAGO_EVENING, ids[1]);
    db.prepare("update discoveries set created_at = ? where id = ?").run("2025-11-20T15:00:00.000Z", ids[0]);
    db.prepare("update jimmys set last_discovery_at = ?, located_at = ? where serial_number = ?").run(
      CHICAGO_EVENING,
      CHICAGO_EVENING,
      serial,
    );
  } finally {
    db.close();
  }
  return { serial, id: ids[1]! };
}

test("a Chicago evening discovery shows its local date and time, the same in the server's page and after hydration", async ({
  page,
  request,
}, testInfo) => {
  const { serial, id } = chicagoEvening();
  const local = "Nov 21, 2025, 6:01 PM CST";
  // The page as the server sends it, before any script runs.
  const html = await (await request.get(`/discoveries/${id}`)).text();
  expect(html).toContain(local);
  expect(html).not.toContain("Nov 22, 2025");

  const mismatches: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match/i.test(message.text())) mismatches.push(message.text());
  });
  await page.goto(`/discoveries/${id}`);
  await waitForHydration(page, testInfo);
  await expect(page.getByTestId("discovery-when")).toHaveText(local);
  if (jsEnabled(testInfo)) {
    // Settled, the page has told the server the reader's time zone: the place's own still wins.
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "tz")?.value, { timeout: 10_000 }).toBeTruthy();
    await page.reload();
    await waitForHydration(page, testInfo);
    await expect(page.getByTestId("discovery-when")).toHaveText(local);
  }
  expect(mismatches).toEqual([]);

  // The Jimmy's page tells it the same way, in its latest sighting and its timeline.
  await page.goto(`/jimmy/${serial}`);
  await waitForHydration(page, testInfo);
  await expect(page.locator(`#discovery-${id} time`)).toHaveText(local);
  await expect(page.getByRole("link", { name: /Stop 2 \(latest\), Nov 21, 2025/ })).toBeAttached();
  await page.screenshot({ path: testInfo.outputPath("chicago-evening.png") });
});

test("the unit switch turns the Hall of Fame and a journey into kilometres, and back", async ({ page }, testInfo) => {
  const { serial } = chicagoEvening();
  await page.goto("/hall-of-fame");
  await waitForHydration(page, testInfo);
  const journey = page.locator('[data-record="longestDistance"]');
  await expect(journey.getByTestId("record-definition")).toContainText("in miles");
  await expect(journey).toContainText(/\d(\.\d)? miles/);
  await expect(page.getByRole("button", { name: "miles" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "km" }).click();
  await expect(page).toHaveURL(/\/hall-of-fame$/);
  await expect(page.getByRole("button", { name: "km" })).toHaveAttribute("aria-pressed", "true");
  await expect(journey.getByTestId("record-definition")).toContainText("in kilometres");
  await expect(journey).toContainText(/\d(\.\d)? km/);
  await expect(journey).not.toContainText(/\d(\.\d)? miles/);
  await page.screenshot({ path: testInfo.outputPath("hall-of-fame-km.png") });

  // Remembered: the Jimmy's journey is in kilometres too (St. Louis to Chicago: 262 miles, 422 km).
  await page.goto(`/jimmy/${serial}`);
  await expect(page.getByTestId("journey-summary")).toHaveText(/^2 stops and 1 leg, 42\d km in all\./);
  await page.getByRole("button", { name: "miles" }).click();
  await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}#journey-heading$`));
  await expect(page.getByTestId("journey-summary")).toHaveText(/^2 stops and 1 leg, 26\d miles in all\./);
});

test.describe("a reader whose browser speaks French", () => {
  test.use({ locale: "fr-FR" });

  test("reads kilometres until they choose otherwise", async ({ page }, testInfo) => {
    await page.goto("/hall-of-fame");
    await waitForHydration(page, testInfo);
    await expect(page.getByRole("button", { name: "km" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator('[data-record="longestDistance"]').getByTestId("record-definition")).toContainText("en kilomètres");
  });
});

test("a unit the switch does not offer is refused with a clear message", async ({ request }) => {
  const answer = await request.post("/preferences/units", {
    headers: { "Sec-Fetch-Site": "same-origin" },
    form: { units: "furlongs", redirectTo: "/hall-of-fame" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(400);
  expect(await answer.text()).toContain("Choose miles (mi) or kilometres (km).");
  const away = await request.post("/preferences/units", { form: { units: "km", redirectTo: "https://evil.example/" }, maxRedirects: 0 });
  expect(away.status()).toBe(303);
  expect(away.headers()["location"]).toBe("/preferences/units");
});

test("the Jimmy page's Share button copies the Jimmy's own link, and is that link without JavaScript", async ({
  page,
  context,
}, testInfo) => {
  const { serial } = chicagoEvening();
  const share = page.getByRole("link", { name: "Share" });
  if (!jsEnabled(testInfo)) {
    await page.goto(`/jimmy/${serial}`);
    await expect(share).toHaveAttribute("href", `/jimmy/${serial}`);
    return;
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    // This browser's share sheet is what the fallback replaces.
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await page.goto(`/jimmy/${serial}`);
  await waitForHydration(page, testInfo);
  await share.click();
  await expect(page.getByTestId("toast")).toContainText("Jimmy link copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/jimmy/${serial}$`));
});
