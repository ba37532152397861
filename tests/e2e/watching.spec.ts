/**
 * Watching a Jimmy and email (issue 23, item 3), JavaScript on and off: the
 * Watch button, an address confirmed by email, a watched Jimmy's next
 * discovery arriving by email from a real SMTP server on loopback, the
 * one-click unsubscribe (RFC 8058) and the daily digest.
 */
import { expect, test, type Page } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { rawHeader } from "../support/smtp-server";
import { fillLabelCode } from "./admin-helpers";
import { execute, queryOne, writeDb } from "./db";
import { jsEnabled, REPORT_SAVED_MS, signIn, uniqueName, waitForHydration } from "./helpers";
import { linkIn, mailFor, waitForMail } from "./mail";
import { foundJimmy, postFormComment, useOwnAddress } from "./social";

test.use({ viewport: { width: 390, height: 844 } });

async function watch(page: Page, serial: number) {
  await page.goto(`/jimmy/${serial}`);
  await waitForHydration(page, test.info());
  await page.getByRole("button", { name: "Watch", exact: true }).click();
  await expect(page.getByRole("button", { name: "Watching" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("watchers")).toHaveText("You get its news");
}

test("a watcher confirms an address, gets the Jimmy's next discovery by email, and one click in the email unsubscribes", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const serial = foundJimmy();
  const watcher = uniqueName("Watcher");
  await signIn(page, watcher, "Tester", `/jimmy/${serial}`);
  await watch(page, serial);

  // The avatar leads to the account page; the new address counts once confirmed from the email.
  await page.getByTestId("header-avatar").click();
  await expect(page.getByRole("heading", { name: "Your account", exact: true })).toBeVisible();
  await expect(page.getByTestId("watched-jimmys")).toContainText(`Jimmy #${serial}`);
  const address = `${watcher.toLowerCase()}@example.com`;
  await page.getByLabel("Your address").fill("not an address");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("That doesn't look like an email address")).toBeVisible();
  await expect(page.getByLabel("Your address")).toHaveValue("not an address");
  await page.getByLabel("Your address").fill(address);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(`We sent a link to ${address}`)).toBeVisible();
  const confirmation = await waitForMail(address, /^Confirm your email address/);
  await page.goto(linkIn(confirmation, "/account/email/"));
  await page.getByRole("button", { name: `Confirm ${address}` }).click();
  await expect(page.getByTestId("current-email")).toContainText(`Your news goes to ${address}`);

  await page.getByLabel("An email for each piece of news").check();
  await page.getByRole("button", { name: "Save choices" }).click();
  await expect(page.getByText("Your news will come by email as you chose.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("account.png"), fullPage: true });

  // Another hunter finds the Jimmy, through the report form.
  const finderContext = await browser.newContext({ javaScriptEnabled: jsEnabled(test.info()), viewport: { width: 390, height: 844 } });
  const finder = await finderContext.newPage();
  const finderName = uniqueName("Finder");
  await signIn(finder, finderName, "Tester", `/jimmy/${serial}/new-discovery`);
  await waitForHydration(finder, test.info());
  await finder.getByLabel(/^Photo/).setInputFiles(ROTATED_GPS_JPEG);
  await finder.getByLabel(/^Location/).fill("Zilker Park, Austin, TX");
  await fillLabelCode(finder, serial);
  await finder.getByRole("button", { name: "Share Discovery" }).click();
  await expect(finder).toHaveURL(new RegExp(`/jimmy/${serial}$`), { timeout: REPORT_SAVED_MS });
  // The finder now watches it too (finders do, unless they turn it off).
  await expect(finder.getByRole("button", { name: "Watching" })).toBeVisible();
  await finderContext.close();

  const news = await waitForMail(address, new RegExp(`^${finderName} Tester found Jimmy #${serial} again$`));
  expect(news.parsed.text).toMatch(new RegExp(`/jimmy/${serial}#discovery-\\d+`));
  expect(news.parsed.text).toContain("http://127.0.0.1:");
  expect(rawHeader(news, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<(.+)>$/.exec(rawHeader(news, "List-Unsubscribe") ?? "")?.[1];
  expect(unsubscribe).toMatch(/\/email\/unsubscribe\/[^/]+\/one-click$/);
  // The mail program's one click: a POST with no cookie, from no page.
  const oneClick = await request.post(unsubscribe!, { form: { "List-Unsubscribe": "One-Click" }, headers: { Cookie: "" } });
  expect(oneClick.status()).toBe(200);

  await page.goto("/account");
  await expect(page.getByLabel("No email — news in the app only")).toBeChecked();
  // Its news still arrives in the app, under the bell.
  await page.goto("/notifications");
  await expect(page.getByTestId("notification").first()).toContainText(`${finderName} Tester found Jimmy #${serial} again`);
});

test("a hunter who chose a daily digest gets a day's news in one email, and unsubscribes from its link", async ({ page, request }) => {
  test.setTimeout(90_000);
  const serial = foundJimmy();
  const name = uniqueName("Digest");
  await signIn(page, name, "Tester", `/jimmy/${serial}`);
  await watch(page, serial);
  const address = `${name.toLowerCase()}@example.com`;
  // The address as a sign-in provider would have given it.
  execute("update users set email = ? where first_name = ?", address, name);
  await page.goto("/account");
  await page.getByLabel("One email a day with the day's news (a digest)").check();
  await page.getByRole("button", { name: "Save choices" }).click();
  await expect(page.getByText("Your news will come by email as you chose.")).toBeVisible();

  // Two visitors comment on the Jimmy.
  await useOwnAddress(page.context());
  for (const content of ["Saw him by the lake!", "Still there this morning."]) {
    const posted = await postFormComment(request, serial, { content, authorName: "Passer-by" });
    expect(posted.status(), await posted.text()).toBe(302);
  }
  // Nothing yet: the digest waits a day, as one job due then.
  const waiting = queryOne<{ n: number; due_in_hours: number }>(
    "select count(*) as n, min(julianday(run_at) - julianday('now')) * 24 as due_in_hours from jobs where kind = 'digest-email' and finished_at is null and key = 'digest:' || (select id from users where first_name = ?)",
    name,
  );
  expect(waiting.n).toBe(1);
  expect(waiting.due_in_hours).toBeGreaterThan(12);
  expect(await mailFor(address, /./)).toHaveLength(0);

  // A day passes.
  const later = writeDb();
  try {
    later.prepare("update jobs set run_at = ? where kind = 'digest-email' and finished_at is null").run(new Date().toISOString());
  } finally {
    later.close();
  }
  const digest = await waitForMail(address, /^Jimmy Hunt: 2 pieces of news from the Jimmys you watch$/);
  expect(digest.parsed.text).toContain(`Passer-by commented on Jimmy #${serial}`);
  expect(digest.parsed.text).toContain("“Saw him by the lake!”");
  expect(digest.parsed.text).toContain("“Still there this morning.”");

  // The email's link, opened in the browser, asks first and then unsubscribes.
  await page.goto(linkIn(digest, "/email/unsubscribe/"));
  await waitForHydration(page, test.info());
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await page.goto("/account");
  await expect(page.getByLabel("No email — news in the app only")).toBeChecked();
});

test("a hunter stops watching a Jimmy from its page and from the account page, and its news stops", async ({ page, request }) => {
  const serial = foundJimmy();
  const other = foundJimmy();
  const name = uniqueName("Unwatcher");
  await signIn(page, name, "Tester", `/jimmy/${serial}`);
  await watch(page, serial);
  await watch(page, other);

  await page.goto(`/jimmy/${serial}`);
  await waitForHydration(page, test.info());
  await page.getByRole("button", { name: "Watching" }).click();
  await expect(page.getByRole("button", { name: "Watch", exact: true })).toHaveAttribute("aria-pressed", "false");

  await page.goto("/account");
  await page.getByRole("button", { name: `Stop watching Jimmy #${other}` }).click();
  await expect(page.getByText(`You stopped watching Jimmy #${other}`)).toBeVisible();
  await expect(page.getByText("None yet. Every Jimmy's page has a Watch button.")).toBeVisible();

  await useOwnAddress(page.context());
  for (const jimmy of [serial, other]) {
    const posted = await postFormComment(request, jimmy, { content: "Anyone seen him lately?" });
    expect(posted.status()).toBe(302);
  }
  const { n } = queryOne<{ n: number }>(
    "select count(*) as n from notifications where user_id = (select id from users where first_name = ?)",
    name,
  );
  expect(n).toBe(0);
});

test("a visitor who presses Watch while signed out is watching the Jimmy once signed in", async ({ page }) => {
  const serial = foundJimmy();
  await page.goto(`/jimmy/${serial}`);
  await waitForHydration(page, test.info());
  await page.getByRole("button", { name: "Watch", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  const name = uniqueName("LateWatcher");
  await page.getByLabel("First name").fill(name);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByRole("button", { name: "Sign in locally" }).click();
  // With JavaScript the watch is sent by itself; without, one press on the page that asks.
  if (!jsEnabled(test.info())) {
    await expect(page.getByRole("heading", { level: 1, name: `Watch Jimmy #${serial}?` })).toBeVisible();
    await page.getByRole("button", { name: "Watch", exact: true }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}#watch$`));
  await expect(page.getByRole("button", { name: "Watching" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("toast")).toContainText(`You're watching Jimmy #${serial}`);
  const hunter = queryOne<{ id: number }>("select id from users where first_name = ?", name);
  expect(
    queryOne<{ watching: number }>(
      "select watching from watches where user_id = ? and jimmy_id = (select id from jimmys where serial_number = ?)",
      hunter.id,
      serial,
    ).watching,
  ).toBe(1);
});
