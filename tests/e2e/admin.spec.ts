import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN_PASSWORD } from "../support/e2e-data";
import { addComment, freshSerial, makeStoredDiscovery, photoFiles, signInAsAdmin, actFromOwnAddress } from "./admin-helpers";
import { query, queryOne, writeDb } from "./db";
import { expectAccessible, jsEnabled, waitForHydration } from "./helpers";

test.describe("the admin password gate", () => {
  test("a visitor sees the gate, and a wrong or empty password is refused", async ({ page }, testInfo) => {
    await actFromOwnAddress(page);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toHaveCount(0);
    await expectAccessible(page);
    await waitForHydration(page, testInfo);

    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter the admin password.")).toBeVisible();

    await page.getByLabel("Admin password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Access denied" });
    await expect(alert).toContainText("Invalid password");
    await expect(alert).toContainText("4 attempts left");
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("five wrong passwords from one address lock it out for 15 minutes, and only it", async ({ page, browser }) => {
    const address = await actFromOwnAddress(page);
    await page.goto("/admin");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel("Admin password").fill(`guess number ${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toContainText(attempt < 5 ? `${5 - attempt} attempt` : "now paused for 15 minutes");
    }
    // Even the right password is refused now, so a lucky guess cannot be told apart.
    await page.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText("Too many attempts");
    await expect(page.getByRole("alert")).toContainText(/Please wait 1[45] minutes/);
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toHaveCount(0);

    const direct = await page.request.post("/admin", { form: { intent: "sign-in", password: E2E_ADMIN_PASSWORD } });
    expect(direct.status()).toBe(429);
    expect(Number(direct.headers()["retry-after"])).toBeGreaterThan(800);

    const entries = query<{ action: string }>("select action from admin_audit_log where client_address = ? order by id", address);
    expect(entries.map((e) => e.action)).toEqual([...Array(5).fill("sign_in_failed"), "sign_in_locked", "sign_in_locked"]);

    // Someone else, elsewhere, is not locked out.
    const other = await browser.newPage();
    try {
      await signInAsAdmin(other);
    } finally {
      await other.close();
    }
  });

  test("the right password opens the panel for a month, without anything kept in the browser's storage", async ({ page, context }) => {
    const address = await signInAsAdmin(page);
    await expect(page.getByText("Access granted")).toBeVisible();
    await expect(page.getByText("You now have immortal Jimmy privileges for one month.")).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "jh_admin");
    expect(cookie?.httpOnly).toBe(true);
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await expect(page.getByTestId("audit-entry").filter({ hasText: `Signed in` }).filter({ hasText: address }).first()).toBeVisible();
    await expectAccessible(page);
    if (jsEnabled(test.info())) {
      const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
      expect(stored).not.toMatch(/admin|auth|token|password/i);
    }
  });
});

test.describe("admin sessions", () => {
  test("flags in sessionStorage and forged or missing cookies give no admin rights", async ({ page, context }, testInfo) => {
    await actFromOwnAddress(page);
    const { id } = await makeStoredDiscovery();
    if (jsEnabled(testInfo)) {
      await page.goto("/");
      await page.evaluate(() => {
        for (const key of ["adminAuthenticated", "isAdmin", "admin", "adminToken"]) sessionStorage.setItem(key, "true");
      });
    }
    await context.addCookies([{ name: "jh_admin", value: "forged-token-value.signature", url: String(testInfo.project.use.baseURL) }]);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
    await page.goto(`/admin/discoveries/${id}/delete`);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();

    for (const [path, form] of [
      [`/admin/discoveries/${id}/delete`, {}],
      [`/admin/discoveries/${id}/image`, {}],
      ["/admin/comments/1/delete", {}],
      ["/admin/jimmys", { from: "1", to: "2" }],
    ] as const) {
      const response = await page.request.post(path, { form, maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
    }
    const labels = await page.request.get("/admin/labels?from=1&to=3&format=svg", { maxRedirects: 0 });
    expect(labels.status()).toBe(403);
    expect(queryOne<{ n: number }>("select count(*) as n from discoveries where id = ?", id).n).toBe(1);
  });

  test("logout ends the session on the server, so a copied cookie is worthless", async ({ page, context, browser }) => {
    await signInAsAdmin(page);
    const stolen = (await context.cookies()).filter((c) => c.name === "jh_admin");
    expect(stolen).toHaveLength(1);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
    await expect(page.getByText("Your admin session has ended.")).toBeVisible();

    const replay = await browser.newContext();
    try {
      await replay.addCookies(stolen);
      const other = await replay.newPage();
      await other.goto("/admin");
      await expect(other.getByRole("heading", { name: "Admin Access" })).toBeVisible();
      const response = await other.request.post("/admin/jimmys", { form: { from: "1", to: "2" }, maxRedirects: 0 });
      expect(response.status()).toBe(403);
    } finally {
      await replay.close();
    }
  });
});

test.describe("moderating discoveries", () => {
  test("the list shows every discovery newest first with serial, hunter, photo, caption and date; paging is stable while hunters report", async ({
    page,
  }) => {
    const older = await makeStoredDiscovery();
    const newer = await makeStoredDiscovery();
    await signInAsAdmin(page);
    const rows = page.getByTestId("admin-discovery");
    const newerRow = rows.filter({ hasText: newer.caption });
    await expect(newerRow).toContainText(`Jimmy #${newer.serial}`);
    await expect(newerRow).toContainText(`by ${newer.hunterName}`);
    await expect(newerRow).toContainText("Zilker Park, Austin");
    await expect(newerRow).toContainText(new Date().getFullYear().toString());
    await expect(newerRow.getByRole("img", { name: `Discovery of Jimmy #${newer.serial}` })).toBeVisible();
    const ids = await rows.evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-discovery-id"))));
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));

    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(rows).toHaveCount(20);
    // A hunter reports while the admin reads page 1: page 2 must not repeat its last row.
    await makeStoredDiscovery();
    await page.getByRole("link", { name: "Older →" }).click();
    await expect(page).toHaveURL(/\/admin\?page=2&upto=\d+$/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    const secondPage = await rows.evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-discovery-id"))));
    expect(secondPage.some((id) => ids.includes(id))).toBe(false);
  });

  test("an admin deletes a discovery after confirming; its photos and its Jimmy's figures go with it", async ({ page }, testInfo) => {
    const discovery = await makeStoredDiscovery();
    const address = await signInAsAdmin(page);
    await waitForHydration(page, testInfo);
    await page.getByRole("link", { name: `Delete discovery ${discovery.id} (Jimmy #${discovery.serial})` }).click();
    await expect(page.getByText("Are you sure you want to delete this discovery? This action cannot be undone.")).toBeVisible();
    await expectAccessible(page);

    // Cancelling keeps it.
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
    expect(queryOne<{ n: number }>("select count(*) as n from discoveries where id = ?", discovery.id).n).toBe(1);

    await page.getByRole("link", { name: `Delete discovery ${discovery.id} (Jimmy #${discovery.serial})` }).click();
    await page.getByRole("button", { name: "Delete discovery" }).click();
    await expect(page.getByText("Discovery deleted")).toBeVisible();
    await expect(page.getByTestId("admin-discovery").filter({ hasText: discovery.caption })).toHaveCount(0);

    expect(queryOne<{ n: number }>("select count(*) as n from discoveries where id = ?", discovery.id).n).toBe(0);
    for (const file of photoFiles(discovery.key, discovery.variants)) expect(fs.existsSync(file), file).toBe(false);
    const jimmy = queryOne<{ discovery_count: number; status: string; location: string | null }>(
      "select discovery_count, status, location from jimmys where id = ?",
      discovery.jimmyId,
    );
    expect(jimmy).toEqual({ discovery_count: 0, status: "hidden", location: null });
    await expect(
      page
        .getByTestId("audit-entry")
        .filter({ hasText: `Deleted discovery #${discovery.id}` })
        .filter({ hasText: address }),
    ).toBeVisible();

    // Deleting it again (a second tab, a double submit) fails cleanly.
    await page.goto(`/admin/discoveries/${discovery.id}/delete`);
    await expect(page.getByText("Failed to delete discovery")).toBeVisible();
  });

  test("an admin replaces a discovery's image through the photo pipeline", async ({ page }) => {
    const discovery = await makeStoredDiscovery();
    const address = await signInAsAdmin(page);
    await page.getByRole("link", { name: `Replace image of discovery ${discovery.id} (Jimmy #${discovery.serial})` }).click();
    await expect(page.getByRole("heading", { name: "Replace image" })).toBeVisible();
    await expectAccessible(page);

    await page
      .getByLabel(/New image/)
      .setInputFiles({ name: "notes.txt", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
    await page.getByRole("button", { name: "Upload image" }).click();
    await expect(page.getByRole("alert")).toContainText("Failed to upload image");
    await expect(page.getByRole("alert")).toContainText("isn't an image we can read");

    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    await page.getByLabel(/New image/).setInputFiles({ name: "better.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Upload image" }).click();
    await expect(page.getByText("Image updated")).toBeVisible();

    const row = queryOne<{ photo_key: string; photo_variants: string; photo_width: number }>(
      "select photo_key, photo_variants, photo_width from discoveries where id = ?",
      discovery.id,
    );
    expect(row.photo_key).not.toBe(discovery.key);
    expect(row.photo_width).toBe(900);
    const variants = row.photo_variants.split(",").map(Number);
    for (const file of photoFiles(row.photo_key, variants)) expect(fs.existsSync(file), file).toBe(true);
    for (const file of photoFiles(discovery.key, discovery.variants)) expect(fs.existsSync(file), file).toBe(false);
    const shown = page.getByTestId("admin-discovery").filter({ hasText: discovery.caption }).getByRole("img");
    await expect(shown).toHaveAttribute("src", new RegExp(row.photo_key));
    await expect(
      page
        .getByTestId("audit-entry")
        .filter({ hasText: `Replaced image of discovery #${discovery.id}` })
        .filter({ hasText: address }),
    ).toBeVisible();
  });

  test("an admin deletes a comment after confirming, and the Jimmy's comment count follows", async ({ page }) => {
    const discovery = await makeStoredDiscovery();
    const content = `Rude remark ${Date.now()}`;
    const commentId = addComment(discovery.jimmyId, content);
    await signInAsAdmin(page);
    const row = page.getByTestId("admin-comment").filter({ hasText: content });
    await expect(row).toContainText(`Jimmy #${discovery.serial}`);
    const deleteLink = row.getByRole("link", { name: `Delete comment ${commentId} on Jimmy #${discovery.serial}` });

    // One click only asks, as deleting a discovery does; Cancel keeps the comment.
    await deleteLink.click();
    await expect(page.getByRole("heading", { name: "Delete comment?" })).toBeVisible();
    await expect(page.getByText(content)).toBeVisible();
    await expect(page.getByText("Are you sure you want to delete this comment? This action cannot be undone.")).toBeVisible();
    expect(queryOne<{ n: number }>("select count(*) as n from comments where id = ?", commentId).n).toBe(1);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(row).toBeVisible();
    expect(queryOne<{ n: number }>("select count(*) as n from comments where id = ?", commentId).n).toBe(1);

    await deleteLink.click();
    await page.getByRole("button", { name: "Delete comment" }).click();
    await expect(page.getByText("Comment deleted")).toBeVisible();
    await expect(page.getByTestId("admin-comment").filter({ hasText: content })).toHaveCount(0);
    expect(queryOne<{ n: number }>("select count(*) as n from comments where id = ?", commentId).n).toBe(0);
    expect(queryOne<{ comment_count: number }>("select comment_count from jimmys where id = ?", discovery.jimmyId).comment_count).toBe(0);
    await expect(page.getByTestId("audit-entry").filter({ hasText: `Deleted comment #${commentId}` })).toBeVisible();
  });
});

test.describe("the admin is asked for the password again before minting", () => {
  /** The database id of the browser's admin session: the SHA-256 of the token inside the signed cookie. */
  async function adminSessionId(page: Page): Promise<string> {
    const cookie = (await page.context().cookies()).find((c) => c.name === "jh_admin");
    const signed = decodeURIComponent(cookie!.value);
    const token = JSON.parse(Buffer.from(signed.slice(0, signed.indexOf(".")), "base64").toString("utf8")) as string;
    return crypto.createHash("sha256").update(token).digest("hex");
  }

  test("eleven minutes after the password was typed, minting needs it again; a wrong one is refused and the range kept", async ({
    page,
  }, testInfo) => {
    // Two slow password checks (scrypt) and an accessibility scan on a shared machine.
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    // The password was typed 11 minutes ago; the session itself is still alive.
    const db = writeDb();
    try {
      const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000).toISOString();
      const changed = db.prepare("update sessions set password_at = ? where id = ?").run(elevenMinutesAgo, await adminSessionId(page));
      expect(changed.changes).toBe(1);
    } finally {
      db.close();
    }
    const from = freshSerial();
    const to = from + 1;
    await page.goto("/admin/jimmys");
    await waitForHydration(page, testInfo);
    await expect(page.getByLabel("Admin password")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("First serial").fill(String(from));
    await page.getByLabel("Last serial").fill(String(to));
    await page.getByLabel("Admin password").fill("not the password");
    await page.getByRole("button", { name: "Mint and make labels" }).click();
    await expect(page.getByText("Wrong password. 4 attempts left.")).toBeVisible();
    await expect(page.getByLabel("First serial")).toHaveValue(String(from));
    await expect(page.getByLabel("Last serial")).toHaveValue(String(to));
    expect(query("select id from jimmys where serial_number between ? and ?", from, to)).toHaveLength(0);

    await page.getByLabel("Admin password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Mint and make labels" }).click();
    await expect(page.getByText("2 new Jimmys in")).toBeVisible({ timeout: 15_000 });
    expect(query("select id from jimmys where serial_number between ? and ?", from, to)).toHaveLength(2);

    // Typed just now: the next mint goes through without asking.
    await page.goto("/admin/jimmys");
    await expect(page.getByLabel("Admin password")).toHaveCount(0);
  });

  test("a minting request without the password, once it is stale, changes nothing", async ({ page }) => {
    await signInAsAdmin(page);
    const db = writeDb();
    try {
      db.prepare("update sessions set password_at = ? where id = ?").run(
        new Date(Date.now() - 11 * 60_000).toISOString(),
        await adminSessionId(page),
      );
    } finally {
      db.close();
    }
    const from = freshSerial();
    const response = await page.request.post("/admin/jimmys", {
      form: { from: String(from), to: String(from + 4) },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(401);
    expect(query("select id from jimmys where serial_number between ? and ?", from, from + 4)).toHaveLength(0);
  });
});

test.describe("dates in the panel", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Asia/Tokyo" });

  /** How pages word a moment in a zone: "Nov 21, 2026, 6:01 PM CST". */
  const worded = (at: string, timeZone: string) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    })
      .format(new Date(at))
      .replace(/\u202f/g, " ");

  test("say what public pages say: a discovery in its place's time zone, anything else in the admin's, naming the zone", async ({
    page,
    context,
    baseURL,
    playwright,
  }) => {
    const chicago = await makeStoredDiscovery();
    const placeless = await makeStoredDiscovery();
    const db = writeDb();
    try {
      db.prepare("update discoveries set latitude = 41.8781, longitude = -87.6298 where id = ?").run(chicago.id);
    } finally {
      db.close();
    }
    const createdAt = (id: number) => queryOne<{ created_at: string }>("select created_at from discoveries where id = ?", id).created_at;
    // The admin's browser is in Tokyo, and says so as every browser does once a page has settled.
    await context.addCookies([{ name: "tz", value: "Asia/Tokyo", url: baseURL! }]);
    const address = await signInAsAdmin(page);

    const inChicago = worded(createdAt(chicago.id), "America/Chicago");
    expect(inChicago).toMatch(/ C[SD]T$/);
    const rows = page.getByTestId("admin-discovery");
    await expect(rows.filter({ hasText: chicago.caption })).toContainText(inChicago);
    await expect(rows.filter({ hasText: placeless.caption })).toContainText(worded(createdAt(placeless.id), "Asia/Tokyo"));
    const signedIn = query<{ created_at: string }>(
      "select created_at from admin_audit_log where action = 'sign_in' and client_address = ? order by id desc limit 1",
      address,
    )[0]!;
    await expect(page.getByTestId("audit-entry").filter({ hasText: address }).first()).toContainText(
      `${worded(signedIn.created_at, "Asia/Tokyo")} · from ${address}`,
    );
    await page.screenshot({ path: test.info().outputPath("admin-dates.png"), fullPage: true });

    // The discovery's public page says the same.
    await page.goto(`/discoveries/${chicago.id}`);
    await expect(page.getByTestId("discovery-when")).toHaveText(inChicago);
    await page.goto(`/discoveries/${placeless.id}`);
    await expect(page.getByTestId("discovery-when")).toHaveText(worded(createdAt(placeless.id), "Asia/Tokyo"));

    // A visitor whose browser has not said where it is reads a placeless discovery in UTC, labelled so.
    const visitor = await playwright.request.newContext({ baseURL });
    try {
      const html = await (await visitor.get(`/discoveries/${placeless.id}`)).text();
      expect(html).toContain(worded(createdAt(placeless.id), "UTC"));
      expect(worded(createdAt(placeless.id), "UTC")).toMatch(/ UTC$/);
    } finally {
      await visitor.dispose();
    }
  });
});
