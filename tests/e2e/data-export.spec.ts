/**
 * "Download my data" (issue 25, items 3 and 6): the hunter asks on their
 * account page, a job builds the ZIP, and only they (or an admin answering
 * a request by email) can download it. JavaScript on and off.
 */
import { expect, test, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { query, writeDb } from "./db";
import { expectAccessible, jsEnabled, signIn, signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { foundJimmy, plantDiscovery, plantHunter, postFormComment, startAdminSession } from "./social";

test.use({ viewport: { width: 412, height: 823 } });

/** Reloads until the archive is ready (the test server's job runner polls every 200 ms); its download link. */
async function readyArchive(page: Page, link: string | RegExp) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("link", { name: link })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  return (await page.getByRole("link", { name: link }).first().getAttribute("href"))!;
}

async function unzip(page: Page, href: string) {
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/zip");
  expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="jimmy-hunt-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzipSync(new Uint8Array(await answer.body()));
}

/**
 * The account page's download link once the archive is made: with JavaScript
 * the page shows it by itself, with no reload; without, the hunter presses
 * "Check again" while it is being prepared.
 */
async function archiveOnAccountPage(page: Page) {
  const download = page.getByRole("link", { name: /^Download \(.+, until .+\)$/ });
  if (jsEnabled(test.info())) {
    let reloads = 0;
    page.on("load", () => reloads++);
    await expect(download).toBeVisible({ timeout: 60_000 });
    expect(reloads).toBe(0);
  } else {
    await expect(async () => {
      const checkAgain = page.getByRole("button", { name: "Check again" });
      if (await checkAgain.isVisible()) {
        await expect(page.getByText("Being prepared…")).toBeVisible();
        await checkAgain.click();
      }
      await expect(download).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 60_000 });
  }
  return (await download.getAttribute("href"))!;
}

test("a hunter downloads everything the hunt holds about them, photos included, and nobody else can", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const name = uniqueName("Archivist");
  await signIn(page, name);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: number };
  const found = plantDiscovery(me.id, `Found by ${name}`);
  expect((await postFormComment(page.request, foundJimmy(), { content: `Comment by ${name}` })).status()).toBe(302);

  await page.goto("/account");
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Prepare my data" }).click();
  await expect(page.getByText(/Your archive appears under “Your data” in a minute or two/)).toBeVisible();
  const href = await archiveOnAccountPage(page);
  await page.screenshot({ path: testInfo.outputPath("your-data.png"), fullPage: true });

  const files = await unzip(page, href);
  for (const file of [
    "README.txt",
    "profile.json",
    "identities.json",
    "discoveries.json",
    "comments.json",
    "likes.json",
    "notifications.json",
    "watches.json",
    "flags.json",
    "missing-reports.json",
    "sessions.json",
    `photos/${found.id}.webp`,
  ])
    expect(Object.keys(files), file).toContain(file);
  const readme = strFromU8(files["README.txt"]!);
  for (const file of Object.keys(files).filter((f) => f.endsWith(".json"))) expect(readme, file).toContain(file);
  expect(JSON.parse(strFromU8(files["discoveries.json"]!))).toEqual([
    expect.objectContaining({ id: found.id, caption: `Found by ${name}` }),
  ]);
  expect(strFromU8(files["comments.json"]!)).toContain(`Comment by ${name}`);
  const photo = await sharp(Buffer.from(files[`photos/${found.id}.webp`]!)).metadata();
  expect(photo.format).toBe("webp");

  // Another hunter, or nobody, is told there is no such archive.
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    expect((await stranger.get(href)).status()).toBe(404);
    await signInByRequest(stranger, uniqueName("Snoop"));
    expect((await stranger.get(href)).status()).toBe(404);
  } finally {
    await stranger.dispose();
  }
});

test(
  "without JavaScript, Check again asks the server each time it is pressed, and shows the archive once it is ready",
  { tag: "@without-javascript" },
  async ({ page }) => {
    await signIn(page, uniqueName("Patient"));
    const me = (await (await page.request.get("/api/auth/user")).json()) as { id: number };
    // An archive no job will make: it stays "Being prepared…" until the test makes it ready.
    const db = writeDb();
    const { lastInsertRowid: exportId } = db
      .prepare("insert into data_exports (user_id, requested_by, status, created_at) values (?, 'hunter', 'pending', ?)")
      .run(me.id, new Date().toISOString());
    db.close();
    await page.goto("/account");
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) asked.push(request.url());
    });
    for (const presses of [1, 2, 3]) {
      await page.getByRole("button", { name: "Check again" }).click();
      await expect.poll(() => asked.length).toBe(presses);
      await expect(page.getByText("Being prepared…")).toBeVisible();
    }
    const ready = writeDb();
    ready
      .prepare("update data_exports set status = 'ready', storage_key = ?, size = 2048, ready_at = ?, expires_at = ? where id = ?")
      .run(`exports/${exportId}.zip`, new Date().toISOString(), new Date(Date.now() + 7 * 86_400_000).toISOString(), exportId);
    ready.close();
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(page.getByRole("link", { name: /^Download \(.+, until .+\)$/ })).toBeVisible();
    expect(asked).toHaveLength(4);
  },
);

test("an admin prepares a hunter's archive for a request that came by email", async ({ page, context, baseURL }, testInfo) => {
  const name = uniqueName("Emailer");
  const hunterId = plantHunter(name);
  await startAdminSession(context, baseURL!);
  await page.goto(`/admin/privacy-request?hunter=${hunterId}`);
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Prepare an archive of their data" }).click();
  await expect(page.getByText(/The archive appears on this page in a minute or two/)).toBeVisible();
  const href = await readyArchive(page, /^Download the archive of /);
  const files = await unzip(page, href);
  expect(JSON.parse(strFromU8(files["profile.json"]!))).toMatchObject({ id: hunterId, firstName: name });
});

test("a hunter who asked for their data less than a day ago is told when they can ask again", async ({ page }, testInfo) => {
  const name = uniqueName("Twice");
  await signIn(page, name);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: number };
  await page.goto("/account");
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Prepare my data" }).click();
  await expect(page.getByText(/Your archive appears under “Your data” in a minute or two/)).toBeVisible();
  await archiveOnAccountPage(page);

  await waitForHydration(page, testInfo);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/account"));
  await page.getByRole("button", { name: "Prepare my data" }).click();
  expect((await answer).status()).toBe(429);
  await expect(page.getByRole("alert").filter({ hasText: "You can ask for your data once a day" })).toContainText(
    /You can ask again after \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/,
  );
  await expectAccessible(page);
  // Refused means nothing made: the one archive stays the only one.
  expect(query<{ status: string }>("select status from data_exports where user_id = ?", me.id)).toEqual([{ status: "ready" }]);
});

test("an admin's download of a hunter's archive is written to the audit log", async ({ page, context, baseURL }, testInfo) => {
  const hunterId = plantHunter(uniqueName("Audited"));
  await startAdminSession(context, baseURL!);
  await page.goto(`/admin/privacy-request?hunter=${hunterId}`);
  await waitForHydration(page, testInfo);
  await page.getByRole("button", { name: "Prepare an archive of their data" }).click();
  await expect(page.getByText(/The archive appears on this page in a minute or two/)).toBeVisible();
  const href = await readyArchive(page, /^Download the archive of /);
  expect(query("select id from admin_audit_log where action = 'download_export' and target_id = ?", String(hunterId))).toEqual([]);
  await unzip(page, href);
  expect(
    query<{ target_type: string; detail: string }>(
      "select target_type, detail from admin_audit_log where action = 'download_export' and target_id = ?",
      String(hunterId),
    ),
  ).toEqual([{ target_type: "user", detail: expect.stringMatching(/^Archive \d+ of \d{4}-\d{2}-\d{2}$/) }]);
});

test("an archive being prepared shows up on the account page once ready: by itself with JavaScript, by 'Check again' without", async ({
  page,
}, testInfo) => {
  const name = uniqueName("Waiting");
  await signIn(page, name);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: number };
  // An archive asked for and not made yet (no job: the test says when it is ready).
  const db = writeDb();
  let archiveId: number;
  try {
    archiveId = Number(
      db
        .prepare("insert into data_exports (user_id, requested_by, status, created_at) values (?, 'hunter', 'pending', ?)")
        .run(me.id, new Date().toISOString()).lastInsertRowid,
    );
  } finally {
    db.close();
  }
  await page.goto("/account#data-heading");
  await waitForHydration(page, testInfo);
  const archive = page.getByTestId("data-export");
  await expect(archive).toContainText("Being prepared…");
  await expect(archive.getByRole("button", { name: "Check again" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("archive-being-prepared.png") });
  await expectAccessible(page);
  // Something typed elsewhere on the page stays while it waits.
  await page.getByLabel("First name").fill("Kept");

  const ready = writeDb();
  try {
    ready
      .prepare(
        "update data_exports set status = 'ready', storage_key = 'exports/none.zip', size = 2048, ready_at = ?, expires_at = ? where id = ?",
      )
      .run(new Date().toISOString(), new Date(Date.now() + 7 * 24 * 3600_000).toISOString(), archiveId);
  } finally {
    ready.close();
  }
  const download = archive.getByRole("link", { name: /^Download \(2 KB, until .+\)$/ });
  if (jsEnabled(testInfo)) {
    let loads = 0;
    page.on("load", () => loads++);
    await expect(download).toBeVisible({ timeout: 20_000 });
    expect(loads).toBe(0);
    await expect(page.getByLabel("First name")).toHaveValue("Kept");
  } else {
    await expect(download).toHaveCount(0);
    await archive.getByRole("button", { name: "Check again" }).click();
    await expect(download).toBeVisible();
  }
});
