import { expect, test, type Page } from "@playwright/test";
import { query, queryOne, recountHuntFigures, writeDb } from "./db";
import { jsEnabled, signIn, uniqueName, waitForHydration } from "./helpers";
import { plantDiscovery, plantHunter } from "./social";

function likeButton(page: Page, discoveryId: number) {
  return page.locator(`#discovery-${discoveryId}`).getByRole("button", { name: /^(Like|Unlike) \(/ });
}

function storedLikes(discoveryId: number) {
  const row = queryOne<{ like_count: number }>("select like_count from discoveries where id = ?", discoveryId);
  const rows = query<{ user_id: number }>("select user_id from likes where discovery_id = ?", discoveryId);
  return { count: row.like_count, rows: rows.length };
}

test.describe("liking a discovery", () => {
  test("a hunter likes and unlikes a card; the count moves by one and the page remembers", async ({ page }) => {
    const finder = plantHunter(uniqueName("Finder"));
    const discovery = plantDiscovery(finder, "Found on a park bench");
    await signIn(page, uniqueName("Liker"));
    await page.goto("/");
    await waitForHydration(page, test.info());
    const button = likeButton(page, discovery.id);
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await expect(button.getByTestId("like-count")).toHaveText("0");

    if (jsEnabled(test.info())) {
      // Hold the request to see the pending state: the button waits for the server's answer.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/discoveries/${discovery.id}/like*`, async (route) => {
        await held;
        await route.continue();
      });
      await button.click();
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute("aria-pressed", "false");
      release();
    } else {
      await button.click();
    }
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(button.getByTestId("like-count")).toHaveText("1");
    await expect(button).toBeEnabled();
    expect(storedLikes(discovery.id)).toEqual({ count: 1, rows: 1 });
    if (!jsEnabled(test.info())) expect(new URL(page.url()).hash).toBe(`#discovery-${discovery.id}`);

    await page.reload();
    await expect(likeButton(page, discovery.id)).toHaveAttribute("aria-pressed", "true");
    await waitForHydration(page, test.info());
    await likeButton(page, discovery.id).click();
    await expect(likeButton(page, discovery.id)).toHaveAttribute("aria-pressed", "false");
    await expect(likeButton(page, discovery.id).getByTestId("like-count")).toHaveText("0");
    expect(storedLikes(discovery.id)).toEqual({ count: 0, rows: 0 });
  });

  test("a signed-out visitor who likes signs in and comes back to the same card, liked (without JavaScript: after one more click)", async ({
    page,
  }, testInfo) => {
    const discovery = plantDiscovery(plantHunter(uniqueName("Finder")), "Liked after signing in");
    await page.goto("/");
    await waitForHydration(page, testInfo);
    await likeButton(page, discovery.id).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/discoveries/${discovery.id}/like/confirm?`)}`));
    expect(storedLikes(discovery.id)).toEqual({ count: 0, rows: 0 });
    await page.getByLabel("First name").fill(uniqueName("Late"));
    await page.getByLabel("Last name").fill("Tester");
    await page.getByRole("button", { name: "Sign in locally" }).click();
    if (!jsEnabled(testInfo)) {
      // The like is a POST: without JavaScript the page after sign-in asks for the click the hunter meant.
      await expect(page.getByRole("heading", { name: "Like this discovery?" })).toBeVisible();
      await expect(page.getByText("Liked after signing in")).toBeVisible();
      expect(storedLikes(discovery.id)).toEqual({ count: 0, rows: 0 });
      await page.getByRole("button", { name: "Like", exact: true }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/#discovery-${discovery.id}$`));
    await expect(likeButton(page, discovery.id)).toHaveAttribute("aria-pressed", "true");
    await expect(likeButton(page, discovery.id).getByTestId("like-count")).toHaveText("1");
    expect(storedLikes(discovery.id)).toEqual({ count: 1, rows: 1 });

    // That page again later (history, a bookmark) likes nothing twice: it is already liked, so straight to the card.
    await page.goto(`/discoveries/${discovery.id}/like/confirm?redirectTo=${encodeURIComponent(`/#discovery-${discovery.id}`)}`);
    await expect(page).toHaveURL(new RegExp(`/#discovery-${discovery.id}$`));
    await expect(likeButton(page, discovery.id)).toHaveAttribute("aria-pressed", "true");
    expect(storedLikes(discovery.id)).toEqual({ count: 1, rows: 1 });
  });

  test("a link to the like page from elsewhere never likes by itself: the hunter is asked", async ({ page }, testInfo) => {
    const discovery = plantDiscovery(plantHunter(uniqueName("Finder")), "Not liked by a link");
    await signIn(page, uniqueName("Linked"));
    // As if another site linked here, with an intent id this browser never made.
    await page.goto(`/discoveries/${discovery.id}/like/confirm?redirectTo=%2F&pending=${crypto.randomUUID()}`);
    await waitForHydration(page, testInfo);
    await expect(page.getByRole("heading", { name: "Like this discovery?" })).toBeVisible();
    // Whatever the page would send by itself has gone by the time the network is quiet.
    await page.waitForLoadState("networkidle");
    expect(storedLikes(discovery.id)).toEqual({ count: 0, rows: 0 });
    await page.getByRole("link", { name: "Not now" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(storedLikes(discovery.id)).toEqual({ count: 0, rows: 0 });
  });

  test("a like that fails leaves the card as it was and says so", async ({ page }) => {
    const discovery = plantDiscovery(plantHunter(uniqueName("Finder")), "About to be removed");
    await signIn(page, uniqueName("Unlucky"));
    await page.goto("/");
    await waitForHydration(page, test.info());
    const db = writeDb();
    try {
      db.prepare("delete from discoveries where id = ?").run(discovery.id);
      db.prepare("update jimmys set discovery_count = discovery_count - 1 where id = ?").run(discovery.jimmyId);
      recountHuntFigures(db);
    } finally {
      db.close();
    }
    const button = likeButton(page, discovery.id);
    await button.click();
    const toast = page.getByTestId("toast-region");
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText("Failed to update like")).toBeVisible();
    if (jsEnabled(test.info())) {
      await expect(button).toHaveAttribute("aria-pressed", "false");
      await expect(button.getByTestId("like-count")).toHaveText("0");
    }
  });

  // 25 each way: together within the per-hunter limit of 60 like toggles a minute (docs/security.md).
  test("25 likes sent at once by one hunter count once, and 25 unlikes never take the count below zero", async ({ page }) => {
    const discovery = plantDiscovery(plantHunter(uniqueName("Finder")), "Popular");
    await signIn(page, uniqueName("Eager"));
    const post = (intent: "like" | "unlike") =>
      page.request.post(`/discoveries/${discovery.id}/like`, { form: { intent, enhanced: "1" }, maxRedirects: 0 });
    const likes = await Promise.all(Array.from({ length: 25 }, () => post("like")));
    expect(likes.map((r) => r.status())).toEqual(likes.map(() => 200));
    expect(storedLikes(discovery.id)).toEqual({ count: 1, rows: 1 });
    const unlikes = await Promise.all(Array.from({ length: 25 }, () => post("unlike")));
    expect(unlikes.every((r) => r.status() === 200)).toBe(true);
    expect(storedLikes(discovery.id)).toEqual({ count: 0, rows: 0 });
  });

  test("a like from another site is refused", async ({ page }) => {
    const discovery = plantDiscovery(plantHunter(uniqueName("Finder")), "Guarded");
    await signIn(page, uniqueName("Target"));
    const response = await page.request.post(`/discoveries/${discovery.id}/like`, {
      form: { intent: "like" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(storedLikes(discovery.id)).toEqual({ count: 0, rows: 0 });
  });
});
