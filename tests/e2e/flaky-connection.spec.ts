import { expect, test, type Page } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { query, writeDb } from "./db";
import { jsEnabled, signIn, uniqueName, waitForHydration } from "./helpers";
import { openCommentBox, quietJimmy, useOwnAddress, waitFillTime } from "./social";

/**
 * Issue 19: hunters report from parks and bus stops on phones that lose the
 * network. A request lost on the way (offline, a proxy's 5xx, an HTML page
 * instead of the app's answer) never replaces the page, keeps what was typed,
 * says so in place and can be retried; what was typed survives a reload.
 */
test.use({ viewport: { width: 412, height: 823 } });

const PROXY_PAGE = { status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1>nginx</body></html>" };

function mintJimmyWithOneDiscovery(): number {
  const db = writeDb();
  try {
    const hunter = db.prepare("select id from users order by id limit 1").get() as { id: number };
    for (;;) {
      const serial = 100_000 + Math.floor(Math.random() * 800_000_000);
      const now = new Date().toISOString();
      const created = db
        .prepare(
          "insert into jimmys (serial_number, name, status, minted_at, discovery_count, first_discovery_at, last_discovery_at) values (?, ?, 'discovered', ?, 1, ?, ?) on conflict do nothing",
        )
        .run(serial, `Jimmy #${serial}`, now, now, now);
      if (created.changes !== 1) continue;
      db.prepare(
        `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, is_first, created_at)
         values (?, ?, 'discoveries/e2e/placeholder', 320, 240, '320', 'Seen before', 'Austin, TX', 1, ?)`,
      ).run(created.lastInsertRowid, hunter.id, now);
      return serial;
    }
  } finally {
    db.close();
  }
}

function discoveriesOf(serial: number) {
  return query<{ caption: string; location: string }>(
    "select d.caption, d.location from discoveries d join jimmys j on j.id = d.jimmy_id where j.serial_number = ? and d.caption <> 'Seen before'",
    serial,
  );
}

const toast = (page: Page) => page.getByTestId("toast");

async function fillReport(page: Page, caption: string, location: string) {
  await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
  await page.getByLabel(/^Caption/).fill(caption);
  await page.getByLabel(/^Location/).fill(location);
}

async function expectReportKept(page: Page, caption: string, location: string) {
  await expect(page.getByLabel(/^Caption/)).toHaveValue(caption);
  await expect(page.getByLabel(/^Location/)).toHaveValue(location);
  expect(await page.getByLabel(/^Photo/).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("rotated-with-gps.jpg");
}

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

  test("a report whose connection drops before the upload, during it, or on the save keeps everything; a retry records it once", async ({ page, context }) => {
    test.setTimeout(90_000);
    const serial = mintJimmyWithOneDiscovery();
    const caption = "Behind the ice-cream stand";
    const location = "Zilker Park, Austin, TX";
    await signIn(page, uniqueName("Flaky"), "Finder", `/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, test.info());
    await fillReport(page, caption, location);
    const share = page.getByRole("button", { name: "Share Discovery" });

    // (a) Offline before the upload starts.
    await context.setOffline(true);
    await share.click();
    await expect(toast(page)).toContainText("Upload failed");
    await expectReportKept(page, caption, location);
    expect(discoveriesOf(serial)).toHaveLength(0);

    // (b) The connection drops on every attempt of the upload.
    await context.setOffline(false);
    await page.route("**/uploads/direct", (route) => route.abort("connectionreset"));
    await share.click();
    await expect(toast(page)).toContainText("Upload failed", { timeout: 20_000 });
    await expectReportKept(page, caption, location);
    expect(discoveriesOf(serial)).toHaveLength(0);
    await page.unroute("**/uploads/direct");

    // (c) The save request is lost: the hunter is not told that nothing was recorded.
    await page.route(`**/jimmy/${serial}/new-discovery.data*`, (route) => route.abort("connectionreset"));
    await share.click();
    const alert = page.locator("form").getByRole("alert").filter({ hasText: "Failed to submit discovery" });
    await expect(alert).toContainText("we couldn't confirm your discovery was saved");
    await expect(alert).not.toContainText("Nothing was recorded");
    await expect(page.getByRole("heading", { level: 1, name: `You found Jimmy #${serial}, his 2nd discovery.` })).toBeVisible();
    await expectReportKept(page, caption, location);
    await page.screenshot({ path: test.info().outputPath("report-save-lost.png"), fullPage: true });
    expect(discoveriesOf(serial)).toHaveLength(0);

    await page.unroute(`**/jimmy/${serial}/new-discovery.data*`);
    await share.click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: 30_000 });
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`);
    expect(discoveriesOf(serial)).toEqual([{ caption, location }]);
  });

  test("following a link while offline keeps the page and says why", async ({ page, context }) => {
    await page.goto("/");
    await waitForHydration(page, test.info());
    await context.setOffline(true);
    await page.getByRole("link", { name: "Hall of Fame" }).first().click();
    await expect(toast(page)).toContainText("You're offline");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("main")).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe("drafts survive", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "drafts are kept by the page's JavaScript");

  test("a comment draft survives a reload, can be discarded, and is gone after sign-out", async ({ page, context }) => {
    test.setTimeout(60_000);
    await useOwnAddress(context);
    const serial = quietJimmy();
    await signIn(page, uniqueName("Commenter"), "Tester", `/jimmy/${serial}`);
    await openCommentBox(page);
    await page.getByLabel("Your comment").fill("Half-written thought");
    await page.waitForTimeout(200);

    await page.reload();
    await openCommentBox(page);
    await expect(page.getByTestId("draft-restored")).toBeVisible();
    await expect(page.getByLabel("Your comment")).toHaveValue("Half-written thought");

    await page.getByTestId("draft-restored").getByRole("button", { name: "Discard" }).click();
    await expect(page.getByLabel("Your comment")).toHaveValue("");
    await page.reload();
    await openCommentBox(page);
    await expect(page.getByLabel("Your comment")).toHaveValue("");

    await page.getByLabel("Your comment").fill("Private note before signing out");
    await page.waitForTimeout(200);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(toast(page)).toContainText("Signed out");
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("jimmy-hunt:draft:")))).toEqual([]);
  });
});
