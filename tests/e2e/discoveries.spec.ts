import { expect, test } from "@playwright/test";
import { query, queryOne } from "./db";
import { expectAccessible, jsEnabled, waitForHydration } from "./helpers";

test.describe("all discoveries", () => {
  test("a visitor sees how many discoveries there are and browses them, first discoveries included", async ({ page }, testInfo) => {
    const before = queryOne<{ n: number }>("select count(*) n from discoveries").n;
    await page.goto("/discoveries");
    const after = queryOne<{ n: number }>("select count(*) n from discoveries").n;
    await expect(page.getByRole("heading", { level: 1, name: "All Discoveries" })).toBeVisible();
    const total = await page.getByTestId("total-discoveries").textContent();
    expect([before, after].map((n) => `${n.toLocaleString("en-US")} total discoveries`)).toContain(total);
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");

    const cards = page.getByTestId("discovery-card");
    await expect(cards).toHaveCount(10);
    const firstPage = await cards.evaluateAll((els) => els.map((e) => Number(e.id.replace("discovery-", ""))));
    const top = queryOne<{ created_at: string }>("select created_at from discoveries where id = ?", firstPage[0]);
    const expected = query<{ id: number }>(
      "select id from discoveries where (created_at, id) <= (?, ?) order by created_at desc, id desc limit 20",
      top.created_at,
      firstPage[0],
    ).map((r) => r.id);
    expect(firstPage).toEqual(expected.slice(0, 10));

    await waitForHydration(page, testInfo);
    if (jsEnabled(testInfo)) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(cards).toHaveCount(20);
      const both = await cards.evaluateAll((els) => els.map((e) => Number(e.id.replace("discovery-", ""))));
      expect(both).toEqual(expected);
    } else {
      const more = page.getByRole("link", { name: "Load more" });
      const href = (await more.getAttribute("href"))!;
      await Promise.all([page.waitForURL((url) => `${url.pathname}${url.search}` === href), more.click()]);
      const second = await cards.evaluateAll((els) => els.map((e) => Number(e.id.replace("discovery-", ""))));
      expect(second).toEqual(expected.slice(10));
      await expect(page.getByRole("link", { name: "Back to the newest discoveries" })).toHaveAttribute("href", "/discoveries");
    }
    await expectAccessible(page);
  });

  test("shows skeleton cards while the list loads after a click", async ({ page }, testInfo) => {
    await page.goto("/");
    if (!jsEnabled(testInfo)) {
      // Without JavaScript the browser loads the whole page: it arrives complete, never as skeletons.
      await page.getByRole("link", { name: "View all" }).click();
      await expect(page.getByTestId("discovery-card")).toHaveCount(10);
      await expect(page.getByTestId("discovery-skeleton")).toHaveCount(0);
      return;
    }
    await waitForHydration(page, testInfo);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/discoveries.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "View all" }).click();
    await expect(page.getByTestId("discovery-skeleton")).toHaveCount(5);
    release();
    await expect(page.getByRole("heading", { level: 1, name: "All Discoveries" })).toBeVisible();
  });

  test("a page address that was never handed out answers 400 with a way back", async ({ page }) => {
    const response = await page.goto("/discoveries?after=yesterday");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("That page of the list doesn't exist");
  });
});
