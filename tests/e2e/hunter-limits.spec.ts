import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { checkCode, checkCodeOfJimmy, fillLabelCode } from "./admin-helpers";
import { query } from "./db";
import { signIn, signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { HONEYPOT_FIELD } from "../../app/lib/comments";
import { FORM_TOKEN_FIELD, issueFormToken } from "../../app/services/comment-guard.server";
import { E2E_SESSION_SECRET } from "../support/e2e-data";
import { foundJimmy, plantDiscovery, plantHunter } from "./social";

// Per-hunter limits (app/services/rate-limit.server.ts): reports 10 per 10
// minutes, uploads 30 per 10 minutes, like toggles 60 per minute, "it wasn't
// there" 20 an hour, flags 30 an hour per hunter or per visitor's address.

const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" };

/** A temporary key of the right shape that nobody uploaded: the report is counted, then refused. */
const unknownTempPath = () => `uploads/2026-11/${"0".repeat(24)}${Math.random().toString(16).slice(2, 10).padEnd(8, "0")}`;

async function expectTooMany(response: APIResponse, wait: RegExp) {
  expect(response.status()).toBe(429);
  const retryAfter = Number(response.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  const message = ((await response.json()) as { message: string }).message;
  expect(message).toMatch(wait);
  return { retryAfter, message };
}

async function reportByApi(request: APIRequestContext, jimmyId: number) {
  return request.post("/api/discoveries", {
    headers: SAME_ORIGIN,
    data: {
      jimmyId,
      tempPath: unknownTempPath(),
      caption: "Quick",
      latitude: 30.26,
      longitude: -97.74,
      checkCode: checkCodeOfJimmy(jimmyId),
    },
  });
}

function jimmyIdOf(serial: number): number {
  return query<{ id: number }>("select id from jimmys where serial_number = ?", serial)[0]!.id;
}

test.describe("a hunter going faster than a person can is slowed down", () => {
  test("the eleventh report in ten minutes through the API is a 429 that says when to try again", async ({ request }) => {
    await signInByRequest(request, uniqueName("Reporter"));
    const jimmyId = jimmyIdOf(1);
    for (let i = 0; i < 10; i++) expect((await reportByApi(request, jimmyId)).status()).not.toBe(429);
    const refused = await expectTooMany(await reportByApi(request, jimmyId), /10 minutes/);
    expect(refused.retryAfter).toBeLessThanOrEqual(600);
    expect(refused.message).toBe("You've reported a lot of discoveries in a short time. Please wait 10 minutes and try again.");
    const first = await request.post("/api/jimmys/1/first-discovery", {
      headers: SAME_ORIGIN,
      data: { tempPath: unknownTempPath(), location: "Austin, TX", latitude: 30.26, longitude: -97.74, checkCode: checkCode(1) },
    });
    expect(first.status()).toBe(429);
  });

  test("the report form over the limit re-renders with the message and keeps what was typed", async ({ page }, testInfo) => {
    const hunter = uniqueName("FormReporter");
    // This hunter's discoveries: other tests report at the same time, so the whole table's count moves.
    const reported = () =>
      query<{ n: number }>("select count(*) as n from discoveries d join users u on u.id = d.user_id where u.first_name = ?", hunter)[0]!.n;
    await signIn(page, hunter, "Finder", "/jimmy/1/new-discovery");
    for (let i = 0; i < 10; i++) await reportByApi(page.request, jimmyIdOf(1));
    await page.goto("/jimmy/1/new-discovery");
    await waitForHydration(page, testInfo);
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Caption/).fill("On the library steps");
    await page.getByLabel(/^Location/).fill("Austin, TX");
    await fillLabelCode(page, 1);
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/jimmy/1/new-discovery"));
    await page.getByRole("button", { name: "Share Discovery" }).click();
    const response = await answer;
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Share Discovery" }) });
    await expect(
      form.getByText("You've reported a lot of discoveries in a short time. Please wait 10 minutes and try again."),
    ).toBeVisible();
    await expect(page.getByLabel(/^Caption/)).toHaveValue("On the library steps");
    await expect(page.getByLabel(/^Location/)).toHaveValue("Austin, TX");
    expect(reported()).toBe(0);
  });

  test("the thirty-first upload in ten minutes is a 429 with Retry-After", async ({ request }) => {
    await signInByRequest(request, uniqueName("Uploader"));
    const target = () => request.post("/api/upload-target", { headers: SAME_ORIGIN, data: { contentType: "image/jpeg", size: 1000 } });
    for (let i = 0; i < 30; i++) expect((await target()).status()).toBe(200);
    const refused = await expectTooMany(await target(), /10 minutes/);
    expect(refused.message).toBe("You've uploaded a lot of photos in a short time. Please wait 10 minutes and try again.");
    const upload = await request.post("/api/upload", {
      headers: SAME_ORIGIN,
      multipart: { photo: { name: "jimmy.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not read") } },
    });
    expect(upload.status()).toBe(429);
    expect(upload.headers()["retry-after"]).toBeTruthy();
  });

  test("the sixty-first like toggle in a minute is refused, through the API and the like button", async ({ page }) => {
    const discovery = plantDiscovery(plantHunter(uniqueName("Finder")), "Found by the pond");
    await signIn(page, uniqueName("Tapper"));
    const toggle = () => page.request.post(`/api/discoveries/${discovery.id}/like`, { headers: SAME_ORIGIN });
    // Sent at once, as a script would, so the burst fits in the minute even on a slow machine.
    const burst = await Promise.all(Array.from({ length: 60 }, () => toggle()));
    expect(burst.map((r) => r.status())).toEqual(Array.from({ length: 60 }, () => 200));
    const refused = await expectTooMany(await toggle(), /Please wait (\d+ seconds|1 minute)/);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect(refused.message).toMatch(
      /^You've liked and unliked a lot in a short time\. Please wait (\d+ seconds|1 minute) and try again\.$/,
    );
    const likesBefore = query<{ n: number }>("select count(*) as n from likes where discovery_id = ?", discovery.id)[0]!.n;

    await page.goto("/");
    await waitForHydration(page, test.info());
    await likeButton(page, discovery.id).click();
    await expect(page.getByTestId("toast").first()).toContainText("You've liked and unliked a lot in a short time.");
    expect(query<{ n: number }>("select count(*) as n from likes where discovery_id = ?", discovery.id)[0]!.n).toBe(likesBefore);
  });
});

test.describe("the doors of the moderation queue are bounded too", () => {
  /** Posts the flag form as a page rendered half a minute ago would. */
  const flag = (request: APIRequestContext, discoveryId: number) =>
    request.post(`/flag/discovery/${discoveryId}`, {
      headers: SAME_ORIGIN,
      form: {
        reason: "spam",
        note: "",
        [HONEYPOT_FIELD]: "",
        [FORM_TOKEN_FIELD]: issueFormToken(new Date(Date.now() - 30_000), [E2E_SESSION_SECRET]),
      },
      maxRedirects: 0,
    });

  async function expectRefusedPage(response: APIResponse, text: string) {
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await response.text()).toContain(text);
  }

  test("the twenty-first 'it wasn't there' in an hour is refused with when to try again", async ({ request }) => {
    await signInByRequest(request, uniqueName("Searcher"));
    const serial = foundJimmy();
    const report = () => request.post(`/jimmy/${serial}/missing`, { headers: SAME_ORIGIN, form: { note: "" }, maxRedirects: 0 });
    for (let i = 0; i < 20; i++) expect((await report()).status()).toBe(302);
    await expectRefusedPage(await report(), "reported a lot of Jimmys missing in a short time. Please wait");
  });

  test("the thirty-first flag in an hour is refused, for a hunter and for a visitor's address", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const discovery = plantDiscovery(plantHunter(uniqueName("Flagged")), "Flag me");
    await signInByRequest(request, uniqueName("Flagger"));
    for (let i = 0; i < 30; i++) expect((await flag(request, discovery.id)).status()).toBe(302);
    await expectRefusedPage(await flag(request, discovery.id), "flagged a lot in a short time. Please wait");

    const address = `2001:db8::f1a9:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address } });
    try {
      for (let i = 0; i < 30; i++) expect((await flag(visitor, discovery.id)).status()).toBe(302);
      await expectRefusedPage(await flag(visitor, discovery.id), "flagged a lot in a short time. Please wait");
    } finally {
      await visitor.dispose();
    }
  });
});

function likeButton(page: Page, discoveryId: number) {
  return page.locator(`#discovery-${discoveryId}`).getByRole("button", { name: /^(Like|Unlike) \(/ });
}
