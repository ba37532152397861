import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { makeStoredDiscovery, photoFiles } from "./admin-helpers";
import { query, queryOne, recountHuntFigures, writeDb } from "./db";
import { expectAccessible, signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { plantHunter, useOwnAddress } from "./social";

/** A new hunter, the page's browser context signed in as them through the demo sign-in; answers their id. */
function signInAsNewHunter(page: Page): Promise<number> {
  return signInByRequest(page.request, uniqueName("Owner"));
}

/** A stored discovery (photo on disk, figures counted) reported by `userId`. */
async function discoveryOf(userId: number) {
  const discovery = await makeStoredDiscovery();
  const db = writeDb();
  try {
    db.prepare("update discoveries set user_id = ? where id = ?").run(userId, discovery.id);
    recountHuntFigures(db);
  } finally {
    db.close();
  }
  return discovery;
}

function commentBy(jimmyId: number, userId: number | null, content: string, postedAt = new Date()): number {
  const db = writeDb();
  try {
    const id = Number(
      db
        .prepare("insert into comments (jimmy_id, user_id, author_name, is_admin, content, created_at) values (?, ?, 'Commenter', 0, ?, ?)")
        .run(jimmyId, userId, content, postedAt.toISOString()).lastInsertRowid,
    );
    db.prepare("update jimmys set comment_count = comment_count + 1 where id = ?").run(jimmyId);
    return id;
  } finally {
    db.close();
  }
}

function timelineEntry(page: Page, discoveryId: number) {
  return page.locator(`#discovery-${discoveryId}`);
}

test.describe("hunters in control of what they posted", () => {
  test.beforeEach(async ({ context }) => {
    await useOwnAddress(context);
  });

  test("a hunter edits the caption and location of their own discovery, and its place and the Jimmy's follow", async ({
    page,
  }, testInfo) => {
    const hunter = await signInAsNewHunter(page);
    const discovery = await discoveryOf(hunter);
    await page.goto(`/jimmy/${discovery.serial}`);
    await waitForHydration(page, testInfo);
    await timelineEntry(page, discovery.id).getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: "Edit your discovery" })).toBeVisible();
    await expect(page.getByLabel("Location")).toHaveValue("Zilker Park, Austin");
    await expectAccessible(page);

    // A location made blank is refused in place (there are no measured coordinates to fall back on), with what was typed kept.
    const caption = `Moved him to the river ${uniqueName("")}`;
    await page.getByLabel("Caption").fill(caption);
    await page.getByLabel("Location").fill("   ");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Enter where you found Jimmy, or use your current location.")).toBeVisible();
    await expect(page.getByLabel("Caption")).toHaveValue(caption);

    await page.getByLabel("Location").fill("Paris, France");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Discovery updated")).toBeVisible();
    const entry = timelineEntry(page, discovery.id);
    await expect(entry).toContainText(caption);
    await expect(entry).toContainText("Paris, France");

    const stored = queryOne<{ caption: string; city: string; country: string; latitude: number | null }>(
      "select caption, city, country, latitude from discoveries where id = ?",
      discovery.id,
    );
    expect(stored).toMatchObject({ caption, city: "Paris", country: "FR" });
    expect(stored.latitude).toBeCloseTo(48.85, 1);
    // Typed, so its position is Paris's centre, a guess: the Jimmy's place is what was typed, marked approximate.
    expect(
      queryOne<{ location: string; location_approximate: number }>(
        "select location, location_approximate from jimmys where id = ?",
        discovery.jimmyId,
      ),
    ).toEqual({ location: "Paris, France", location_approximate: 1 });
  });

  test("a hunter deletes their own discovery: gone from the page, its photo from storage, and the Jimmy's figures recounted", async ({
    page,
  }, testInfo) => {
    const hunter = await signInAsNewHunter(page);
    const discovery = await discoveryOf(hunter);
    const files = photoFiles(discovery.key, discovery.variants);
    expect(files.every((file) => fs.existsSync(file))).toBe(true);
    await page.goto(`/jimmy/${discovery.serial}`);
    await waitForHydration(page, testInfo);
    await timelineEntry(page, discovery.id).getByRole("link", { name: "Delete" }).click();
    await expect(page.getByRole("heading", { name: "Delete your discovery?" })).toBeVisible();
    await expect(page.getByText("Hall of Fame are worked out again without it")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete discovery" }).click();

    await expect(page.getByText("Discovery deleted")).toBeVisible();
    await expect(page.getByText("No discoveries yet!")).toBeVisible();
    await expect(page.getByText(discovery.caption)).toHaveCount(0);
    expect(query("select id from discoveries where id = ?", discovery.id)).toEqual([]);
    expect(files.filter((file) => fs.existsSync(file))).toEqual([]);
    expect(queryOne("select discovery_count, status, location from jimmys where id = ?", discovery.jimmyId)).toEqual({
      discovery_count: 0,
      status: "hidden",
      location: null,
    });
    expect(
      query<{ action: string }>(
        "select action from admin_audit_log where target_type = 'discovery' and target_id = ?",
        String(discovery.id),
      ),
    ).toEqual([{ action: "hunter_delete_discovery" }]);

    // A link shared before the deletion says it is gone for good, and leads on to the Jimmy.
    const gone = await page.request.get(`/discoveries/${discovery.id}`);
    expect(gone.status()).toBe(410);
    await page.goto(`/discoveries/${discovery.id}`);
    await expect(page.getByRole("heading", { name: "This discovery is gone" })).toBeVisible();
    await expect(page.getByText("This discovery was removed by its finder or the hunt's moderators.")).toBeVisible();
    await page.getByRole("link", { name: `See Jimmy #${discovery.serial}'s journey` }).click();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${discovery.serial}$`));
  });

  test("a hunter edits their own comment, which then shows as edited, and deletes it", async ({ page }, testInfo) => {
    const hunter = await signInAsNewHunter(page);
    const discovery = await makeStoredDiscovery();
    const original = `Fond memories ${uniqueName("")}`;
    const commentId = commentBy(discovery.jimmyId, hunter, original);
    await page.goto(`/jimmy/${discovery.serial}`);
    await waitForHydration(page, testInfo);
    const comment = page.locator(`#comment-${commentId}`);
    await expect(comment).not.toContainText("(edited)");
    await comment.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByText("Comments can be edited for 15 minutes after posting")).toBeVisible();
    await expectAccessible(page);
    const edited = `${original}, fixed a typo`;
    await page.getByLabel("Comment").fill(edited);
    await page.getByRole("button", { name: "Save comment" }).click();
    await expect(page.getByText("Comment updated")).toBeVisible();
    await expect(comment.getByTestId("comment-content")).toHaveText(edited);
    await expect(comment).toContainText("(edited)");
    expect(
      queryOne<{ content: string; edited_at: string | null }>("select content, edited_at from comments where id = ?", commentId),
    ).toMatchObject({
      content: edited,
      edited_at: expect.any(String),
    });

    await comment.getByRole("link", { name: "Delete" }).click();
    await expect(page.getByRole("heading", { name: "Delete your comment?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete comment" }).click();
    await expect(page.getByText("Comment deleted")).toBeVisible();
    await expect(page.locator(`#comment-${commentId}`)).toHaveCount(0);
    expect(query("select id from comments where id = ?", commentId)).toEqual([]);
    expect(queryOne<{ comment_count: number }>("select comment_count from jimmys where id = ?", discovery.jimmyId).comment_count).toBe(0);
  });

  test("someone else's discovery or comment, an anonymous comment and an old comment's edit are refused with 403, and nothing changes", async ({
    page,
  }) => {
    const hunter = await signInAsNewHunter(page);
    const theirs = await makeStoredDiscovery();
    const theirComment = commentBy(theirs.jimmyId, plantHunter(uniqueName("Other")), "Not yours to change");
    const anonymous = commentBy(theirs.jimmyId, null, "Posted without signing in");
    const old = commentBy(theirs.jimmyId, hunter, "Posted an hour ago", new Date(Date.now() - 60 * 60 * 1000));

    await page.goto(`/jimmy/${theirs.serial}`);
    await expect(timelineEntry(page, theirs.id).getByRole("link", { name: "Flag" })).toBeVisible();
    await expect(timelineEntry(page, theirs.id).getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(page.locator(`#comment-${theirComment}`).getByRole("link", { name: "Delete" })).toHaveCount(0);
    // Their own old comment can be deleted but no longer edited.
    await expect(page.locator(`#comment-${old}`).getByRole("link", { name: "Delete" })).toBeVisible();
    await expect(page.locator(`#comment-${old}`).getByRole("link", { name: "Edit" })).toHaveCount(0);

    const visit = await page.goto(`/discoveries/${theirs.id}/edit`);
    expect(visit?.status()).toBe(403);
    await expect(page.getByText("This discovery was reported by another hunter, so only they can change or delete it.")).toBeVisible();

    const refusals: [string, Record<string, string>, RegExp][] = [
      [`/discoveries/${theirs.id}/edit`, { caption: "Hijacked", location: "Nowhere" }, /reported by another hunter/],
      [`/discoveries/${theirs.id}/delete`, {}, /reported by another hunter/],
      [`/comments/${theirComment}/edit`, { content: "Hijacked" }, /written by someone else/],
      [`/comments/${theirComment}/delete`, {}, /written by someone else/],
      [`/comments/${anonymous}/edit`, { content: "Hijacked" }, /posted without signing in/],
      [`/comments/${anonymous}/delete`, {}, /posted without signing in/],
      [`/comments/${old}/edit`, { content: "Too late" }, /can be edited for 15 minutes/],
    ];
    for (const [path, form, message] of refusals) {
      const response = await page.request.post(path, { form: { ...form, idempotencyKey: crypto.randomUUID() }, maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
      expect(await response.text(), path).toMatch(message);
    }
    expect(queryOne("select caption, location from discoveries where id = ?", theirs.id)).toEqual({
      caption: theirs.caption,
      location: "Zilker Park, Austin",
    });
    expect(
      query<{ content: string }>("select content from comments where id in (?, ?, ?) order by id", theirComment, anonymous, old).map(
        (c) => c.content,
      ),
    ).toEqual(["Not yours to change", "Posted without signing in", "Posted an hour ago"]);
    expect(fs.existsSync(photoFiles(theirs.key, theirs.variants)[0]!)).toBe(true);

    // A form posted from another site is refused before anything is looked at.
    const crossSite = await page.request.post(`/comments/${old}/delete`, {
      headers: { Origin: "https://evil.example" },
      form: {},
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(query("select id from comments where id = ?", old)).toHaveLength(1);
  });
});

test.describe("a hunter's Edit and Delete wherever they see their own discovery", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ context }) => {
    await useOwnAddress(context);
  });

  /** The Edit or Delete link of the hunter's discovery of Jimmy #serial, as a screen reader names it. */
  const action = (page: Page, name: "Edit" | "Delete", serial: number) =>
    page.getByRole("link", { name: `${name} your discovery of Jimmy #${serial}`, exact: true });

  test("from the discovery's own page, edited and deleted, landing back on that page and then on its Jimmy's", async ({
    page,
  }, testInfo) => {
    const hunter = await signInAsNewHunter(page);
    const discovery = await discoveryOf(hunter);
    await page.goto(`/discoveries/${discovery.id}`);
    await waitForHydration(page, testInfo);
    await expect(action(page, "Delete", discovery.serial)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("discovery-page-own.png") });
    await action(page, "Edit", discovery.serial).click();
    await expect(page.getByRole("heading", { name: "Edit your discovery" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Your discovery of Jimmy #${discovery.serial}` })).toBeVisible();
    const caption = `Under the bridge ${uniqueName("")}`;
    await page.getByLabel("Caption").fill(caption);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Discovery updated")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/discoveries/${discovery.id}$`));
    await expect(page.getByRole("heading", { name: `Jimmy #${discovery.serial}` })).toBeVisible();
    await expect(page.getByText(caption)).toBeVisible();

    await action(page, "Delete", discovery.serial).click();
    await expect(page.getByRole("heading", { name: "Delete your discovery?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete discovery" }).click();
    // Its own page is gone: the hunter lands on the Jimmy's.
    await expect(page.getByText("Discovery deleted")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/jimmy/${discovery.serial}$`));
    expect(query("select id from discoveries where id = ?", discovery.id)).toEqual([]);
  });

  test("from their profile, edited and deleted, landing back on the profile each time", async ({ page }, testInfo) => {
    const hunter = await signInAsNewHunter(page);
    const older = await discoveryOf(hunter);
    const newer = await discoveryOf(hunter);
    await page.goto(`/hunters/${hunter}`);
    await waitForHydration(page, testInfo);
    await expect(action(page, "Edit", older.serial)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("profile-own.png"), fullPage: true });
    await action(page, "Edit", older.serial).click();
    await expect(page.getByRole("link", { name: "Your profile" })).toBeVisible();
    const caption = `Back in the park ${uniqueName("")}`;
    await page.getByLabel("Caption").fill(caption);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Discovery updated")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/hunters/${hunter}#discovery-${older.id}$`));
    await expect(page.locator(`#discovery-${older.id}`)).toContainText(caption);

    await action(page, "Delete", newer.serial).click();
    await page.getByRole("button", { name: "Delete discovery" }).click();
    await expect(page.getByText("Discovery deleted")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/hunters/${hunter}$`));
    await expect(page.locator(`#discovery-${newer.id}`)).toHaveCount(0);
    await expect(page.locator(`#discovery-${older.id}`)).toContainText(caption);
  });

  test("from the feeds, edited and deleted, landing back at the card; other hunters' cards offer neither", async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const hunter = await signInAsNewHunter(page);
    const someoneElses = await makeStoredDiscovery();
    const mine = await discoveryOf(hunter);
    await page.goto("/discoveries");
    await waitForHydration(page, testInfo);
    const card = page.locator("li").filter({ has: page.locator(`#discovery-${mine.id}`) });
    await expect(card.getByRole("link", { name: `Edit your discovery of Jimmy #${mine.serial}`, exact: true })).toBeVisible();
    await expect(
      page
        .locator("li")
        .filter({ has: page.locator(`#discovery-${someoneElses.id}`) })
        .getByRole("link", { name: /^(Edit|Delete)\b/ }),
    ).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("feed-own.png") });
    await action(page, "Edit", mine.serial).click();
    const caption = `Seen from the feed ${uniqueName("")}`;
    await page.getByLabel("Caption").fill(caption);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Discovery updated")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/discoveries#discovery-${mine.id}$`));
    await expect(page.locator(`#discovery-${mine.id}`)).toContainText(caption);

    // The home page's feed, first discoveries shown.
    await page.goto("/?all=1");
    await action(page, "Delete", mine.serial).click();
    await page.getByRole("button", { name: "Delete discovery" }).click();
    await expect(page.getByText("Discovery deleted")).toBeVisible();
    await expect(page).toHaveURL(/\/\?all=1$/);
    await expect(page.locator(`#discovery-${mine.id}`)).toHaveCount(0);
    expect(query("select id from discoveries where id = ?", mine.id)).toEqual([]);

    // A visitor's copy of the feeds (the one a cache shares) names no hunter's Edit or Delete.
    const visitor = await playwright.request.newContext({ baseURL });
    try {
      for (const path of ["/discoveries", "/?all=1"])
        expect(await (await visitor.get(path)).text(), path).not.toMatch(/\/discoveries\/\d+\/(edit|delete)/);
    } finally {
      await visitor.dispose();
    }
  });

  test("nobody else sees them, and a way back to another site is ignored", async ({ page, playwright, baseURL }) => {
    const hunter = await signInAsNewHunter(page);
    const mine = await discoveryOf(hunter);
    const theirs = await makeStoredDiscovery();
    const theirHunter = queryOne<{ user_id: number }>("select user_id from discoveries where id = ?", theirs.id).user_id;
    await page.goto(`/discoveries/${theirs.id}`);
    await expect(page.getByText(theirs.caption)).toBeVisible();
    await expect(page.getByRole("link", { name: /^(Edit|Delete)\b/ })).toHaveCount(0);
    await page.goto(`/hunters/${theirHunter}`);
    await expect(page.locator(`#discovery-${theirs.id}`)).toBeVisible();
    await expect(page.getByRole("link", { name: /^(Edit|Delete)\b/ })).toHaveCount(0);

    const visitor = await playwright.request.newContext({ baseURL });
    try {
      for (const path of [`/discoveries/${mine.id}`, `/hunters/${hunter}`]) {
        const html = await (await visitor.get(path)).text();
        expect(html, path).toContain(mine.caption);
        expect(html, path).not.toContain(`/discoveries/${mine.id}/edit`);
      }
    } finally {
      await visitor.dispose();
    }

    const timeline = `/jimmy/${mine.serial}#discovery-${mine.id}`;
    await page.goto(`/discoveries/${mine.id}/edit?redirectTo=${encodeURIComponent("https://evil.example/")}`);
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", timeline);
    for (const away of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const response = await page.request.post(`/discoveries/${mine.id}/edit`, {
        form: { caption: "Still mine", location: "Zilker Park, Austin", idempotencyKey: crypto.randomUUID(), redirectTo: away },
        maxRedirects: 0,
      });
      expect(response.status(), away).toBe(302);
      expect(response.headers()["location"], away).toBe(timeline);
    }
  });
});
