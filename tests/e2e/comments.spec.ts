import { expect, test, type Page } from "@playwright/test";
import { query, queryOne } from "./db";
import { expectAccessible, jsEnabled, signIn, uniqueName, waitForHydration } from "./helpers";
import { RATE_LIMITS } from "../../app/services/rate-limit.server";
import {
  formToken,
  openCommentBox,
  postFormComment,
  quietJimmy,
  renderedJustNow,
  startAdminSession,
  useOwnAddress,
  waitFillTime,
} from "./social";

type StoredComment = { author_name: string | null; is_admin: number; user_id: number | null; content: string };

function stored(content: string): StoredComment[] {
  return query<StoredComment>("select author_name, is_admin, user_id, content from comments where content = ?", content);
}

function commentWith(page: Page, content: string) {
  return page.getByTestId("comment").filter({ has: page.getByTestId("comment-content").getByText(content, { exact: true }) });
}

async function postComment(page: Page, content: string, authorName?: string) {
  await page.getByLabel("Your comment").fill(content);
  if (authorName !== undefined) await page.getByLabel(/^Your name/).fill(authorName);
  await waitFillTime(page);
  await page.getByRole("button", { name: "Post Comment" }).click();
}

async function expectPosted(page: Page) {
  const toast = page.getByTestId("toast-region");
  await expect(toast.getByText("Comment posted!")).toBeVisible();
  await expect(toast.getByText("Your comment has been added to Jimmy's page.")).toBeVisible();
  // The box closes and resets after posting.
  await expect(page.getByRole("form", { name: "Add a comment" })).toHaveCount(0);
  await expect(page.getByRole(jsEnabled(test.info()) ? "button" : "link", { name: "Add Comment" })).toBeVisible();
}

async function expectRefused(page: Page, message: string) {
  await expect(page.getByTestId("comment-form-error")).toHaveText(message);
  if (jsEnabled(test.info())) {
    const toast = page.getByTestId("toast-region");
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(toast.getByText(message)).toBeVisible();
  }
}

test.describe("commenting on a Jimmy", () => {
  test.beforeEach(async ({ context }) => {
    await useOwnAddress(context);
  });

  test("a visitor opens and cancels the box, then comments without a name and with one", async ({ page }) => {
    const serial = quietJimmy();
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    await expect(page.getByText("Leave it blank to post as Anonymous Hunter. Admins are auto-assigned.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole(jsEnabled(test.info()) ? "button" : "link", { name: "Cancel" }).click();
    await expect(page.getByRole("form", { name: "Add a comment" })).toHaveCount(0);

    await openCommentBox(page);
    const anonymous = `<img src=x onerror=alert(1)> Saw him near https://example.com ${uniqueName("")}`;
    await postComment(page, `   ${anonymous}   `);
    await expectPosted(page);
    const first = commentWith(page, anonymous);
    await expect(first.getByTestId("comment-author")).toHaveText("Anonymous Hunter");
    // Rendered as text: no markup runs and no link is made.
    await expect(first.locator("img")).toHaveCount(0);
    await expect(first.getByTestId("comment-content").getByRole("link")).toHaveCount(0);
    expect(stored(anonymous)).toEqual([{ author_name: null, is_admin: 0, user_id: null, content: anonymous }]);

    await openCommentBox(page);
    const named = `Go Jimmy go ${uniqueName("")}`;
    await postComment(page, named, "  Wanda  ");
    await expectPosted(page);
    await expect(commentWith(page, named).getByTestId("comment-author")).toHaveText("Wanda");
    expect(stored(named)).toEqual([{ author_name: "Wanda", is_admin: 0, user_id: null, content: named }]);
  });

  test("a signed-in hunter comments under their account name, marked as a signed-in hunter, whatever name the form sends", async ({
    page,
  }) => {
    const serial = quietJimmy();
    const first = uniqueName("Hana");
    await signIn(page, first, "Commenter", `/jimmy/${serial}`);
    await openCommentBox(page);
    const name = page.getByLabel(/^Your name/);
    await expect(name).toHaveValue(`${first} Commenter`);
    await expect(name).not.toBeEditable();
    await expect(page.getByText("You're signed in, so this comment is posted under your account name.")).toBeVisible();
    const content = `Signed and sealed ${uniqueName("")}`;
    await postComment(page, content);
    await expectPosted(page);
    const shown = commentWith(page, content);
    await expect(shown.getByTestId("comment-author")).toHaveText(`${first} Commenter`);
    await expect(shown.getByTestId("hunter-mark")).toMatchAriaSnapshot("- text: Signed-in Hunter");
    await expect(shown.getByTestId("hunter-mark")).toBeVisible();
    const hunter = queryOne<{ id: number }>("select id from users where first_name = ?", first);
    expect(stored(content)).toEqual([{ author_name: `${first} Commenter`, is_admin: 0, user_id: hunter.id, content }]);

    // A hand-made post naming someone else is still posted under the account name.
    const forged = `Not me ${uniqueName("")}`;
    expect((await postFormComment(page.request, serial, { content: forged, authorName: "Admin" })).status()).toBe(302);
    expect(stored(forged)).toEqual([{ author_name: `${first} Commenter`, is_admin: 0, user_id: hunter.id, content: forged }]);
  });

  test("a visitor who signs in to post under their name comes back to the open box with what they typed, and posts it", async ({
    page,
  }, testInfo) => {
    const serial = quietJimmy();
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    const content = `Typed before signing in ${uniqueName("")}`;
    await page.getByLabel("Your comment").fill(content);
    await page.getByRole("button", { name: "Sign in to post under your name" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    expect(stored(content)).toEqual([]);
    const first = uniqueName("Named");
    await page.getByLabel("First name").fill(first);
    await page.getByLabel("Last name").fill("Commenter");
    await page.getByRole("button", { name: "Sign in locally" }).click();

    await expect(page).toHaveURL(new RegExp(`/jimmy/${serial}\\?comment=new&pending=[0-9a-f-]+#add-comment$`));
    await waitForHydration(page, testInfo);
    const box = page.getByRole("form", { name: "Add a comment" });
    await expect(box).toBeVisible();
    await expect(box.getByLabel("Your comment")).toHaveValue(content);
    await expect(box.getByLabel(/^Your name/)).toHaveValue(`${first} Commenter`);
    await expect(box.getByRole("button", { name: "Sign in to post under your name" })).toHaveCount(0);
    await waitFillTime(page);
    await box.getByRole("button", { name: "Post Comment" }).click();
    await expectPosted(page);
    await expect(commentWith(page, content).getByTestId("comment-author")).toHaveText(`${first} Commenter`);
    const hunter = queryOne<{ id: number }>("select id from users where first_name = ?", first);
    expect(stored(content)).toEqual([{ author_name: `${first} Commenter`, is_admin: 0, user_id: hunter.id, content }]);

    // The kept text was for that one return: opening the box again starts empty.
    await page.goto(`/jimmy/${serial}?comment=new#add-comment`);
    await expect(page.getByLabel("Your comment")).toHaveValue("");
  });

  test("a visitor cannot comment as the hunt's team or a registered hunter: the name field says why, the comment is kept", async ({
    page,
  }) => {
    const serial = quietJimmy();
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    const content = `Official news ${uniqueName("")}`;
    await postComment(page, content, "\u0410dmin");
    // On the field itself (with JavaScript a toast may say the same for a moment).
    const nameError = page
      .getByRole("form", { name: "Add a comment" })
      .getByText("That name belongs to the hunt's team. Choose another name, or leave it blank to post as Anonymous Hunter.");
    await expect(nameError).toBeVisible();
    await expect(page.getByLabel("Your comment")).toHaveValue(content);
    await expect(page.getByLabel(/^Your name/)).toHaveValue("\u0410dmin");
    await expect(page.getByLabel(/^Your name/)).toHaveAttribute("aria-invalid", "true");
    expect(stored(content)).toEqual([]);

    const hunter = queryOne<{ first_name: string; last_name: string }>(
      "select first_name, last_name from users where provider = 'demo' order by id limit 1",
    );
    const impostor = await postFormComment(page.request, serial, {
      content,
      authorName: `${hunter.first_name.toUpperCase()}\u200B ${hunter.last_name}`,
    });
    expect(impostor.status()).toBe(400);
    expect(await impostor.text()).toContain("A registered hunter goes by that name. Sign in to post as yourself, or choose another name.");
    expect(stored(content)).toEqual([]);

    await page.getByLabel(/^Your name/).fill("Wanda");
    await waitFillTime(page);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expectPosted(page);
    await expect(commentWith(page, content).getByTestId("comment-author")).toHaveText("Wanda");
    await expect(commentWith(page, content).getByTestId("hunter-mark")).toHaveCount(0);
  });

  test("a comment made in an admin session is posted as the hunt, with the crown and the hunt's avatar", async ({
    page,
    context,
    baseURL,
  }) => {
    await startAdminSession(context, baseURL!);
    const serial = quietJimmy();
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    await expect(page.getByText("You're in an admin session, so this comment is posted as Jimmy Hunt.")).toBeVisible();
    const content = `Official word ${uniqueName("")}`;
    await postComment(page, content, "Impostor");
    await expectPosted(page);
    const comment = commentWith(page, content);
    await expect(comment.getByTestId("comment-author")).toHaveText("Jimmy Hunt");
    await expect(comment.getByText("Admin", { exact: true })).toBeVisible();
    await expect(comment.locator('img[src="/jimmy-avatar.svg"]')).toBeVisible();
    expect(stored(content)).toEqual([{ author_name: null, is_admin: 1, user_id: null, content }]);
  });

  test("a blank comment cannot be posted, and the server refuses one regardless", async ({ page }) => {
    const serial = quietJimmy();
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    await page.getByLabel("Your comment").fill("   \n  ");
    if (jsEnabled(test.info())) {
      await expect(page.getByRole("button", { name: "Post Comment" })).toBeDisabled();
    } else {
      await waitFillTime(page);
      await page.getByRole("button", { name: "Post Comment" }).click();
      await expect(page.getByText("Write a comment first.")).toBeVisible();
    }
    const token = await formToken(page);
    await waitFillTime(page);
    const response = await page.request.post(`/jimmy/${serial}`, {
      form: { content: "  ", authorName: "", website: "", formToken: token },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Write a comment first.");
    expect(queryOne<{ n: number }>("select count(*) n from comments where trim(content) = ''").n).toBe(0);
  });

  test("a comment over the length cap is refused with a clear message, keeping what was typed", async ({ page }) => {
    const serial = quietJimmy();
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    const long = `${uniqueName("Long")} ${"a".repeat(1000)}`;
    await page.getByLabel("Your comment").fill(long);
    if (jsEnabled(test.info())) {
      await expect(page.getByText("Keep your comment under 1,000 characters.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Post Comment" })).toBeDisabled();
    } else {
      await waitFillTime(page);
      await page.getByRole("button", { name: "Post Comment" }).click();
      await expect(page.getByText("Keep your comment under 1,000 characters.")).toBeVisible();
      await expect(page.getByLabel("Your comment")).toHaveValue(long);
    }
    expect(stored(long)).toEqual([]);
  });
});

test.describe("comment spam protection", () => {
  test.beforeEach(async ({ context }) => {
    await useOwnAddress(context);
  });

  test("a filled honeypot and a form without one are both refused", async ({ page }) => {
    const serial = quietJimmy();
    await page.goto(`/jimmy/${serial}?comment=new`);
    const token = await formToken(page);
    await waitFillTime(page);
    const filled = `Buy now ${uniqueName("")}`;
    const withHoneypot = await page.request.post(`/jimmy/${serial}`, {
      form: { content: filled, website: "https://spam.example", formToken: token },
    });
    expect(withHoneypot.status()).toBe(400);
    expect(await withHoneypot.text()).toContain("We couldn't post that comment. Please reload the page and try again.");
    const missing = `Cheap pills ${uniqueName("")}`;
    const withoutHoneypot = await page.request.post(`/jimmy/${serial}`, { form: { content: missing, formToken: token } });
    expect(withoutHoneypot.status()).toBe(400);
    expect(stored(filled)).toEqual([]);
    expect(stored(missing)).toEqual([]);
  });

  test("a form posted faster than a person could write it is refused, and goes through after a moment", async ({ page }) => {
    const serial = quietJimmy();
    await page.goto(`/jimmy/${serial}?comment=new`);
    await waitForHydration(page, test.info());
    const content = `Speedy ${uniqueName("")}`;
    // A machine under load can take seconds to show a page or to read a post, so "instantly" is
    // made exact: the post carries a render time that is still to come when the server reads it.
    await page.route(`**/jimmy/${serial}*`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const body = new URLSearchParams(route.request().postData() ?? "");
      body.set("formToken", renderedJustNow());
      await route.continue({ postData: body.toString() });
    });
    await page.getByLabel("Your comment").fill(content);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expectRefused(page, "That was quick! Please take a moment to check your comment, then post it again.");
    await expect(page.getByLabel("Your comment")).toHaveValue(content);
    expect(stored(content)).toEqual([]);

    await page.unrouteAll();
    await waitFillTime(page);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expectPosted(page);
    expect(stored(content)).toHaveLength(1);
  });

  test("the same comment twice within five minutes is posted once", async ({ page }) => {
    const serial = quietJimmy();
    await page.goto(`/jimmy/${serial}`);
    const content = `Echo ${uniqueName("")}`;
    await openCommentBox(page);
    await postComment(page, content, "Echo");
    await expectPosted(page);
    await openCommentBox(page);
    await postComment(page, content, "Echo");
    await expectRefused(page, "You just posted this comment. It's already on Jimmy's page.");
    expect(stored(content)).toHaveLength(1);
  });

  test("one address can post only so many anonymous comments in ten minutes; the refusal says when to try again and keeps the comment; another address is unaffected", async ({
    page,
    context,
    request,
  }) => {
    const serial = quietJimmy();
    const address = await useOwnAddress(context);
    await page.goto(`/jimmy/${serial}?comment=new`);
    const token = await formToken(page);
    await waitFillTime(page);
    const tag = uniqueName("Flood");
    // A script posting from the same address as the browser (its own cookies, so no flash messages reach the page).
    for (let i = 0; i < RATE_LIMITS.commentPerAddress.max; i++) {
      const response = await request.post(`/jimmy/${serial}`, {
        form: { content: `${tag} ${i}`, website: "", formToken: token },
        headers: { "X-Forwarded-For": address },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
    }
    await page.getByLabel("Your comment").fill(`${tag} last`);
    await page.getByRole("button", { name: "Post Comment" }).click();
    await expectRefused(page, "You've posted a lot of comments in a short time. Please wait 10 minutes and try again.");
    await expect(page.getByLabel("Your comment")).toHaveValue(`${tag} last`);
    expect(stored(`${tag} last`)).toEqual([]);

    await useOwnAddress(context);
    await page.goto(`/jimmy/${serial}`);
    await openCommentBox(page);
    await postComment(page, `${tag} from elsewhere`);
    await expectPosted(page);
  });
});
