import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { checkCode, fillLabelCode } from "./admin-helpers";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { query } from "./db";
import { loseNextAnswer, sendAgain } from "./lost-answers";
import { REPORT_SAVED_MS, signIn, signInByRequest, uniqueName } from "./helpers";
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
    await page.getByLabel(/^Location/).fill("Bus stop on 5th, Austin, TX");

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
    expect(reportsBy(hunter)).toEqual([expect.objectContaining({ location: "Bus stop on 5th, Austin, TX" })]);
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

  // The browser's own Back and form post; the enhanced form is covered above.
  test(
    "Back after a report brings its form back, and sending it again records nothing more and says it was recorded",
    { tag: "@without-javascript" },
    async ({ page }, testInfo) => {
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
    },
  );
});

test.describe("a key sent again with a different request is refused, not answered with the first", () => {
  const REUSED = "This idempotency key was already used for a different request. Send a new key.";

  test(
    "an API client reusing a comment's key for another Jimmy or another text gets a 422, and only the first comment exists",
    { tag: "@api-client" },
    async ({ request }) => {
      await signInByRequest(request, uniqueName("KeyReuser"));
      const [first, other] = query<{ id: number }>("select id from jimmys order by id limit 2");
      const key = `comment-${crypto.randomUUID()}`;
      const post = (jimmyId: number, content: string) =>
        request.post(`/api/jimmys/${jimmyId}/comments`, { data: { content }, headers: { "Idempotency-Key": key } });
      const content = `Saw him at the market ${uniqueName("")}`;
      const created = await post(first!.id, content);
      expect(created.status()).toBe(201);
      const comment = (await created.json()) as { id: number };

      for (const [jimmyId, text] of [
        [other!.id, content],
        [first!.id, `${content}, again`],
        [other!.id, `${content}, elsewhere`],
      ] as const) {
        const refused = await post(jimmyId, text);
        expect(refused.status(), `${jimmyId} ${text}`).toBe(422);
        expect(await refused.json()).toEqual({ message: REUSED });
        expect(refused.headers()["idempotent-replayed"]).toBeUndefined();
      }
      // An honest retry still gets the first comment back.
      const retried = await post(first!.id, content);
      expect(retried.status()).toBe(201);
      expect(retried.headers()["idempotent-replayed"]).toBe("true");
      expect(((await retried.json()) as { id: number }).id).toBe(comment.id);
      expect(query("select jimmy_id from comments where content like ?", `${content}%`)).toEqual([{ jimmy_id: first!.id }]);
    },
  );

  test(
    "an API client reusing a report's key for another report gets a 422; the same report again is answered as recorded",
    { tag: "@api-client" },
    async ({ request }) => {
      const hunter = uniqueName("ReportKey");
      await signInByRequest(request, hunter);
      const serial = foundJimmy();
      const upload = async () => {
        const response = await request.post("/api/upload", {
          multipart: { photo: { name: "jimmy.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(ROTATED_GPS_JPEG) } },
        });
        expect(response.status()).toBe(200);
        return ((await response.json()) as { tempPath: string }).tempPath;
      };
      const key = `report-${crypto.randomUUID()}`;
      const report = async (fields: { caption: string; location: string }) =>
        request.post("/api/discoveries", {
          data: {
            jimmyId: query<{ id: number }>("select id from jimmys where serial_number = ?", serial)[0]!.id,
            tempPath: await upload(),
            checkCode: checkCode(serial),
            ...fields,
          },
          headers: { "Idempotency-Key": key },
        });
      const said = { caption: "On the bench", location: "Zilker Park, Austin, TX" };
      const created = await report(said);
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };

      const refused = await report({ caption: "Under the bridge", location: "Lamar Bridge, Austin, TX" });
      expect(refused.status()).toBe(422);
      expect(await refused.json()).toEqual({ message: REUSED });

      const retried = await report(said);
      expect(retried.status()).toBe(201);
      expect(retried.headers()["idempotent-replayed"]).toBe("true");
      expect(await retried.json()).toEqual({ id, isFirst: false });
      expect(reportsBy(hunter)).toEqual([{ id, location: "Zilker Park, Austin, TX" }]);
    },
  );

  // The browser's own Back and form post.
  test(
    "Back after a report, another place typed and sent again: the hunter is told the first was recorded, and what they typed stays",
    { tag: "@without-javascript" },
    async ({ page }) => {
      const serial = foundJimmy();
      const hunter = uniqueName("BackChanged");
      await signIn(page, hunter, "Reporter", `/jimmy/${serial}/new-discovery`);
      await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
      await page.getByLabel(/^Location/).fill("Central Library, Austin, TX");
      await fillLabelCode(page, serial);
      await page.getByRole("button", { name: "Share Discovery" }).click();
      await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/new-discovery$`));
      await page.getByLabel(/^Caption/).fill("Moved to the reading room");
      await page.getByLabel(/^Location/).fill("Reading room, Central Library, Austin, TX");
      const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/jimmy/${serial}/new-discovery`));
      await page.getByRole("button", { name: "Share Discovery" }).click();
      expect((await answer).status()).toBe(422);
      await expect(
        page.getByText("This form was already sent once with other details, and that first one was recorded.", { exact: false }),
      ).toBeVisible();
      await expect(page.getByLabel(/^Caption/)).toHaveValue("Moved to the reading room");
      await expect(page.getByLabel(/^Location/)).toHaveValue("Reading room, Central Library, Austin, TX");
      expect(reportsBy(hunter)).toEqual([expect.objectContaining({ location: "Central Library, Austin, TX" })]);
    },
  );
});
