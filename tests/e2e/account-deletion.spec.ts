/**
 * A hunter deletes their own account (issue 25, item 4): a page that says
 * exactly what goes, a confirmation, and then nothing of theirs is left.
 * JavaScript on and off. (Deleting discoveries, their photos in storage and
 * the recounted figures is covered on both databases by
 * app/services/account-deletion.server.test.ts.)
 */
import { expect, test } from "@playwright/test";
import { ROTATED_GPS_JPEG } from "../support/photos";
import { query, queryOne, writeDb } from "./db";
import { signIn, signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { foundJimmy, plantHunter, postFormComment, startAdminSession } from "./social";

test.use({ viewport: { width: 412, height: 823 } });

test("a hunter deletes their account after confirming, and their comments, likes and sessions go with it", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const name = uniqueName("Leaver");
  await signIn(page, name);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: number };
  // Signed in on a second device too.
  const otherDevice = await playwright.request.newContext({ baseURL });
  await signInByRequest(otherDevice, name);

  const serial = foundJimmy();
  expect((await postFormComment(page.request, serial, { content: `Bye from ${name}` })).status()).toBe(302);
  const liked = queryOne<{ id: number; like_count: number }>(
    "select d.id, d.like_count from discoveries d join jimmys j on j.id = d.jimmy_id where j.serial_number = ? limit 1",
    serial,
  );
  await page.goto(`/discoveries/${liked.id}`);
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: /^Like \(/ }).click();
  await expect(page.getByRole("button", { name: /^Unlike \(/ })).toBeVisible();

  // A photo of their own, in storage.
  await page.goto("/account");
  await waitForHydration(page, testInfo);
  await page.getByLabel("A photo of your own").check();
  await page.getByLabel("Photo to upload (JPEG, PNG or WebP, up to 10 MB)").setInputFiles(ROTATED_GPS_JPEG);
  await page.getByRole("button", { name: "Save photo" }).click();
  await expect(page.getByText("Your new photo is shown with your name.")).toBeVisible();
  const photo = (await page.getByTestId("header-avatar").locator("img").getAttribute("src"))!;
  expect((await page.request.get(photo)).status()).toBe(200);

  await page.getByRole("link", { name: "Delete my account…" }).click();
  await expect(page.getByRole("heading", { name: "Delete your account" })).toBeVisible();
  await expect(page.getByTestId("deletion-list")).toContainText("no discoveries: you have reported none");
  await expect(page.getByTestId("deletion-list")).toContainText("your 1 comment and 1 like");
  await waitForHydration(page, testInfo);

  // Without the box ticked, nothing happens and the page says why.
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("alert")).toHaveText("Tick the box to confirm: deleting your account cannot be undone.");
  expect(query("select id from users where id = ?", me.id)).toHaveLength(1);
  await page.screenshot({ path: testInfo.outputPath("delete-account.png"), fullPage: true });

  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Everything the hunt held about you is gone. Thank you for hunting.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

  expect(query("select id from users where id = ?", me.id)).toEqual([]);
  expect(query("select id from sessions where user_id = ?", me.id)).toEqual([]);
  expect(query("select id from comments where content = ?", `Bye from ${name}`)).toEqual([]);
  expect(queryOne<{ like_count: number }>("select like_count from discoveries where id = ?", liked.id).like_count).toBe(liked.like_count);
  expect((await otherDevice.get("/api/auth/user")).status()).toBe(401);
  // Their photo is gone from storage too.
  expect((await page.request.get(photo)).status()).toBe(404);
  await otherDevice.dispose();
});

test("an admin deletes a hunter's account for a request that came by email, and the audit log says so", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const name = uniqueName("Writer");
  const hunterId = plantHunter(name);
  const db = writeDb();
  try {
    db.prepare(
      "insert into comments (jimmy_id, user_id, author_name, is_admin, content, created_at) values ((select id from jimmys where serial_number = ?), ?, ?, 0, ?, ?)",
    ).run(foundJimmy(), hunterId, `${name} Tester`, "Please remove me", new Date().toISOString());
  } finally {
    db.close();
  }
  await startAdminSession(context, baseURL!);
  await page.goto("/admin");
  await waitForHydration(page, testInfo);

  // A number nobody has is refused with a way on.
  await page.getByLabel("Hunter").fill("/hunters/2147000000");
  await page.getByRole("button", { name: "Open the request…" }).click();
  await expect(page.getByText("Give the hunter's number or their profile's address (/hunters/12), as in their request.")).toBeVisible();

  await page.getByLabel("Hunter").fill(`${baseURL}/hunters/${hunterId}`);
  await page.getByRole("button", { name: "Open the request…" }).click();
  await expect(page.getByRole("heading", { name: `Privacy request: ${name} Tester` })).toBeVisible();
  await expect(page.getByTestId("admin-deletion-counts")).toContainText(
    "Their 0 discoveries (with every stored copy of their photos), 1 comment, 0 likes",
  );
  await page.getByRole("button", { name: "Delete the account" }).click();
  await expect(page.getByText(`Hunter ${hunterId}'s account is deleted: 0 discoveries, 1 comment and 0 likes with it.`)).toBeVisible();

  expect(query("select id from users where id = ?", hunterId)).toEqual([]);
  expect(query("select id from comments where user_id = ? or content = 'Please remove me'", hunterId)).toEqual([]);
  const logged = queryOne<{ action: string; target_id: string }>(
    "select action, target_id from admin_audit_log where action = 'delete_account' order by id desc limit 1",
  );
  expect(logged).toEqual({ action: "delete_account", target_id: String(hunterId) });
});
