/**
 * Go to a Jimmy, and search (issue 24, item 4): the header's box takes a
 * Jimmy's number to its page and finds discoveries by place. JavaScript on
 * and off: the box is a plain GET form, its pages plain links.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, uniqueName, waitForHydration } from "./helpers";
import { queryOne } from "./db";
import { plantJourney } from "./journeys";

/** Types into the header's box (shown from 768 px) and sends it. */
async function searchFromHeader(page: Page, text: string) {
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search" });
  await box.fill(text);
  await box.press("Enter");
}

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a hunter types a Jimmy's number in the header and lands on its page, however they write it", async ({ page }, testInfo) => {
    const { serial } = plantJourney([{ latitude: 30.27, longitude: -97.74, location: "Austin, TX" }]);
    await page.goto("/");
    await waitForHydration(page, testInfo);
    await searchFromHeader(page, `#${serial}`);
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Jimmy #${serial}`);

    await searchFromHeader(page, `Jimmy ${serial}`);
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`));
    await page.screenshot({ path: testInfo.outputPath("header-1280.png") });

    // A number no Jimmy has: said plainly, on the search page.
    await searchFromHeader(page, "#999999990");
    await expect(page).toHaveURL(/\/search\?q=%23999999990$/);
    await expect(page.getByText("There is no Jimmy #999999990.")).toBeVisible();
  });

  test("a hunter searches for a place, opens the discovery found there, and pages through many", async ({ page }, testInfo) => {
    const town = uniqueName("Quillbrook");
    const { ids } = plantJourney(
      Array.from({ length: 23 }, (_, i) => ({ latitude: 40 + i / 100, longitude: -75, location: `${town} Square ${i + 1}` })),
    );
    await page.goto("/");
    await waitForHydration(page, testInfo);
    // The start of the name is enough.
    await searchFromHeader(page, town.slice(0, -2));
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page).toHaveTitle(/^Search · /);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const results = page.getByTestId("search-result");
    await expect(results).toHaveCount(20);
    await expect(results.first()).toContainText(`${town} Square 23`);
    await expect(page.getByRole("searchbox", { name: "Jimmy number, place, caption or hunter" })).toHaveValue(town.slice(0, -2));
    await page.screenshot({ path: testInfo.outputPath("search-results-1280.png"), fullPage: true });
    await expectAccessible(page);

    await page.getByRole("link", { name: "More results" }).click();
    await expect(page).toHaveURL(new RegExp(`before=${ids[3]}`));
    await expect(results).toHaveCount(3);
    await expect(results.last()).toContainText(`${town} Square 1`);
    await expect(page.getByRole("link", { name: "More results" })).toHaveCount(0);

    await results
      .first()
      .getByRole("link", { name: new RegExp(`${town} Square 3`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/discoveries/${ids[2]}$`));
    await expect(page.getByText(`Stop 3 in ${town} Square 3`)).toBeVisible();
  });

  test("a search that matches nothing, or is far too long, says so", async ({ page }) => {
    const nothing = uniqueName("Nowhereville");
    await page.goto(`/search?q=${nothing}`);
    await expect(page.getByText(`No discoveries match “${nothing}”.`)).toBeVisible();
    const long = await page.goto(`/search?q=${"x".repeat(150)}`);
    expect(long?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("That search is too long");
    const empty = await page.goto("/search");
    expect(empty?.status()).toBe(200);
    await expect(page.getByText(/Type a Jimmy's number/)).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test("the header's search button opens the search page, whose box finds a place", async ({ page }, testInfo) => {
    const town = uniqueName("Fernhollow");
    const { ids } = plantJourney([{ latitude: 45, longitude: 7, location: `${town}, Piemonte` }]);
    await page.goto("/");
    await waitForHydration(page, testInfo);
    await page.screenshot({ path: testInfo.outputPath("header-412.png") });
    const header = page.getByRole("banner");
    // The box itself waits for a wider screen; its button fits beside the sign-in.
    await expect(header.getByRole("searchbox")).toBeHidden();
    const button = header.getByRole("button", { name: "Search" });
    await expect(button).toBeVisible();
    const [name, signIn] = [await header.getByRole("link", { name: /home$/ }).boundingBox(), await button.boundingBox()];
    expect(name!.x + name!.width).toBeLessThanOrEqual(signIn!.x);
    await button.click();
    await expect(page).toHaveURL(/\/search\?q=$/);
    const box = page.getByRole("searchbox", { name: "Jimmy number, place, caption or hunter" });
    await box.fill(town);
    await box.press("Enter");
    await expect(page.getByTestId("search-result")).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath("search-412.png"), fullPage: true });
    await page.getByRole("link", { name: new RegExp(town) }).click();
    await expect(page).toHaveURL(new RegExp(`/discoveries/${ids[0]}$`));
  });

  test("on the narrowest phones the search is in the bottom bar's menu, leaving the header to the hunt's name", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await waitForHydration(page, testInfo);
    await expect(page.getByRole("banner").getByRole("button", { name: "Search" })).toBeHidden();
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await nav.getByLabel("More links").click();
    await nav.getByRole("link", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("searchbox", { name: "Jimmy number, place, caption or hunter" })).toBeVisible();
  });

  test("a hunter searches for another hunter by name and opens their profile", async ({ page }) => {
    const { ids } = plantJourney([{ latitude: 44, longitude: 8, location: "Alba, Piemonte" }]);
    const hunter = queryOne<{ id: number; first_name: string; last_name: string }>(
      "select u.id, u.first_name, u.last_name from users u join discoveries d on d.user_id = u.id where d.id = ?",
      ids[0],
    );
    await page.goto(`/search?q=${encodeURIComponent(hunter.first_name.toUpperCase())}`);
    const found = page.getByTestId("hunter-results");
    await expect(found.getByRole("link", { name: `${hunter.first_name} ${hunter.last_name}` })).toBeVisible();
    await expect(found).toContainText("1 discovery");
    await found.getByRole("link", { name: `${hunter.first_name} ${hunter.last_name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/hunters/${hunter.id}$`));
  });
});

test("robots.txt keeps crawlers off search results", async ({ request }) => {
  expect((await (await request.get("/robots.txt")).text()).split("\n")).toContain("Disallow: /search");
});
