import { expect, test, type Page } from "@playwright/test";
import { fillLabelCode } from "./admin-helpers";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { query } from "./db";
import { loseNextAnswer, sendAgain } from "./lost-answers";
import { jsEnabled, REPORT_SAVED_MS, signIn, signInByRequest, uniqueName } from "./helpers";
import { foundJimmy, plantDiscovery, plantHunter, quietJimmy, useOwnAddress, waitFillTime } from "./social";

function reportsBy(firstName: string): { id: number; location: string }[] {
  return query(
    "select d.id, d.location from discoveries d join users u on u.id = d.user_id where u.first_name = ? order by d.id",
    firstName,
  );
}

const toast = (page: Page) => page.getByTestId("toast");

const phone = { width: 390, height: 844 };
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/**
 * The enhanced forms (JavaScript on, a phone-sized window): the server saved
 * but the answer was lost, and the same request is sent again. Without
 * JavaScript, see "the same report form posted twice" below.
 */
test.describe("a mutation sent twice is recorded once", () => {
  test.use({ javaScriptEnabled: true, viewport: phone });
  // Each test loses an answer and sends a request again: more round trips than most.
  test.describe.configure({ timeout: 120_000 });

  test("a report whose answer was lost, sent again, records one discovery and says it was recorded", async ({ page }) => {
    const serial = foundJimmy();
    const hunter = uniqueName("Twice");
    await signIn(page, hunter, "Reporter", `/jimmy/${serial}/new-discovery`);
    await hydrated(page);
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Location/).fill("Bus stop on 5th");

    const lost = loseNextAnswer(page, new RegExp(`/jimmy/${serial}/new-discovery`));
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();
    const request = await lost;
    await expect.poll(() => reportsBy(hunter).length).toBe(1);
    // The app's retry sends the same request again (how the page offers it is the client's part of issue 19).
    expect((await sendAgain(page, request)).status()).toBeLessThan(400);
    await page.goto(`/jimmy/${serial}`);
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`));
    await expect(toast(page)).toContainText("Success!");
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`);
    expect(reportsBy(hunter)).toEqual([expect.objectContaining({ location: "Bus stop on 5th" })]);
  });

  test("a comment whose answer was lost, sent again, is posted once", async ({ page, context }) => {
    await useOwnAddress(context);
    const serial = quietJimmy();
    const content = `Saw him by the fountain ${uniqueName("")}`;
    await page.goto(`/jimmy/${serial}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add Comment" }).click();
    await page.getByLabel("Your comment").fill(content);
    await waitFillTime(page);
    const lost = loseNextAnswer(page, new RegExp(`/jimmy/${serial}(\\?|\\.data|$)`));
    await page.getByRole("button", { name: "Post Comment" }).click();
    const request = await lost;
    await expect.poll(() => query("select id from comments where content = ?", content).length).toBe(1);
    expect((await sendAgain(page, request)).status()).toBeLessThan(400);
    await page.goto(`/jimmy/${serial}`);
    await expect(page.getByTestId("comment-content").getByText(content, { exact: true })).toHaveCount(1);
    expect(query("select id from comments where content = ?", content)).toHaveLength(1);
  });

  test("two visitors given copies of the same cached page each get their comment posted", async ({ browser }, testInfo) => {
    const serial = quietJimmy();
    const visitors = await Promise.all(
      [1, 2].map(() => browser.newContext({ baseURL: String(testInfo.project.use.baseURL), viewport: phone })),
    );
    try {
      const pages = await Promise.all(
        visitors.map(async (visitor) => {
          await useOwnAddress(visitor);
          const page = await visitor.newPage();
          await page.goto(`/jimmy/${serial}?comment=new`);
          return page;
        }),
      );
      const keys = await Promise.all(pages.map((page) => page.locator('input[name="idempotencyKey"]').getAttribute("value")));
      const tokens = await Promise.all(pages.map((page) => page.locator('input[name="formToken"]').getAttribute("value")));
      expect(tokens[0]).not.toBe(tokens[1]);
      const contents = pages.map((_, i) => `Visitor ${i + 1} was here ${uniqueName("")}`);
      for (const [i, page] of pages.entries()) {
        await hydrated(page);
        await page.getByLabel("Your comment").fill(contents[i]!);
      }
      for (const page of pages) await waitFillTime(page);
      for (const page of pages) await page.getByRole("button", { name: "Post Comment" }).click();
      for (const [i, content] of contents.entries()) {
        await expect
          .poll(() => query("select id from comments where content = ?", content).length, { message: `visitor ${i + 1}, key ${keys[i]}` })
          .toBe(1);
      }
    } finally {
      await Promise.all(visitors.map((visitor) => visitor.close()));
    }
  });

  test("a like whose answer was lost, sent again, counts once", async ({ page }) => {
    const finder = plantHunter(uniqueName("Finder"));
    const discovery = plantDiscovery(finder, "On the pier");
    await signInByRequest(page.request, uniqueName("Liker"));
    await page.goto("/");
    await hydrated(page);
    const button = page.locator(`#discovery-${discovery.id}`).getByRole("button", { name: /^(Like|Unlike) \(/ });
    await expect(page.locator(`#discovery-${discovery.id} input[name="idempotencyKey"]`)).toHaveCount(1);
    const lost = loseNextAnswer(page, `**/discoveries/${discovery.id}/like*`);
    await button.click();
    const request = await lost;
    const likes = () => query<{ like_count: number }>("select like_count from discoveries where id = ?", discovery.id)[0]!.like_count;
    await expect.poll(likes).toBe(1);
    // Without its key this repeat would flip the like back.
    expect((await sendAgain(page, request)).status()).toBe(200);
    await page.goto("/");
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(button.getByTestId("like-count")).toHaveText("1");
    expect(likes()).toBe(1);
  });
});

test.describe("the same report form posted twice without JavaScript", () => {
  test.use({ viewport: phone });

  test("Back after a report brings its form back, and sending it again records nothing more and says it was recorded", async ({
    page,
  }, testInfo) => {
    test.skip(jsEnabled(testInfo), "the browser's own Back and form post; the enhanced form is covered above");
    const serial = foundJimmy();
    const hunter = uniqueName("BackAgain");
    await signIn(page, hunter, "Reporter", `/jimmy/${serial}/new-discovery`);
    const key = await page.locator('input[name="idempotencyKey"]').getAttribute("value");
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Caption/).fill("Behind the library's book drop");
    await page.getByLabel(/^Location/).fill("Central Library, Austin, TX");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`);
    expect(reportsBy(hunter)).toEqual([expect.objectContaining({ location: "Central Library, Austin, TX" })]);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/new-discovery$`));
    // The form as it was sent: the same report (its key), the photo, the caption, the place and the label's code.
    await expect(page.locator('input[name="idempotencyKey"]')).toHaveValue(key!);
    await expect(page.getByLabel(/^Caption/)).toHaveValue("Behind the library's book drop");
    await expect(page.getByLabel(/^Location/)).toHaveValue("Central Library, Austin, TX");
    await expect(page.getByLabel(/^Code on the label/)).not.toHaveValue("");
    expect(await page.getByLabel(/^Photo/).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("rotated-with-gps.jpg");
    await page.screenshot({ path: testInfo.outputPath("back-to-the-sent-form.png") });

    await page.getByRole("button", { name: "Share Discovery" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`);
    expect(reportsBy(hunter)).toEqual([expect.objectContaining({ location: "Central Library, Austin, TX" })]);
  });
});
