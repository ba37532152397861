import { expect, test, type Page } from "@playwright/test";
import { query, queryOne } from "./db";
import { jsEnabled, signInByRequest, uniqueName } from "./helpers";
import { openCommentBox, quietJimmy, useOwnAddress, waitFillTime } from "./social";

/**
 * Issue 19: hunters report from parks and bus stops on phones that lose the
 * network. A request lost on the way (offline, a proxy's 5xx, an HTML page
 * instead of the app's answer) never replaces the page, keeps what was typed,
 * says so in place and can be retried; what was typed survives a reload.
 */
test.use({ viewport: { width: 412, height: 823 } });

const PROXY_PAGE = { status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1>nginx</body></html>" };

const toast = (page: Page) => page.getByTestId("toast");

test.describe("a flaky connection never wipes a page", () => {
  test.beforeEach(async ({ context }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "requests lost in transport are the enhanced page's concern; without JavaScript the browser shows its own error");
    await useOwnAddress(context);
  });

  test("a comment answered by a proxy's 502 keeps the page and the comment; a retry posts it once", async ({ page }) => {
    const serial = quietJimmy();
    const content = `Posted from the bus ${uniqueName("")}`;
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    await page.getByLabel("Your comment").fill(content);
    await page.getByLabel(/^Your name/).fill("Bus Rider");
    await waitFillTime(page);

    await page.route(`**/jimmy/${serial}.data*`, (route) => (route.request().method() === "POST" ? route.fulfill(PROXY_PAGE) : route.continue()));
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByTestId("comment-form-error")).toContainText("we couldn't confirm your comment was posted");
    await expect(toast(page)).toContainText("Error");
    await expect(page.getByText("Error Loading Jimmy")).toHaveCount(0);
    await expect(page.getByLabel("Your comment")).toHaveValue(content);
    await expect(page.getByLabel(/^Your name/)).toHaveValue("Bus Rider");
    await page.screenshot({ path: test.info().outputPath("comment-502.png") });
    expect(query("select 1 from comments where content = ?", content)).toHaveLength(0);

    await page.unroute(`**/jimmy/${serial}.data*`);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(toast(page)).toContainText("Comment posted!");
    expect(query("select 1 from comments where content = ?", content)).toHaveLength(1);
  });

  test("a like made offline keeps the feed and says so; back online, a retry counts it once", async ({ page }) => {
    const discovery = queryOne<{ id: number }>("select id from discoveries order by created_at desc limit 1");
    const likes = () => query("select 1 from likes l join users u on u.id = l.user_id where l.discovery_id = ? and u.first_name = ?", discovery.id, hunter);
    const hunter = uniqueName("Offline");
    await signInByRequest(page.request, hunter);
    await page.goto("/discoveries");
    const button = page.locator(`#discovery-${discovery.id}`).getByRole("button", { name: /^(Like|Unlike) \(/ });
    const before = Number(await button.getByTestId("like-count").textContent());
    // The like route's code comes a moment after the page is interactive (found, then loaded while online).
    await expect.poll(() => page.evaluate(() => Object.keys((window as { __remixRouteModules?: object }).__remixRouteModules ?? {}).length)).toBeGreaterThan(0);
    await page.waitForTimeout(4000);

    await page.context().setOffline(true);
    await button.click();
    await expect(toast(page)).toContainText("Failed to update like");
    await expect(page.getByText("Failed to load discoveries")).toHaveCount(0);
    await expect(button.getByTestId("like-count")).toHaveText(String(before));
    expect(likes()).toHaveLength(0);

    await page.context().setOffline(false);
    await button.click();
    await expect(button.getByTestId("like-count")).toHaveText(String(before + 1));
    expect(likes()).toHaveLength(1);
  });
});
