import { expect, test, type Page } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { fillLabelCode } from "./admin-helpers";
import { query, queryOne } from "./db";
import { REPORT_SAVED_MS, signIn, signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { loseNextAnswer } from "./lost-answers";
import { foundJimmy, openCommentBox, plantDiscovery, plantHunter, quietJimmy, useOwnAddress, waitFillTime } from "./social";

/**
 * Issue 19: hunters report from parks and bus stops on phones that lose the
 * network. A request lost on the way (offline, a proxy's 5xx, an HTML page
 * instead of the app's answer) never replaces the page, keeps what was typed,
 * says so in place and can be retried; what was typed survives a reload.
 */
test.use({ viewport: { width: 412, height: 823 } });

const PROXY_PAGE = { status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1>nginx</body></html>" };

const toast = (page: Page) => page.getByTestId("toast");

// Requests lost in transport are the enhanced page's concern; without JavaScript the browser shows its own error.
test.describe("a flaky connection never wipes a page", { tag: "@javascript" }, () => {
  test.beforeEach(async ({ context }) => {
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

    await page.route(`**/jimmy/${serial}.data*`, (route) =>
      route.request().method() === "POST" ? route.fulfill(PROXY_PAGE) : route.continue(),
    );
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

  test("a page whose data is lost on the way says the connection was lost, not that something broke", async ({ page }) => {
    await page.goto("/map");
    await waitForHydration(page, test.info());
    // No service worker here (the rest of the suite blocks it): the router's error page is all there is.
    await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("link", { name: "Hall of Fame", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Connection lost" })).toBeVisible();
    await expect(page.getByText("The connection dropped before this page arrived. Check it and try again.")).toBeVisible();
    await expect(page.getByText(/Error 500|Something went wrong/)).toHaveCount(0);

    await page.screenshot({ path: test.info().outputPath("navigation-lost.png") });

    // Once the connection is back, the way out works.
    await page.unroute("**/*.data*");
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Connection lost" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test("a page's code gone after a deploy: following a link reloads into the new version cleanly", async ({ page }) => {
    await page.goto("/hall-of-fame");
    await waitForHydration(page, test.info());
    await page.evaluate(() => Object.assign(window, { beforeDeploy: true }));
    // The deploy removed the old build's chunk for the next page: the first ask for it is a 404.
    let removed = 0;
    await page.route(/\/assets\/privacy-policy-[^/]+\.js$/, (route) =>
      removed++ === 0 ? route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" }) : route.continue(),
    );
    await page.getByRole("link", { name: "Privacy Policy" }).first().click();
    // The router reloads the page it is on (the new version), rather than show an error page.
    await page.waitForFunction(() => !("beforeDeploy" in window));
    await waitForHydration(page, test.info());
    await expect(page.getByRole("heading", { level: 1, name: "Hall of Fame" })).toBeVisible();
    await expect(page.getByText(/Something went wrong|Connection lost/)).toHaveCount(0);
    // And the link now leads where it says.
    await page.getByRole("link", { name: "Privacy Policy" }).first().click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    expect(removed).toBeGreaterThanOrEqual(2);
  });

  test("a like made offline keeps the feed and says so; back online, a retry counts it once", async ({ page }) => {
    const discovery = queryOne<{ id: number }>("select id from discoveries order by created_at desc limit 1");
    const likes = () =>
      query("select 1 from likes l join users u on u.id = l.user_id where l.discovery_id = ? and u.first_name = ?", discovery.id, hunter);
    const hunter = uniqueName("Offline");
    await signInByRequest(page.request, hunter);
    const fetched = new Set<string>();
    page.on("requestfinished", (request) => fetched.add(new URL(request.url()).pathname));
    await page.goto("/discoveries");
    const button = page.locator(`#discovery-${discovery.id}`).getByRole("button", { name: /^(Like|Unlike) \(/ });
    const before = Number(await button.getByTestId("like-count").textContent());
    // The like route's code comes a moment after the page is interactive (found, then loaded while online):
    // the page has fetched it, and it (with what it imports) is ready.
    const likeModule = () =>
      page.evaluate(
        () =>
          (window as { __remixManifest?: { routes: Record<string, { module?: string }> } }).__remixManifest?.routes[
            "routes/discoveries_.$id.like"
          ]?.module ?? "",
      );
    await expect.poll(async () => fetched.has(await likeModule()), { message: "the page has fetched the like route's code" }).toBe(true);
    await page.evaluate(async (module) => void (await import(/* @vite-ignore */ module)), await likeModule());

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

/**
 * A connection that is down until the test brings it back: requests it is
 * given until then wait, and go through once it is back. A request the
 * outbox sends while the connection is down thus goes through when it
 * returns, however long a busy machine took to get there, rather than
 * failing and waiting out the outbox's next try.
 */
function connectionDown() {
  let bringBack!: () => void;
  const back = new Promise<void>((resolve) => (bringBack = resolve));
  return { back, bringBack };
}

/** The page's own POST of the report's save fails as if the connection dropped on the way; the outbox's waits for `back`. */
async function dropSaves(page: Page, serial: number, back: Promise<void>) {
  let saves = 0;
  await page.route(new RegExp(`/jimmy/${serial}/new-discovery`), async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    if (++saves === 1) return route.abort("connectionreset");
    await back;
    return route.fallback();
  });
}

// The upload, the outbox and a lost save are the enhanced form's; without JavaScript the browser shows its own error.
test.describe("a report on a connection that drops", { tag: "@javascript" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // A lost upload is tried three times (with pauses) before the report goes to the outbox, which then sends it.
  test.describe.configure({ timeout: 120_000 });

  const hunterReports = (serial: number, hunter: string) =>
    query<{ caption: string; location: string; photo_key: string }>(
      `select d.caption, d.location, d.photo_key from discoveries d join jimmys j on j.id = d.jimmy_id join users u on u.id = d.user_id
       where j.serial_number = ? and u.first_name = ?`,
      serial,
      hunter,
    );

  async function openFilledForm(page: Page, prefix: string) {
    const serial = foundJimmy();
    const hunter = uniqueName(prefix);
    const typed = { caption: `Wedged in the bike rack ${uniqueName("")}`, location: "Bus stop on Congress Ave, Austin, TX" };
    await signIn(page, hunter, "Phone", `/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, test.info());
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Caption/).fill(typed.caption);
    await page.getByLabel(/^Location/).fill(typed.location);
    await fillLabelCode(page, serial);
    return { serial, hunter, typed };
  }

  /** What the hunter typed is all still in the form, the photo too. */
  async function expectFormKept(page: Page, serial: number, typed: { caption: string; location: string }) {
    await expect(page.getByLabel(/^Caption/)).toHaveValue(typed.caption);
    await expect(page.getByLabel(/^Location/)).toHaveValue(typed.location);
    await expect(page.getByLabel(/^Code on the label/)).not.toHaveValue("");
    expect(await page.getByLabel(/^Photo/).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("rotated-with-gps.jpg");
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/new-discovery`));
  }

  /** The outbox sends the report once the connection is back: one discovery, as typed, with its photo. */
  async function expectSentOnceFromOutbox(page: Page, serial: number, hunter: string, typed: { caption: string; location: string }) {
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`, { timeout: 30_000 });
    await expect(page.getByRole("region", { name: "Outbox" })).not.toContainText("waiting to be sent");
    expect(hunterReports(serial, hunter)).toEqual([{ ...typed, photo_key: expect.not.stringContaining("placeholder") }]);
  }

  test("the connection drops as the photo upload starts: the report waits in the outbox and is sent once when the connection returns", async ({
    page,
  }) => {
    const { serial, hunter, typed } = await openFilledForm(page, "NoStart");
    const connection = connectionDown();
    let retryMessageRead!: () => void;
    const retryMessageWasRead = new Promise<void>((resolve) => (retryMessageRead = resolve));
    let targets = 0;
    await page.route("**/api/upload-target", async (route) => {
      targets += 1;
      // The page's second try is held until the test has read the retry message, which would
      // otherwise show only for the pause between two tries.
      if (targets === 2) await retryMessageWasRead;
      // The page's own three tries fail; the outbox's wait for the connection to come back.
      if (targets <= 3) return route.abort("internetdisconnected");
      await connection.back;
      return route.continue();
    });
    await page.getByRole("button", { name: "Share Discovery" }).click();

    await expect(page.getByText(/The connection dropped\. Trying again \(\d of 2\)/)).toBeVisible();
    retryMessageRead();
    await expect(
      page.locator("#main").getByRole("status").filter({ hasText: "Saved to your outbox — it will be sent when you're back online." }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("region", { name: "Outbox" })).toContainText("1 discovery waiting to be sent");
    await page.screenshot({ path: test.info().outputPath("upload-never-started.png") });
    expect(hunterReports(serial, hunter)).toEqual([]);

    connection.bringBack();
    await expectSentOnceFromOutbox(page, serial, hunter, typed);
  });

  test("the connection drops mid-upload: the hunter sees the retries, the report waits in the outbox and is sent once when the connection returns", async ({
    page,
  }) => {
    const { serial, hunter, typed } = await openFilledForm(page, "MidUpload");
    const connection = connectionDown();
    let retryMessageRead!: () => void;
    const retryMessageWasRead = new Promise<void>((resolve) => (retryMessageRead = resolve));
    let uploads = 0;
    await page.route("**/uploads/direct", async (route) => {
      uploads += 1;
      // The second try is held until the test has read the retry message (see above).
      if (uploads === 2) await retryMessageWasRead;
      // The page's own three tries fail; the outbox's wait for the connection to come back.
      if (uploads <= 3) return route.abort("connectionreset");
      await connection.back;
      return route.continue();
    });
    await page.getByRole("button", { name: "Share Discovery" }).click();

    await expect(page.getByText("The connection dropped. Trying again (1 of 2)…")).toBeVisible();
    retryMessageRead();
    await expect(
      page.locator("#main").getByRole("status").filter({ hasText: "Saved to your outbox — it will be sent when you're back online." }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(toast(page)).toContainText("Saved to your outbox");
    await expect(page.getByRole("region", { name: "Outbox" })).toContainText("1 discovery waiting to be sent");
    await page.screenshot({ path: test.info().outputPath("upload-dropped.png") });
    expect(uploads).toBeGreaterThanOrEqual(3);
    expect(hunterReports(serial, hunter)).toEqual([]);

    connection.bringBack();
    await expectSentOnceFromOutbox(page, serial, hunter, typed);
  });

  test("the save is lost before it reaches the server: the form keeps everything, says so, and the outbox sends it once when the connection returns", async ({
    page,
  }) => {
    const { serial, hunter, typed } = await openFilledForm(page, "NoSave");
    const connection = connectionDown();
    await dropSaves(page, serial, connection.back);
    await page.getByRole("button", { name: "Share Discovery" }).click();

    await expect(page.locator("#main").getByRole("alert").filter({ hasText: "Failed to submit discovery" })).toContainText(
      "Connection lost: it may not have been saved. It waits in your outbox and will be sent once you're back online",
    );
    await expect(toast(page).filter({ hasText: "Failed to submit discovery" })).toBeVisible();
    await expectFormKept(page, serial, typed);
    await expect(page.getByRole("region", { name: "Outbox" })).toContainText("1 discovery waiting to be sent");
    await page.screenshot({ path: test.info().outputPath("save-lost.png") });
    expect(hunterReports(serial, hunter)).toEqual([]);

    connection.bringBack();
    await expectSentOnceFromOutbox(page, serial, hunter, typed);
  });

  test("the server saves the report but its answer is lost: the form keeps everything, and the hunter's retry is answered as recorded, once", async ({
    page,
  }) => {
    const { serial, hunter, typed } = await openFilledForm(page, "LostAnswer");
    const lost = loseNextAnswer(page, new RegExp(`/jimmy/${serial}/new-discovery`));
    // A lost save is not followed by a reload of the page's data; the outbox's send of the report is.
    const outboxReloaded = page.waitForResponse(
      (response) => response.request().method() === "GET" && response.url().includes(`/jimmy/${serial}/new-discovery.data`),
    );
    await page.getByRole("button", { name: "Share Discovery" }).click();
    await lost;

    await expect(page.locator("#main").getByRole("alert").filter({ hasText: "Failed to submit discovery" })).toContainText(
      "it may not have been saved. It waits in your outbox and will be sent once you're back online; sending it again is safe, it won't be recorded twice.",
    );
    await expectFormKept(page, serial, typed);
    await page.screenshot({ path: test.info().outputPath("answer-lost.png") });
    await expect.poll(() => hunterReports(serial, hunter).length).toBe(1);

    // The outbox's copy (same key) is answered as recorded, never as a second discovery.
    await expect(page.getByTestId("outbox-sent")).toContainText(`your discovery of Jimmy #${serial} has been recorded`, {
      timeout: 15_000,
    });
    await outboxReloaded;
    expect(hunterReports(serial, hunter)).toHaveLength(1);
    // Unsure, the hunter sends the form again.
    await page.getByRole("button", { name: "Share Discovery" }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`);
    expect(hunterReports(serial, hunter)).toEqual([{ ...typed, photo_key: expect.not.stringContaining("placeholder") }]);
  });
});

// Drafts are kept by the enhanced form.
test.describe("a report's draft", { tag: "@javascript" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The draft keeper has looked at the form (it marks it so). */
  const draftKeeperReady = (page: Page) =>
    expect(page.locator("form").filter({ has: page.getByLabel(/^Caption/) })).toHaveAttribute("data-draft", "kept");

  const draftSaved = (page: Page, serial: number) =>
    expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), `jimmy-hunt:draft:report:new:${serial}`))
      .toContain("Left on the bench");

  test("what the hunter typed and chose survives a reload and is offered back; Discard clears it", async ({ page }) => {
    const serial = foundJimmy();
    await signIn(page, uniqueName("Drafty"), "Phone", `/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, test.info());
    // The draft keeper starts a moment after the page is interactive.
    await draftKeeperReady(page);
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Caption/).fill("Left on the bench by the pond");
    await page.getByLabel(/^Location/).fill("Zilker Park, Austin, TX");
    await draftSaved(page, serial);

    await page.reload();
    await expect(page.getByTestId("draft-restored")).toContainText("Draft restored: not sent yet");
    await expect(page.getByLabel(/^Caption/)).toHaveValue("Left on the bench by the pond");
    await expect(page.getByLabel(/^Location/)).toHaveValue("Zilker Park, Austin, TX");
    expect(await page.getByLabel(/^Photo/).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("rotated-with-gps.jpg");
    await expect(page.getByAltText("Preview of the chosen photo")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("draft-restored.png") });

    await page.getByTestId("draft-restored").getByRole("button", { name: "Discard" }).click();
    await expect(page.getByLabel(/^Caption/)).toHaveValue("");
    await expect(page.getByLabel(/^Location/)).toHaveValue("");
    await page.reload();
    await waitForHydration(page, test.info());
    await draftKeeperReady(page);
    await expect(page.getByTestId("draft-restored")).toHaveCount(0);
    await expect(page.getByLabel(/^Caption/)).toHaveValue("");
  });

  test("a draft is its hunter's: another hunter on the same phone neither sees it nor gets its photo, and it comes back to its own hunter", async ({
    page,
    context,
  }) => {
    const serial = foundJimmy();
    const alice = uniqueName("Drafter");
    await signIn(page, alice, "Phone", `/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, test.info());
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Caption/).fill("Left on the bench by the pond");
    await page.getByLabel(/^Location/).fill("Zilker Park, Austin, TX");
    await draftSaved(page, serial);

    // Another hunter signs in on the same phone and opens the same form.
    await signInByRequest(context.request, uniqueName("Borrower"), "Phone");
    await page.reload();
    await waitForHydration(page, test.info());
    const form = page.locator("form").filter({ has: page.getByLabel(/^Caption/) });
    await expect(form).toHaveAttribute("data-draft", "kept");
    await expect(page.getByTestId("draft-restored")).toHaveCount(0);
    await expect(page.getByLabel(/^Caption/)).toHaveValue("");
    await expect(page.getByLabel(/^Location/)).toHaveValue("");
    expect(await page.getByLabel(/^Photo/).evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    await expect(page.getByAltText("Preview of the chosen photo")).toHaveCount(0);

    // Alice is back: her draft, photo and all, is offered to her again.
    await signInByRequest(context.request, alice, "Phone");
    await page.reload();
    await expect(page.getByTestId("draft-restored")).toContainText("Draft restored: not sent yet");
    await expect(page.getByLabel(/^Caption/)).toHaveValue("Left on the bench by the pond");
    expect(await page.getByLabel(/^Photo/).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("rotated-with-gps.jpg");
  });

  test("a form the hunter has started before the old draft loads keeps what they chose and typed", async ({ page }) => {
    const serial = foundJimmy();
    await signIn(page, uniqueName("Quick"), "Phone", `/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, test.info());
    await draftKeeperReady(page);
    await page.getByLabel(/^Caption/).fill("Left on the bench by the pond");
    await page
      .getByLabel(/^Photo/)
      .setInputFiles({ name: "old.png", mimeType: "image/png", buffer: Buffer.from("not the photo the hunter means") });
    await draftSaved(page, serial);

    // The page is opened again with the drafts' store held shut (as on a slow phone, where it takes its
    // time), so the hunter gets in first: a photo chosen and a caption typed before the old draft arrives.
    await page.addInitScript(() => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      Object.assign(window, { releaseDrafts: release });
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
        const request = open.call(this, name, version);
        if (name !== "jimmy-hunt-drafts") return request;
        const setSuccess = Object.getOwnPropertyDescriptor(IDBRequest.prototype, "onsuccess")!.set!;
        Object.defineProperty(request, "onsuccess", {
          set(handler: (event: Event) => void) {
            setSuccess.call(request, (event: Event) => void held.then(() => handler.call(request, event)));
          },
        });
        return request;
      };
    });
    await page.reload();
    await waitForHydration(page, test.info());
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Caption/).fill("Under the slide");
    await page.evaluate(() => (window as unknown as { releaseDrafts: () => void }).releaseDrafts());
    // The draft keeper has looked at the form and kept the hunter's words as the draft.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), `jimmy-hunt:draft:report:new:${serial}`))
      .toContain("Under the slide");
    await expect(page.getByLabel(/^Caption/)).toHaveValue("Under the slide");
    expect(await page.getByLabel(/^Photo/).evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("rotated-with-gps.jpg");
    await expect(page.getByTestId("draft-restored")).toHaveCount(0);
  });
});

// Requests lost in transport are the enhanced page's concern; without JavaScript the browser shows its own error.
test.describe("a comment or a like on a connection that drops", { tag: "@javascript" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ context }) => {
    await useOwnAddress(context);
  });

  test("a comment lost before it reaches the server keeps the comment and says so; once the connection is back, the retry posts it once", async ({
    page,
  }) => {
    const serial = quietJimmy();
    const content = `Typed in a tunnel ${uniqueName("")}`;
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    await page.getByLabel("Your comment").fill(content);
    await waitFillTime(page);
    const posts = new RegExp(`/jimmy/${serial}(\\?|\\.data|$)`);
    await page.route(posts, (route) => (route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback()));

    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(page.getByTestId("comment-form-error")).toContainText(
      "Connection lost: we couldn't confirm your comment was posted. It's still here; posting again is safe.",
    );
    await expect(page.getByLabel("Your comment")).toHaveValue(content);
    await page.screenshot({ path: test.info().outputPath("comment-dropped.png") });
    expect(query("select 1 from comments where content = ?", content)).toHaveLength(0);

    await page.unroute(posts);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(toast(page)).toContainText("Comment posted!");
    await expect(page.getByTestId("comment-content").getByText(content, { exact: true })).toHaveCount(1);
    expect(query("select 1 from comments where content = ?", content)).toHaveLength(1);
  });

  test("a comment saved but whose answer was lost keeps the comment and says so; the hunter's retry posts nothing more", async ({
    page,
  }) => {
    const serial = quietJimmy();
    const content = `Posted as the train left ${uniqueName("")}`;
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    await page.getByLabel("Your comment").fill(content);
    await waitFillTime(page);
    const lost = loseNextAnswer(page, new RegExp(`/jimmy/${serial}(\\?|\\.data|$)`));

    await page.getByRole("button", { name: "Post Comment" }).click();
    await lost;
    await expect(page.getByTestId("comment-form-error")).toContainText(
      "we couldn't confirm your comment was posted. It's still here; posting again is safe.",
    );
    await expect(page.getByLabel("Your comment")).toHaveValue(content);
    await expect.poll(() => query("select 1 from comments where content = ?", content).length).toBe(1);

    await page.getByRole("button", { name: "Post Comment" }).click();
    await expect(toast(page)).toContainText("Comment posted!");
    await expect(page.getByTestId("comment-content").getByText(content, { exact: true })).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId("comment-content").getByText(content, { exact: true })).toHaveCount(1);
    expect(query("select 1 from comments where content = ?", content)).toHaveLength(1);
  });

  test("a like saved but whose answer was lost says the like failed; the hunter's retry counts it once", async ({ page }) => {
    const discovery = plantDiscovery(plantHunter(uniqueName("Finder")), "On the pier");
    await signInByRequest(page.request, uniqueName("Liker"));
    await page.goto("/");
    await waitForHydration(page, test.info());
    const button = page.locator(`#discovery-${discovery.id}`).getByRole("button", { name: /^(Like|Unlike) \(/ });
    await expect(page.locator(`#discovery-${discovery.id} input[name="idempotencyKey"]`)).toHaveCount(1);
    const likes = () => queryOne<{ like_count: number }>("select like_count from discoveries where id = ?", discovery.id).like_count;
    const lost = loseNextAnswer(page, `**/discoveries/${discovery.id}/like*`);

    await button.click();
    await lost;
    // Not "nothing happened": the like may well have counted, and trying again is safe.
    await expect(toast(page).filter({ hasText: "Failed to update like" })).toContainText("it may have counted");
    await page.screenshot({ path: test.info().outputPath("like-answer-lost.png") });
    await expect.poll(likes).toBe(1);

    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(button.getByTestId("like-count")).toHaveText("1");
    await page.reload();
    await expect(button.getByTestId("like-count")).toHaveText("1");
    expect(likes()).toBe(1);
  });
});
