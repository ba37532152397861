/**
 * The app on a flaky connection, with its service worker (the rest of the
 * suite blocks it): reports queued in the outbox while offline, saved
 * copies of visited pages, the offline page, sign-out, and updates.
 * JavaScript on only (playwright.config.ts): without it there is no worker.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { fillLabelCode } from "./admin-helpers";
import { query, queryOne, writeDb } from "./db";
import { signIn, signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { foundJimmy, plantDiscovery } from "./social";

test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 }, hasTouch: true });
// One at a time: the update test rewrites the built worker file, which every test here registers.
test.describe.configure({ mode: "serial" });

function discoveriesBy(serial: number, firstName: string): { id: number; location: string }[] {
  return query(
    `select d.id, d.location from discoveries d join jimmys j on j.id = d.jimmy_id join users u on u.id = d.user_id
     where j.serial_number = ? and u.first_name = ?`,
    serial,
    firstName,
  );
}

/** Waits until the app's service worker controls the page (it claims the page on its first install). */
async function controlledByWorker(page: Page) {
  await waitForHydration(page, test.info());
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Every URL and every body kept in the page's caches. */
async function cachedEverything(page: Page): Promise<{ cache: string; url: string; body: string }[]> {
  return page.evaluate(async () => {
    const found: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        found.push({ cache: name, url: request.url, body: (await response?.text()) ?? "" });
      }
    }
    return found;
  });
}

/** The addresses (path and query) of the pages the worker has saved for offline use. */
async function savedPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open("jimmy-pages-v1");
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  });
}

const toast = (page: Page) => page.getByTestId("toast");

/** Waits until the page watches its connection (the offline shell loads a moment after the page). */
async function connectionWatched(page: Page) {
  await waitForHydration(page, test.info());
  await page.waitForFunction(() => document.documentElement.dataset.connection === "watched", undefined, { timeout: 20_000 });
}

test.describe("reporting without a connection", () => {
  test("a report made offline waits in the outbox across a reload and is sent once when the connection returns", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const serial = foundJimmy();
    const hunter = uniqueName("Outbox");
    await signIn(page, hunter, "Finder", `/jimmy/${serial}/new-discovery`);
    await controlledByWorker(page);
    // The Jimmy's page and the form, opened with the worker in place, are kept for offline use.
    await page.goto(`/jimmy/${serial}`);
    await page.goto(`/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, test.info());

    await context.setOffline(true);
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Location/).fill("Barton Springs, Austin, TX");
    await page.getByLabel(/^Caption/).fill("Hiding under the diving board");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();

    await expect(
      page.locator("#main").getByRole("status").filter({ hasText: "Saved to your outbox — it will be sent when you're back online." }),
    ).toBeVisible();
    const outbox = page.getByRole("region", { name: "Outbox" });
    await expect(outbox).toContainText("1 discovery waiting to be sent");
    await expect(outbox.getByRole("button", { name: "Send now" })).toBeVisible();
    await expect(outbox.getByRole("button", { name: "Cancel" })).toBeVisible();

    // Still offline: the reload is the page's saved copy, and the report is still waiting.
    await page.reload();
    await waitForHydration(page, test.info());
    await expect(page.getByText(/^Offline — saved copy from /)).toBeVisible();
    await expect(outbox).toContainText("1 discovery waiting to be sent");
    expect(discoveriesBy(serial, hunter)).toEqual([]);

    // Another page of the app shows the outbox too, and it is there the report lands.
    await page
      .getByRole("link", { name: `Jimmy #${serial}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}$`));
    await waitForHydration(page, test.info());
    await expect(outbox).toContainText("1 discovery waiting to be sent");

    await context.setOffline(false);
    await expect(toast(page)).toContainText("Success!", { timeout: 15_000 });
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`);
    await expect(page.getByTestId("outbox-sent")).toContainText(`your discovery of Jimmy #${serial} has been recorded`);
    await expect(outbox).not.toContainText("waiting to be sent");
    expect(discoveriesBy(serial, hunter).map((row) => row.location)).toEqual(["Barton Springs, Austin, TX"]);

    // Coming back to the page (and going offline and online again) sends nothing more.
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await page.reload();
    await waitForHydration(page, test.info());
    await expect(page.getByRole("region", { name: "Outbox" })).toHaveCount(0);
    expect(discoveriesBy(serial, hunter)).toHaveLength(1);
  });

  test("a report waiting on a page shown offline is sent when the connection returns, with no other page to open", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const serial = foundJimmy();
    const hunter = uniqueName("Resend");
    // The form is reached from sign-in by the app's own navigation, on the phone's first visit.
    await signIn(page, hunter, "Finder", `/jimmy/${serial}/new-discovery`);
    await controlledByWorker(page);
    await expect.poll(() => savedPages(page), { timeout: 20_000 }).toContain(`/jimmy/${serial}/new-discovery`);

    await context.setOffline(true);
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Location/).fill("Zilker Park, Austin, TX");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();
    const outbox = page.getByRole("region", { name: "Outbox" });
    await expect(outbox).toContainText("1 discovery waiting to be sent");
    // The hunter reopens the page while still offline: its saved copy, with the outbox.
    await page.reload();
    await connectionWatched(page);
    await expect(page.getByRole("status").filter({ hasText: "Offline — saved copy" })).toBeVisible();
    await expect(outbox).toContainText("1 discovery waiting to be sent");

    await context.setOffline(false);
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`, { timeout: 15_000 });
    await expect(outbox).not.toContainText("waiting to be sent");
    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}/new-discovery$`));
    expect(discoveriesBy(serial, hunter).map((row) => row.location)).toEqual(["Zilker Park, Austin, TX"]);
  });

  test("a report waiting while the offline page is shown is sent when the connection returns, with no link to press", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const serial = foundJimmy();
    const hunter = uniqueName("Waiting");
    await signIn(page, hunter, "Finder", `/jimmy/${serial}/new-discovery`);
    await controlledByWorker(page);
    await page.goto(`/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, test.info());

    await context.setOffline(true);
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Location/).fill("Lady Bird Lake, Austin, TX");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();
    await expect(page.getByRole("region", { name: "Outbox" })).toContainText("1 discovery waiting to be sent");
    // A page never opened on this phone: the offline page.
    await page.goto("/hall-of-fame");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();

    await context.setOffline(false);
    await expect(toast(page)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`, { timeout: 20_000 });
    await expect(page).toHaveURL(/\/hall-of-fame$/);
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toHaveCount(0);
    expect(discoveriesBy(serial, hunter).map((row) => row.location)).toEqual(["Lady Bird Lake, Austin, TX"]);
  });

  test("a queued report can be cancelled: nothing is sent", async ({ page, context }) => {
    test.setTimeout(120_000);
    const serial = foundJimmy();
    const hunter = uniqueName("Cancel");
    await signIn(page, hunter, "Finder", `/jimmy/${serial}/new-discovery`);
    await controlledByWorker(page);

    await context.setOffline(true);
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Location/).fill("Mount Bonnell, Austin, TX");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();
    const outbox = page.getByRole("region", { name: "Outbox" });
    await expect(outbox).toContainText("1 discovery waiting to be sent");
    await outbox.getByRole("button", { name: "Cancel" }).click();
    await expect(outbox).toHaveCount(0);

    await context.setOffline(false);
    await page.reload();
    await waitForHydration(page, test.info());
    await expect(page.getByRole("region", { name: "Outbox" })).toHaveCount(0);
    expect(discoveriesBy(serial, hunter)).toEqual([]);
  });
});

test.describe("pages without a connection", () => {
  test("a page visited before comes back as a saved copy marked with its age; one never visited shows the offline page", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.goto("/hall-of-fame");
    await controlledByWorker(page);
    // Loaded through the worker this time: it answers the page itself, and saves it as it goes.
    await page.reload();
    await waitForHydration(page, test.info());
    const heading = await page.getByRole("heading", { level: 1 }).textContent();

    await context.setOffline(true);
    await page.clock.setFixedTime(Date.now() + 14 * 60_000);
    await page.goto("/hall-of-fame");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
    await expect(page.getByRole("status").filter({ hasText: "Offline — saved copy from 14 min ago" })).toBeVisible();
    // Its icons too: the sprite they are drawn from is among the files the worker keeps.
    const sprite = (await page.locator("svg.icon use").first().getAttribute("href"))!.split("#")[0]!;
    expect(await page.evaluate(async (url) => (await fetch(url)).headers.get("content-type"), sprite)).toMatch(/^image\/svg\+xml/);

    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();

    // A link followed offline from a saved copy gets the same answer. The
    // banner says the offline shell (loaded after the page) is in place.
    await page.goto("/hall-of-fame");
    await waitForHydration(page, test.info());
    await expect(page.getByRole("status").filter({ hasText: "Offline — saved copy" })).toBeVisible();
    await page.getByRole("link", { name: "Privacy Policy" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  });

  test("a search sent offline shows the saved copy of its answer, or keeps the page and what was typed", async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.goto("/near-me");
    await controlledByWorker(page);
    // Opened once online, so the worker keeps this answer.
    await page.goto("/near-me?place=Austin%2C+TX");
    await expect(page.getByRole("heading", { level: 2, name: /nearest to Austin/i })).toBeVisible();
    await page.goto("/near-me");
    await connectionWatched(page);

    await context.setOffline(true);
    const place = page.getByLabel("Where are you?");
    await place.fill("Marfa, TX");
    await page.getByRole("button", { name: "Find Jimmys" }).click();
    await expect(toast(page).filter({ hasText: "That page needs a connection. Nothing here was lost." })).toBeVisible();
    await expect(place).toHaveValue("Marfa, TX");
    await expect(page).toHaveURL(/\/near-me$/);

    await place.fill("Austin, TX");
    await page.getByRole("button", { name: "Find Jimmys" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /nearest to Austin/i })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Offline — saved copy from just now" })).toBeVisible();
  });

  test("a link followed while the connection silently fails gets the saved copy or the offline page, never an error page", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.goto("/hall-of-fame");
    await controlledByWorker(page);
    await page.goto("/map");
    await page.goto("/hall-of-fame");
    await connectionWatched(page);

    // The phone still says it is online; every request dies on the way.
    await context.route("**/*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("link", { name: "Map", exact: true }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Offline — saved copy" })).toBeVisible();
    await expect(page).toHaveURL(/\/map$/);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);

    await waitForHydration(page, test.info());
    await connectionWatched(page);
    await page.getByRole("link", { name: "Privacy Policy" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  });

  test("the offline page opens the page asked for once requests go through, also when the connection says it is back before they do", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.goto("/");
    await controlledByWorker(page);
    await context.setOffline(true);
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();

    // The phone says it is online again, but nothing gets through yet (a network still being joined).
    const failed: string[] = [];
    await context.route("**/*", async (route) => {
      failed.push(route.request().url());
      await route.abort("internetdisconnected");
    });
    await context.setOffline(false);
    // The phone tried, and nothing got through: still the offline page.
    await expect.poll(() => failed.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();

    await context.unrouteAll({ behavior: "wait" });
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible({ timeout: 40_000 });
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });

  test("signing out leaves nothing personal in the caches", async ({ page }) => {
    test.setTimeout(120_000);
    const hunter = uniqueName("Private");
    await signIn(page, hunter, "Finder", "/notifications");
    await controlledByWorker(page);
    await page.goto("/");
    await page.goto("/notifications");
    await waitForHydration(page, test.info());
    await expect.poll(async () => (await cachedEverything(page)).filter((entry) => entry.body.includes(hunter)).length).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("link", { name: /sign in/i }).first()).toBeVisible();
    await waitForHydration(page, test.info());
    const cached = await cachedEverything(page);
    expect(cached.filter((entry) => entry.body.includes(hunter)).map((entry) => entry.url)).toEqual([]);
    // Only the app's code and static files remain, and the signed-out pages opened since.
    expect(cached.filter((entry) => /\.data\b|\/api\//.test(entry.url))).toEqual([]);
  });
});

test.describe("the first visit on a fresh phone", () => {
  test("keeps the pages it opened: the first one, one typed in, and one reached by a link", async ({ page, context }) => {
    test.setTimeout(120_000);
    // The first page is the one that installs the worker: nothing controls it when it is asked for.
    await page.goto("/");
    await controlledByWorker(page);
    const home = await page.getByRole("heading", { level: 1 }).first().textContent();
    await page.goto("/jimmy/2");
    await waitForHydration(page, test.info());
    const jimmy = await page.getByRole("heading", { level: 1 }).first().textContent();
    await connectionWatched(page);
    // A link followed in the app loads only the next page's data, not a page the worker sees.
    await page.getByRole("link", { name: "Privacy Policy" }).first().click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    // The address changes a moment before the page it names is drawn: the heading is read once it is the policy's.
    const policy = "Privacy Policy";
    await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(policy);
    await expect.poll(() => savedPages(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(["/", "/jimmy/2", "/privacy-policy"]));

    await context.setOffline(true);
    for (const [address, heading] of [
      ["/", home],
      ["/jimmy/2", jimmy],
      ["/privacy-policy", policy],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(heading!);
      await expect(page.getByRole("status").filter({ hasText: "Offline — saved copy from just now" })).toBeVisible();
    }
  });

  test("a saved copy's banner goes when the connection returns, and the page shows what is new since", async ({ page, context }) => {
    test.setTimeout(120_000);
    const hunter = uniqueName("Back");
    await signIn(page, hunter, "Finder", "/");
    await controlledByWorker(page);
    await expect.poll(() => savedPages(page), { timeout: 20_000 }).toContain("/");

    await context.setOffline(true);
    await page.reload();
    await connectionWatched(page);
    const banner = page.getByRole("status").filter({ hasText: "Offline — saved copy" });
    await expect(banner).toBeVisible();
    // While the phone is offline, someone likes the hunter's discovery.
    const { id } = queryOne<{ id: number }>("select id from users where first_name = ?", hunter);
    const discovery = plantDiscovery(id, "Under the bridge");
    const db = writeDb();
    try {
      db.prepare("insert into notifications (user_id, kind, actor_name, discovery_id, created_at) values (?, 'like', 'A fan', ?, ?)").run(
        id,
        discovery.id,
        new Date().toISOString(),
      );
    } finally {
      db.close();
    }
    await expect(page.getByRole("link", { name: "Notifications, 1 unread" })).toHaveCount(0);

    await context.setOffline(false);
    await expect(banner).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

/** Signs `firstName` in on another device (a laptop) and, from its account page, signs out every other device. */
async function signOutOtherDevices(browser: Browser, baseURL: string | undefined, firstName: string) {
  const laptop = await browser.newContext({ baseURL });
  try {
    const page = await laptop.newPage();
    await signIn(page, firstName, "Finder", "/account");
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("1 other device is no longer signed in.")).toBeVisible();
  } finally {
    await laptop.close();
  }
}

/** How many entries of the page's caches hold `text`. */
async function cachedWith(page: Page, text: string): Promise<number> {
  return (await cachedEverything(page)).filter((entry) => entry.body.includes(text)).length;
}

test.describe("two hunters on one phone", () => {
  test("a report queued offline stays its hunter's: held while another hunter is signed in, sent as theirs once they are back", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const serial = foundJimmy();
    const alice = uniqueName("Alice");
    const bob = uniqueName("Bob");
    await signIn(page, alice, "Finder", `/jimmy/${serial}/new-discovery`);
    await controlledByWorker(page);

    await context.setOffline(true);
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Location/).fill("Pease Park, Austin, TX");
    await page.getByLabel(/^Caption/).fill("Alice's Jimmy, in the treehouse");
    await fillLabelCode(page, serial);
    await page.getByRole("button", { name: "Share Discovery" }).click();
    await expect(page.getByRole("region", { name: "Outbox" })).toContainText("1 discovery waiting to be sent");
    // Alice puts the phone away; her session is ended from her laptop.
    await page.close();
    await signOutOtherDevices(browser, baseURL, alice);

    // Bob signs in on the same phone, online again, and opens the hunt.
    await context.setOffline(false);
    await signInByRequest(context.request, bob, "Finder");
    const phone = await context.newPage();
    await phone.goto("/");
    await connectionWatched(phone);
    const outbox = phone.getByRole("region", { name: "Outbox" });
    await expect(outbox.getByTestId("outbox-held")).toContainText(
      `${alice} Finder's discovery of Jimmy #${serial} is held on this device.`,
    );
    await expect(outbox.getByTestId("outbox-held")).toContainText("It is sent once they sign in here again.");
    await expect(outbox).not.toContainText("waiting to be sent");

    // Alice signs in on the phone again: her report is sent, as hers.
    await signInByRequest(context.request, alice, "Finder");
    await phone.reload();
    await expect(toast(phone)).toContainText(`Your discovery of Jimmy #${serial} has been recorded!`, { timeout: 15_000 });
    await expect(outbox.getByTestId("outbox-held")).toHaveCount(0);
    expect(discoveriesBy(serial, alice).map((row) => row.location)).toEqual(["Pease Park, Austin, TX"]);
    expect(discoveriesBy(serial, bob)).toEqual([]);
  });

  test("a hunter's saved pages are not shown offline once their session was ended from another device", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const alice = uniqueName("Saved");
    await signIn(page, alice, "Finder", "/account");
    await controlledByWorker(page);
    await page.goto("/account");
    await connectionWatched(page);
    await expect.poll(() => cachedWith(page, alice)).toBeGreaterThan(0);

    await signOutOtherDevices(browser, baseURL, alice);
    // The phone opens the hunt again: nobody is signed in on it any more.
    await page.goto("/");
    await connectionWatched(page);
    await expect(page.getByTestId("header-avatar")).toHaveCount(0);
    await expect.poll(() => cachedWith(page, alice)).toBe(0);

    await context.setOffline(true);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByText(alice)).toHaveCount(0);
  });

  test("deleting the account leaves nothing of it on the phone: its saved pages and its report's draft", async ({ page, context }) => {
    test.setTimeout(180_000);
    const serial = foundJimmy();
    const alice = uniqueName("Leaving");
    await signIn(page, alice, "Finder", "/account");
    await controlledByWorker(page);
    await page.goto("/account");
    await connectionWatched(page);
    await expect.poll(() => cachedWith(page, alice)).toBeGreaterThan(0);
    // A report begun, with its photo, kept as a draft on the phone.
    await page.goto(`/jimmy/${serial}/new-discovery`);
    await waitForHydration(page, test.info());
    await page.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
    await page.getByLabel(/^Caption/).fill("Alice's last find");
    const draft = () =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith("jimmy-hunt:draft:"))
          .map((key) => localStorage.getItem(key)),
      );
    await expect.poll(draft).toEqual([expect.stringContaining("Alice's last find")]);

    await page.goto("/account/delete");
    await waitForHydration(page, test.info());
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(toast(page)).toContainText("Your account is deleted", { timeout: 15_000 });
    await expect.poll(draft).toEqual([]);
    const draftPhotos = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open("jimmy-hunt-drafts");
          request.onupgradeneeded = () => request.result.createObjectStore("photos");
          request.onsuccess = () => {
            const count = request.result.transaction("photos").objectStore("photos").count();
            count.onsuccess = () => resolve(count.result);
          };
          request.onerror = () => reject(request.error);
        }),
    );
    expect(draftPhotos).toBe(0);

    // Later, offline, the phone shows none of the account.
    await page.goto("/");
    await controlledByWorker(page);
    await context.setOffline(true);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByText(alice)).toHaveCount(0);
  });
});

test.describe("a new version of the app", () => {
  test.describe.configure({ mode: "serial" });
  const workerFile = path.resolve("build/client/sw.js");

  test("takes over from the old one when the hunter chooses to reload, without breaking the open page", async ({ page }) => {
    test.setTimeout(120_000);
    const original = fs.readFileSync(workerFile, "utf8");
    const marker = uniqueName("deploy");
    try {
      await page.goto("/hall-of-fame");
      await controlledByWorker(page);

      // A deploy: the server now has a worker that answers with its own version.
      fs.writeFileSync(
        workerFile,
        `${original}\nself.addEventListener("message",(e)=>{if(e.data==="version")e.ports[0].postMessage(${JSON.stringify(marker)})});\n`,
      );
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole("status").filter({ hasText: "New version available" });
      await expect(prompt).toBeVisible({ timeout: 20_000 });

      // The open page keeps working on the old version: a client-side navigation loads its code.
      await page.getByRole("link", { name: "Privacy Policy" }).first().click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

      await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
      await prompt.getByRole("button", { name: "Reload" }).click();
      await page.waitForFunction(() => !("beforeUpdate" in window), undefined, { timeout: 20_000 });
      await page.waitForFunction(
        (expected) =>
          new Promise<boolean>((resolve) => {
            const controller = navigator.serviceWorker.controller;
            if (!controller) return resolve(false);
            const channel = new MessageChannel();
            channel.port1.onmessage = (event) => resolve(event.data === expected);
            controller.postMessage("version", [channel.port2]);
            setTimeout(() => resolve(false), 500);
          }),
        marker,
        { timeout: 20_000 },
      );
      await waitForHydration(page, test.info());
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole("status").filter({ hasText: "New version available" })).toHaveCount(0);
    } finally {
      fs.writeFileSync(workerFile, original);
    }
  });
});
