import { expect, test, type Browser, type Cookie, type Page } from "@playwright/test";
import { jsEnabled } from "./helpers";

// The test server points Google, Apple and Meta at a real OpenID provider on
// http://localhost:<port+50> (tests/support/oidc-provider.ts); the app itself
// runs on http://127.0.0.1:<port>, another site.

let counter = 0;
function login(prefix: string): string {
  counter += 1;
  return `${prefix}.${test.info().project.name.replace("-", "")}${Date.now().toString(36)}${counter}`;
}

/** Signs in on the provider's own page (any login name, any password). */
async function signInAtProvider(page: Page, name: string) {
  await page.getByPlaceholder("Enter any login").fill(name);
  await page.getByPlaceholder("and password").fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

/** Apple answers with an auto-submitting form; without JavaScript the hunter presses Continue. */
async function continueFormPost(page: Page) {
  if (!jsEnabled(test.info())) await page.getByRole("button", { name: "Continue" }).click();
}

async function expectSignedInAs(page: Page, firstName: string, lastName: string) {
  await expect(page.getByText(`Signed in as ${firstName} ${lastName}`)).toBeAttached();
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ firstName, lastName });
}

async function expectSignedOut(page: Page) {
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
}

/** Sends `callback` again from a fresh browser with the given state cookies: refused, and no session starts. */
async function expectReplayRefused(browser: Browser, baseURL: string, callback: URL, stateCookies: Cookie[]) {
  const other = await browser.newContext({ baseURL });
  try {
    const replay = await other.request.get(callback.toString(), {
      headers: { cookie: stateCookies.map((c) => `${c.name}=${c.value}`).join("; ") },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(303);
    expect(replay.headers().location).toBe("/login?error=sign_in_failed");
    const sessions = replay.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("jh_session="));
    expect(sessions).toEqual([]);
    expect((await other.request.get("/api/auth/user")).status()).toBe(401);
  } finally {
    await other.close();
  }
}

test.describe("signing in with a provider", () => {
  test("a hunter signs in with Google from a Jimmy's page and comes back to it", async ({ page }) => {
    await page.goto("/jimmy/1");
    await page.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fjimmy%2F1$/);
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/interaction\//);
    await signInAtProvider(page, login("grace.hopper"));
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/jimmy\/1$/);
    await expectSignedInAs(page, "Grace", "Hopper");
    await expect(page.getByText("Welcome, Grace!")).toBeVisible();
    const avatar = page.getByTestId("header-avatar").locator("img");
    await expect(avatar).toHaveAttribute("src", /^https:\/\/lh3\.googleusercontent\.com\//);
    // The short-lived sign-in cookies are gone once the sign-in is done.
    const names = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(names.filter((name) => name.startsWith("jh_oauth"))).toEqual([]);
  });

  test("a hunter signs in with Apple, whose answer is a cross-site form post, and keeps the name Apple sent only once", async ({
    page,
    context,
  }) => {
    const name = login("katherine.johnson");
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Apple" }).click();
    const stateCookie = (await context.cookies()).find((c) => c.name.startsWith("jh_oauth_apple:"));
    expect(stateCookie).toMatchObject({ sameSite: "None", secure: true, httpOnly: true, path: "/api/auth/callback/apple" });

    const callbackPosts: { cookie: string; origin: string | null }[] = [];
    page.on("request", async (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/auth/callback/apple")) {
        const headers = await request.allHeaders();
        callbackPosts.push({ cookie: headers.cookie ?? "", origin: headers.origin ?? null });
      }
    });
    await signInAtProvider(page, name);
    await continueFormPost(page);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expectSignedInAs(page, "Katherine", "Johnson");
    // The callback really was a cross-site POST, and the state cookie travelled with it.
    expect(callbackPosts).toHaveLength(1);
    expect(callbackPosts[0]!.origin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(callbackPosts[0]!.cookie).toContain(stateCookie!.name);

    // The second time Apple sends no name; the hunter keeps theirs.
    await logOut(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Apple" }).click();
    // The provider remembers the hunter, so it answers straight away.
    await continueFormPost(page);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expectSignedInAs(page, "Katherine", "Johnson");
  });

  test("a hunter signs in with Meta and gets their name and picture from the Graph API", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fhall-of-fame");
    await page.getByRole("link", { name: "Continue with Meta" }).click();
    await signInAtProvider(page, login("mary.jackson"));
    await expect(page).toHaveURL(/\/hall-of-fame$/);
    await expectSignedInAs(page, "Mary", "Jackson");
    await expect(page.getByTestId("header-avatar").locator("img")).toHaveAttribute("src", /^https:\/\/platform-lookaside\.fbsbx\.com\//);
  });

  test("each provider's account is its own hunter, even with the same name", async ({ page }) => {
    const name = login("dorothy.vaughan");
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await signInAtProvider(page, name);
    const google = await (await page.request.get("/api/auth/user")).json();
    await logOut(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Meta" }).click();
    // Still signed in at the provider: it answers straight away.
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const meta = await (await page.request.get("/api/auth/user")).json();
    expect(meta.firstName).toBe(google.firstName);
    expect(meta.id).not.toBe(google.id);
  });
});

test.describe("a sign-in that cannot be trusted signs nobody in", () => {
  /**
   * Starts a Google sign-in for a hunter the provider already knows and
   * follows the redirects by hand up to (not into) the app's callback, so the
   * test can alter what the browser brings back. The state cookie lands in
   * the browser as it would.
   */
  async function googleCallbackUrl(page: Page, name: string): Promise<URL> {
    await page.goto("/login");
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await signInAtProvider(page, name);
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    await logOut(page);

    let next = new URL("/api/login?provider=google", page.url());
    for (let hop = 0; hop < 6; hop += 1) {
      const response = await page.request.get(next.toString(), { maxRedirects: 0 });
      const location = response.headers().location;
      if (!location) throw new Error(`${next} answered ${response.status()} without a redirect`);
      next = new URL(location, next);
      if (next.pathname === "/api/auth/callback/google") return next;
    }
    throw new Error("The provider never sent the browser back to the app");
  }

  test("a tampered state", async ({ page }) => {
    const callback = await googleCallbackUrl(page, login("eve.tamper"));
    callback.searchParams.set("state", `${callback.searchParams.get("state")}tampered`);
    await page.goto(callback.toString());
    await expect(page).toHaveURL(/\/login\?error=sign_in_failed$/);
    await expect(page.getByRole("alert")).toHaveText("We couldn't complete the sign-in. Please try again.");
    await expectSignedOut(page);
  });

  test("a missing state cookie", async ({ page, context }) => {
    const callback = await googleCallbackUrl(page, login("eve.nocookie"));
    await context.clearCookies({ name: /^jh_oauth_google/ });
    await page.goto(callback.toString());
    await expect(page).toHaveURL(/\/login\?error=sign_in_expired$/);
    await expect(page.getByRole("alert")).toHaveText("The sign-in took too long or was started in another browser. Please try again.");
    await expectSignedOut(page);
  });

  test("a reused authorization code", async ({ page, context, browser, baseURL }) => {
    const callback = await googleCallbackUrl(page, login("eve.replay"));
    const stateCookies = (await context.cookies()).filter((c) => c.name.startsWith("jh_oauth_google"));
    expect(stateCookies).toHaveLength(1);
    await page.goto(callback.toString());
    await expectSignedInAs(page, "Eve", "Replay");

    // Someone replays the very same callback, state cookie included.
    await expectReplayRefused(browser, baseURL!, callback, stateCookies);
  });

  test("a replayed callback, even where the provider would accept its code again", async ({ page, context, browser, baseURL }) => {
    const callback = await googleCallbackUrl(page, login("reusable-code.mallory"));
    const stateCookies = (await context.cookies()).filter((c) => c.name.startsWith("jh_oauth_google"));
    expect(stateCookies).toHaveLength(1);
    await page.goto(callback.toString());
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);

    // The exact callback address again, with the state cookie the browser had.
    await expectReplayRefused(browser, baseURL!, callback, stateCookies);

    // The same browser replaying it is refused too, and stays who it was.
    const again = await page.request.get(callback.toString(), { maxRedirects: 0 });
    expect(again.headers().location).toBe("/login?error=sign_in_failed");
  });

  for (const [what, prefix] of [
    ["an ID token for another client (wrong audience)", "wrong-audience"],
    ["an ID token minted for another sign-in (wrong nonce)", "wrong-nonce"],
  ] as const) {
    test(what, async ({ page }) => {
      await page.goto("/login");
      await page.getByRole("link", { name: "Continue with Google" }).click();
      await signInAtProvider(page, login(prefix));
      await expect(page).toHaveURL(/\/login\?error=sign_in_failed$/);
      await expect(page.getByRole("alert")).toBeVisible();
      await expectSignedOut(page);
    });
  }
});
