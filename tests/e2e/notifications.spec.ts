import { expect, test, type Page } from "@playwright/test";
import { query } from "./db";
import { expectAccessible, jsEnabled, signIn, uniqueName, waitForHydration } from "./helpers";
import { openCommentBox, plantDiscovery, plantHunter, useOwnAddress, waitFillTime } from "./social";

function bell(page: Page) {
  return page.getByRole("link", { name: /^Notifications, / });
}

async function signOut(page: Page) {
  await waitForHydration(page, test.info());
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
}

test.describe("notifications", () => {
  test("a hunter hears about a like and a comment on what they found, and nobody else does", async ({ page, context }) => {
    // Three hunters sign in one after another, so this story takes longer than most tests.
    test.slow();
    await useOwnAddress(context);
    const finder = uniqueName("Finder");
    const discovery = plantDiscovery(plantHunter(finder), "Under the old oak");
    const fan = uniqueName("Fan");

    await signIn(page, fan);
    await page.goto("/");
    await waitForHydration(page, test.info());
    const like = page.locator(`#discovery-${discovery.id}`).getByRole("button", { name: /^Like \(/ });
    await like.click();
    await expect(page.locator(`#discovery-${discovery.id}`).getByRole("button", { name: /^Unlike \(/ })).toBeVisible();
    await page.goto(`/jimmy/${discovery.serialNumber}`);
    await openCommentBox(page);
    const remark = `Nice find ${uniqueName("")}`;
    await page.getByLabel("Your comment").fill(remark);
    await waitFillTime(page);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByTestId("toast-region").getByText("Comment posted!")).toBeVisible();
    // The fan's own activity notifies the fan of nothing.
    await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);
    await signOut(page);

    await signIn(page, uniqueName("Bystander"));
    await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);
    await signOut(page);

    await signIn(page, finder);
    await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");
    await expect(page.getByTestId("notification-badge")).toHaveText("2");
    await bell(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    const items = page.getByTestId("notification");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`${fan} Tester commented on Jimmy #${discovery.serialNumber}`);
    await expect(items.nth(0).getByTestId("notification-excerpt")).toHaveText(`“${remark}”`);
    await expect(items.nth(1)).toContainText(`${fan} Tester liked your discovery of Jimmy #${discovery.serialNumber}`);
    await expect(items.nth(0).getByText("New", { exact: true })).toBeVisible();
    const commentLink = await items.nth(0).getByRole("link").getAttribute("href");
    expect(commentLink).toMatch(new RegExp(`^/jimmy/${discovery.serialNumber}#comment-\\d+$`));
    await expect(items.nth(1).getByRole("link")).toHaveAttribute("href", `/jimmy/${discovery.serialNumber}#discovery-${discovery.id}`);
    await expectAccessible(page);

    if (jsEnabled(test.info())) {
      // Seeing the list is reading it.
      await expect(page.getByTestId("notification-badge")).toHaveCount(0);
    } else {
      await expect(page.getByTestId("notification-badge")).toHaveText("2");
      await page.getByRole("button", { name: "Mark all as read" }).click();
      await expect(page.getByTestId("notification-badge")).toHaveCount(0);
    }
    await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
    const unread = query<{ n: number }>(
      "select count(*) n from notifications n join users u on u.id = n.user_id where u.first_name = ? and n.read_at is null",
      finder,
    );
    expect(unread[0]!.n).toBe(0);

    await items.nth(1).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${discovery.serialNumber}#discovery-${discovery.id}$`));
  });

  test("a hunter with no news is told so, and signed-out visitors are sent to sign in first", async ({ page }) => {
    await page.goto("/notifications");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fnotifications$/);
    await page.getByLabel("First name").fill(uniqueName("Quiet"));
    await page.getByLabel("Last name").fill("Tester");
    await page.getByRole("button", { name: "Sign in locally" }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByText("No notifications yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
    await expectAccessible(page);
  });
});
