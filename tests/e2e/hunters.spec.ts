import { expect, test } from "@playwright/test";
import { signIn, uniqueName } from "./helpers";
import { openCommentBox, plantDiscovery, plantHunter, waitFillTime } from "./social";

test.describe("a hunter's profile", () => {
  test("a hunter's name on a Jimmy's timeline leads to their profile: their figures and their discoveries, newest first", async ({
    page,
  }) => {
    const first = uniqueName("Profiled");
    const hunter = plantHunter(first, "Finder");
    const older = plantDiscovery(hunter, `Older find ${first}`);
    const newer = plantDiscovery(hunter, `Newer find ${first}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/jimmy/${newer.serialNumber}`);
    const entry = page.getByTestId("timeline-entry").filter({ hasText: `Newer find ${first}` });
    await entry.getByRole("link", { name: `${first} Finder`, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/hunters/${hunter}$`));
    await expect(page.getByRole("heading", { level: 1, name: `${first} Finder` })).toBeVisible();
    await expect(page.getByTestId("hunter-discoveries")).toHaveText("2");
    await expect(page.getByTestId("hunter-jimmys")).toHaveText(older.serialNumber === newer.serialNumber ? "1" : "2");
    await expect(page.getByTestId("hunter-first-finds")).toHaveText("0");
    await expect(page.getByTestId("own-profile")).toHaveCount(0);
    const cards = page.getByTestId("discovery-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(`Newer find ${first}`);
    await expect(cards.nth(1)).toContainText(`Older find ${first}`);
    // Every card's name leads back here.
    await expect(cards.nth(1).getByTestId("hunter-link")).toHaveAttribute("href", `/hunters/${hunter}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("profile-phone.png") });

    // The JSON API lists the same, for the same hunter.
    const api = await page.request.get(`/api/discoveries?hunter=${hunter}`);
    expect(api.status()).toBe(200);
    const listed = (await api.json()) as { caption: string; user: { id: number } }[];
    expect(listed.map((d) => [d.user.id, d.caption])).toEqual([
      [hunter, `Newer find ${first}`],
      [hunter, `Older find ${first}`],
    ]);
    const bad = await page.request.get("/api/discoveries?hunter=someone");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ message: "hunter must be a hunter's id" });
  });

  test("a feed card's name leads to the profile, and a hunter's own profile says it is theirs", async ({ page }) => {
    const first = uniqueName("Self");
    await signIn(page, first, "Viewer");
    const me = ((await (await page.request.get("/api/auth/user")).json()) as { id: number }).id;
    const planted = plantDiscovery(me, `My own find ${first}`);
    await page.goto("/discoveries");
    await page
      .getByTestId("discovery-card")
      .filter({ hasText: `My own find ${first}` })
      .getByTestId("hunter-link")
      .click();
    await expect(page).toHaveURL(new RegExp(`/hunters/${me}$`));
    await expect(page.getByTestId("own-profile")).toContainText("This is your profile");
    await expect(page.getByTestId("hunter-discoveries")).toHaveText("1");

    // A comment a hunter posts under their name leads to their profile too.
    const serial = planted.serialNumber;
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    await page.getByLabel("Your comment").fill(`Lovely spot ${first}`);
    await waitFillTime(page);
    await page.getByRole("button", { name: "Post Comment" }).click();
    const comment = page.getByTestId("comment").filter({ hasText: `Lovely spot ${first}` });
    await comment.getByRole("link", { name: `${first} Viewer`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hunters/${me}$`));
  });

  test("an address that names no hunter says so, with the right status", async ({ page }) => {
    const missing = await page.goto("/hunters/2000000000");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Hunter not found" })).toBeVisible();
    const malformed = await page.goto("/hunters/abc");
    expect(malformed?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Hunter not found" })).toBeVisible();
  });
});
