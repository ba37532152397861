import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { issueFormToken } from "../../app/services/comment-guard.server";
import { E2E_SESSION_SECRET } from "../support/e2e-data";
import { addComment, makeStoredDiscovery, photoFiles } from "./admin-helpers";
import { query, queryOne, writeDb } from "./db";
import { expectAccessible, uniqueName, waitForHydration } from "./helpers";
import { plantHunter, startAdminSession, useOwnAddress, waitFillTime } from "./social";

type AuditRow = { action: string; detail: string | null };

function auditOf(kind: string, id: number): AuditRow[] {
  return query<AuditRow>(
    "select action, detail from admin_audit_log where target_type = ? and target_id = ? order by id",
    kind,
    String(id),
  );
}

/** A flag posted as the form would post it, from an address of its own, by a visitor whose form was rendered a few seconds ago. */
async function postFlag(page: Page, path: string, reason: string, note = "") {
  const response = await page.request.post(path, {
    headers: { "X-Forwarded-For": `2001:db8::f1a6:${crypto.randomUUID().slice(0, 4)}` },
    form: {
      reason,
      note,
      website: "",
      formToken: issueFormToken(new Date(Date.now() - 5000), [E2E_SESSION_SECRET]),
      idempotencyKey: crypto.randomUUID(),
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

test.describe("flags for everyone, decided by the admin", () => {
  test("visitors flag a comment and a discovery; the admin sees each once with every flag counted, dismisses one and accepts the other", async ({
    page,
    baseURL,
  }, testInfo) => {
    // Three flags, the admin panel (checked with axe) and two decisions: on a busy machine this takes over a minute.
    test.slow();
    const discovery = await makeStoredDiscovery();
    const gnome = `That is a garden gnome ${uniqueName("")}`;
    const spam = `Cheap watches here ${uniqueName("")}`;
    const db = writeDb();
    let commentId: number;
    try {
      commentId = Number(
        db
          .prepare("insert into comments (jimmy_id, author_name, is_admin, content, created_at) values (?, 'Seller', 0, ?, ?)")
          .run(discovery.jimmyId, spam, new Date().toISOString()).lastInsertRowid,
      );
      db.prepare("update jimmys set comment_count = comment_count + 1 where id = ?").run(discovery.jimmyId);
    } finally {
      db.close();
    }
    await useOwnAddress(page.context());
    await page.goto(`/jimmy/${discovery.serial}`);
    await waitForHydration(page, testInfo);
    await page.locator(`#comment-${commentId}`).getByRole("link", { name: "Flag" }).click();
    await expect(page.getByRole("heading", { name: "Flag this comment" })).toBeVisible();
    await page.getByLabel("Spam").check();
    await page.getByLabel(/Note for the admin/).fill("Advertising on every Jimmy");
    await waitFillTime(page);
    await page.getByRole("button", { name: "Send flag" }).click();
    await expect(page.getByText("Thanks for flagging")).toBeVisible();
    await postFlag(page, `/flag/comment/${commentId}`, "inappropriate");
    await postFlag(page, `/flag/discovery/${discovery.id}`, "not_a_jimmy", gnome);
    expect(query<{ reason: string }>("select reason from flags where comment_id = ? order by id", commentId).map((f) => f.reason)).toEqual([
      "spam",
      "inappropriate",
    ]);

    await startAdminSession(page.context(), baseURL!);
    await page.goto("/admin#flags");
    await waitForHydration(page, testInfo);
    const commentGroup = page.getByTestId("flag-group").filter({ hasText: spam });
    await expect(commentGroup).toHaveCount(1);
    await expect(commentGroup).toContainText("2 flags");
    await expect(commentGroup).toContainText("Spam · Inappropriate");
    await expect(commentGroup).toContainText("Advertising on every Jimmy");
    const discoveryGroup = page.getByTestId("flag-group").filter({ hasText: gnome });
    await expect(discoveryGroup).toContainText("Not a Jimmy");
    await expectAccessible(page);

    await commentGroup.getByRole("button", { name: /^Dismiss flags/ }).click();
    await expect(page.getByText("Flags dismissed")).toBeVisible();
    await expect(page.getByTestId("flag-group").filter({ hasText: spam })).toHaveCount(0);
    expect(queryOne("select content from comments where id = ?", commentId)).toEqual({ content: spam });
    expect(auditOf("comment", commentId)).toEqual([{ action: "dismiss_flags", detail: "2 flags: Spam, Inappropriate" }]);

    await discoveryGroup.getByRole("button", { name: /^Accept flags/ }).click();
    await expect(page.getByText("Flag accepted")).toBeVisible();
    await expect(page.getByTestId("flag-group").filter({ hasText: gnome })).toHaveCount(0);
    expect(query("select id from discoveries where id = ?", discovery.id)).toEqual([]);
    expect(photoFiles(discovery.key, discovery.variants).filter((file) => fs.existsSync(file))).toEqual([]);
    expect(
      queryOne<{ discovery_count: number }>("select discovery_count from jimmys where id = ?", discovery.jimmyId).discovery_count,
    ).toBe(0);
    expect(auditOf("discovery", discovery.id)).toEqual([
      { action: "delete_discovery", detail: `Jimmy #${discovery.serial}` },
      { action: "accept_flags", detail: "1 flag: Not a Jimmy" },
    ]);
    await expect(page.getByTestId("audit-entry").first()).toContainText(`Accepted flags on discovery #${discovery.id}`);
  });

  test("a flag without a reason is refused in place with the note kept, and a flag on something deleted is a 404", async ({
    page,
    context,
  }, testInfo) => {
    await useOwnAddress(context);
    const discovery = await makeStoredDiscovery();
    await page.goto(`/flag/discovery/${discovery.id}`);
    await waitForHydration(page, testInfo);
    await expectAccessible(page);
    await page.getByLabel(/Note for the admin/).fill("I could not choose");
    await waitFillTime(page);
    await page.getByRole("button", { name: "Send flag" }).click();
    await expect(page.getByText("Choose why you are flagging this.")).toBeVisible();
    await expect(page.getByLabel(/Note for the admin/)).toHaveValue("I could not choose");
    expect(query("select id from flags where discovery_id = ?", discovery.id)).toEqual([]);

    const missing = await page.goto("/flag/comment/999999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("There is nothing to flag there")).toBeVisible();
  });
});

test.describe("the admin's flag queue under a flood", () => {
  test("the admin pages through every flagged entry, and a hunter's private-information flag stays first among 120 visitors' spam flags", async ({
    page,
    baseURL,
  }, testInfo) => {
    // 121 entries across several pages, walked one page at a time: over a minute on a busy machine.
    test.slow();
    const discovery = await makeStoredDiscovery();
    const tag = uniqueName("Flood");
    const fillers = Array.from({ length: 120 }, (_, i) => addComment(discovery.jimmyId, `${tag} comment ${i}`));
    const hunterId = plantHunter(uniqueName("Careful"));
    const db = writeDb();
    try {
      // A month old (visitors' spam flags gain all the age they can), each from an address of its own.
      const since = Date.now() - 30 * 24 * 60 * 60_000;
      const flag = db.prepare(
        "insert into flags (discovery_id, comment_id, reason, note, user_id, client_address, created_at) values (?, ?, ?, ?, ?, ?, ?)",
      );
      db.transaction(() => {
        fillers.forEach((id, i) =>
          flag.run(null, id, "spam", null, null, `2001:db8::f1:${i.toString(16)}`, new Date(since + i).toISOString()),
        );
        flag.run(discovery.id, null, "private_information", `${tag}: my house number`, hunterId, "198.51.100.20", new Date().toISOString());
      })();
    } finally {
      db.close();
    }
    const groups = page.getByTestId("flag-group");
    try {
      await startAdminSession(page.context(), baseURL!);
      await page.goto("/admin#flags");
      await waitForHydration(page, testInfo);
      const genuine = groups.filter({ hasText: `${tag}: my house number` });
      await expect(genuine).toHaveCount(1);
      await expect(genuine).toContainText("Private information · last");
      await expect(genuine).toContainText("by 1 hunter");
      await expect(page.getByText(/^Flags page 1 of \d+$/)).toBeVisible();

      // Every one of the 120 is on some page, reached by plain links. Other tests add and decide flags
      // meanwhile, which can move an entry across a page's edge: the walk starts again when it does.
      // The page (past the first) holding most of them, for a decision below.
      let busiest = { page: 2, mine: 0 };
      await expect(async () => {
        const seen = new Set<string>();
        busiest = { page: 2, mine: 0 };
        await page.goto("/admin#flags");
        for (let n = 1; ; n++) {
          await expect(page.getByText(new RegExp(`^Flags page ${n} of \\d+$`))).toBeVisible();
          const mine = await groups.filter({ hasText: tag }).allInnerTexts();
          for (const text of mine) {
            const filler = new RegExp(`${tag} comment (\\d+)`).exec(text)?.[1];
            if (filler) seen.add(filler);
          }
          if (n > 1 && mine.length > busiest.mine) busiest = { page: n, mine: mine.length };
          const next = page.getByRole("link", { name: "Less pressing flags →" });
          if ((await next.count()) === 0) break;
          await next.click();
          await expect(page).toHaveURL(new RegExp(`/admin\\?flags=${n + 1}#flags$`));
        }
        expect(seen.size).toBe(120);
      }).toPass({ timeout: 90_000 });

      // A decision on a later page comes back to that page.
      await page.goto(`/admin?flags=${busiest.page}#flags`);
      await waitForHydration(page, testInfo);
      await expect(page.getByText(new RegExp(`^Flags page ${busiest.page} of \\d+$`))).toBeVisible();
      await expectAccessible(page);
      await groups
        .filter({ hasText: tag })
        .first()
        .getByRole("button", { name: /^Dismiss flags/ })
        .click();
      await expect(page.getByText("Flags dismissed")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/admin\\?flags=${busiest.page}#flags$`));
      await expect(page.getByText(new RegExp(`^Flags page ${busiest.page} of \\d+$`))).toBeVisible();
    } finally {
      // Leave the queue as other tests expect it.
      const cleanup = writeDb();
      try {
        cleanup.prepare(`delete from flags where comment_id in (${fillers.join(",")}) or discovery_id = ?`).run(discovery.id);
      } finally {
        cleanup.close();
      }
    }
  });
});
