/**
 * A discovery's own page (issue 24, item 1): what every share button copies,
 * whole and findable however old the discovery is. JavaScript on and off.
 */
import { expect, test } from "@playwright/test";
import { queryOne } from "./db";
import { expectAccessible, jsEnabled, waitForHydration } from "./helpers";
import { plantJourney } from "./journeys";

test.use({ viewport: { width: 390, height: 844 } });

/** A Jimmy found 25 times: its first find is far beyond the 20 its page shows first. */
function longJourney() {
  const places = Array.from({ length: 25 }, (_, i) => ({ latitude: 30 + i / 10, longitude: -97 - i / 10, location: `Town ${i + 1}, TX` }));
  return plantJourney(places);
}

test("an old discovery's shared link opens its own page, which leads into the Jimmy's journey at that find", async ({ page }, testInfo) => {
  const { serial, ids } = longJourney();
  const oldest = ids[0]!;
  const finder = queryOne<{ id: number; first_name: string; last_name: string }>(
    "select u.id, u.first_name, u.last_name from discoveries d join users u on u.id = d.user_id where d.id = ?",
    oldest,
  );
  const response = await page.goto(`/discoveries/${oldest}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, testInfo);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Jimmy #${serial}in Town 1, TX`);
  await expect(page.getByText("First discovery", { exact: true })).toBeVisible();
  await expect(page.getByText("Stop 1 in Town 1, TX")).toBeVisible();
  await expect(page.getByTestId("hunter-link").filter({ hasText: `${finder.first_name} ${finder.last_name}` })).toHaveAttribute(
    "href",
    `/hunters/${finder.id}`,
  );
  await expect(page.getByRole("button", { name: /^Like \(0 likes\)$/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Jimmy #\d+/ }).first()).toBeVisible();
  // Its share button copies this page's own address.
  await expect(page.getByRole("link", { name: "Share" })).toHaveAttribute("href", `/discoveries/${oldest}`);
  // The link preview names it, under its own canonical address.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    new RegExp(`^Jimmy #${serial} found by .+ in Town 1, TX$`),
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/discoveries/${oldest}$`));
  await page.screenshot({ path: testInfo.outputPath("discovery-page.png"), fullPage: true });
  await expectAccessible(page);

  // Into the journey: the page of the timeline that holds this find, scrolled to it.
  await page.getByRole("link", { name: "This find in its journey" }).click();
  await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}\\?before=.+#discovery-${oldest}$`));
  await expect(page.locator(`#discovery-${oldest}`)).toBeVisible();
  await expect(page.locator(`#discovery-${oldest}`)).toContainText("Stop 1 in Town 1, TX");
  if (jsEnabled(testInfo)) await expect(page.locator(`#discovery-${oldest}`)).toBeInViewport();
  await expect(page.getByRole("link", { name: "Newest discoveries" })).toBeVisible();
});

test("a discovery page that never existed, or a malformed one, says so", async ({ request }) => {
  const missing = await request.get("/discoveries/2147483000");
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain("There is no such discovery.");
  const malformed = await request.get("/discoveries/abc");
  expect(malformed.status()).toBe(400);
  expect(await malformed.text()).toContain("discovery pages look like /discoveries/12");
});
