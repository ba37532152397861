import { expect, test } from "@playwright/test";
import { expectAccessible, jsEnabled, signInThroughForm, uniqueName, waitForHydration } from "./helpers";

test.describe("the sign-in page", () => {
  test("a visitor sees why to join and the three ways to sign in", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Join the Hunt" })).toBeVisible();
    await expect(page.getByText("Upload photos of the Jimmys you find")).toBeVisible();
    await expect(page.getByText("Share locations and track each Jimmy's journey")).toBeVisible();
    await expect(page.getByText("Like and comment on other hunters' discoveries")).toBeVisible();
    for (const label of ["Continue with Apple", "Continue with Meta", "Continue with Google"]) {
      await expect(page.getByText(label)).toBeVisible();
    }
    await expect(page.getByText("You can browse discoveries without signing in. Sign in only to contribute!")).toBeVisible();
    await page.getByRole("link", { name: "Back to Hunt" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/login");
    await expectAccessible(page);
  });

  test("/api/login without a provider shows the sign-in page; an unknown provider is a 400 page", async ({ page }) => {
    await page.goto("/api/login");
    await expect(page).toHaveURL(/\/login$/);
    const response = await page.goto("/api/login?provider=myspace");
    expect(response?.status()).toBe(400);
    await expect(page.getByText('There is no sign-in provider called "myspace". Choose Apple, Meta or Google.')).toBeVisible();
  });

  test("the demo banner is on every page while local sign-in is on", async ({ page }) => {
    for (const path of ["/", "/login", "/map"]) {
      await page.goto(path);
      await expect(page.getByRole("note").filter({ hasText: "Demo mode: local sign-in is on" })).toBeVisible();
    }
  });
});

test.describe("signing in and out", () => {
  test("a hunter signs in, sees the signed-in header, and signs out again", async ({ page, context }) => {
    const name = uniqueName("Ada");
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    await signInThroughForm(page, name, "Lovelace");
    await expect(page.getByRole("link", { name: /^Notifications/ })).toBeVisible();
    await expect(page.getByTestId("header-avatar")).toContainText(`${name[0]}L`);
    await expect(page.getByText(`Signed in as ${name} Lovelace`)).toBeAttached();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);

    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ firstName: name, lastName: "Lovelace", profileImageUrl: null });
    const signedInCookie = (await context.cookies()).find((c) => c.name === "jh_session");
    expect(signedInCookie?.httpOnly).toBe(true);
    expect(signedInCookie?.sameSite).toBe("Lax");

    await waitForHydration(page, test.info());
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);

    // The old cookie, replayed after sign-out, is no longer a session.
    await context.addCookies([signedInCookie!]);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  });

  test("signing in issues a new session id, whatever session cookie was planted before", async ({ page, context, baseURL }) => {
    await signInThroughForm(page, uniqueName("Old"));
    const earlier = (await context.cookies()).find((c) => c.name === "jh_session")!;
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    // An attacker plants a session cookie value in the victim's browser, then the victim signs in.
    await context.addCookies([{ name: "jh_session", value: earlier.value, url: baseURL! }]);
    await signInThroughForm(page, uniqueName("Victim"));
    const current = (await context.cookies()).find((c) => c.name === "jh_session")!;
    expect(current.value).not.toBe(earlier.value);
    const other = await context.browser()!.newContext({ baseURL });
    try {
      await other.addCookies([{ name: "jh_session", value: earlier.value, url: baseURL! }]);
      expect((await other.request.get("/api/auth/user")).status()).toBe(401);
    } finally {
      await other.close();
    }
  });

  test("after signing in the hunter comes back to the page they were on; other origins are ignored", async ({ page }) => {
    await signInThroughForm(page, uniqueName("Back"), "Tester", "/hall-of-fame");
    await expect(page).toHaveURL(/\/hall-of-fame$/);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    await signInThroughForm(page, uniqueName("Evil"), "Tester", "//evil.example/steal");
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test("a GET of /api/logout signs nobody out; it asks first", async ({ page }) => {
    await signInThroughForm(page, uniqueName("Stay"));
    await page.goto("/api/logout");
    await expect(page.getByRole("heading", { name: /^Sign out, / })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("a cross-site sign-out post is refused and the hunter stays signed in", async ({ page }) => {
    await signInThroughForm(page, uniqueName("Csrf"));
    // As a script on another site would send it (the enhanced form's data request)...
    const fetched = await page.request.post("/api/logout.data", {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form: {},
    });
    expect(fetched.status()).toBe(403);
    // ...and as a plain cross-site form post.
    const posted = await page.request.post("/api/logout", { headers: { Origin: "https://evil.example" }, form: {} });
    expect(posted.status()).toBe(403);
    expect(await posted.text()).toBe("This request came from another site, so it was refused. Please use the form on this site.");
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
  });
});

test.describe("the sign-in gate on the home page", () => {
  test("a signed-out visitor who tries to report is told to sign in and taken to /login", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page, test.info());
    await page.getByRole("link", { name: "Scan QR Code" }).click();
    if (jsEnabled(test.info())) {
      await expect(page.getByText("Sign in required")).toBeVisible();
      await expect(page.getByText("Please sign in to report Jimmy discoveries")).toBeVisible();
    }
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fscan$/);
    await expect(page.getByRole("heading", { name: "Join the Hunt" })).toBeVisible();
  });
});
