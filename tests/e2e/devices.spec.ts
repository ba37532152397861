/**
 * Where a hunter is signed in (issue 25, item 2): their account page lists
 * each signed-in browser, and signs out one of them, or every one but this.
 * JavaScript on and off.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { jsEnabled, signIn, signInByRequest, uniqueName, waitForHydration } from "./helpers";

test.use({ viewport: { width: 412, height: 823 } });

const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Whether a request context is still signed in. */
async function signedIn(request: APIRequestContext): Promise<boolean> {
  return (await request.get("/api/auth/user")).status() === 200;
}

test("a hunter signs out a device they no longer use, then every other one", async ({ page, playwright, baseURL }, testInfo) => {
  const name = uniqueName("Roamer");
  const laptop = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "User-Agent": FIREFOX_ON_WINDOWS } });
  const phone = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "User-Agent": SAFARI_ON_IPHONE } });
  try {
    await signInByRequest(laptop, name);
    await signInByRequest(phone, name);
    await signIn(page, name);

    await page.goto("/account");
    await waitForHydration(page, testInfo);
    const devices = page.getByRole("list", { name: "Signed-in devices" }).getByTestId("device");
    await expect(devices).toHaveCount(3);
    // This browser is the one just used, first, and has no button to sign itself out.
    await expect(devices.first()).toContainText("This device");
    await expect(devices.first().getByRole("button")).toHaveCount(0);
    await expect(page.getByText("Firefox on Windows")).toBeVisible();
    await expect(page.getByText("Safari on iPhone")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("devices.png"), fullPage: true });

    await page.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
    await expect(page.getByText("Firefox on Windows is no longer signed in to your account.")).toBeVisible();
    await expect(devices).toHaveCount(2);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(true);

    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("1 other device is no longer signed in.")).toBeVisible();
    await expect(devices).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
    expect(await signedIn(phone)).toBe(false);
    // This browser is still signed in.
    await page.reload();
    await expect(page.getByTestId("header-avatar")).toBeVisible();
    if (jsEnabled(testInfo)) await waitForHydration(page, testInfo);
  } finally {
    await laptop.dispose();
    await phone.dispose();
  }
});

test("signing out a device that is already gone says it is gone, and another hunter's devices cannot be named", async ({
  page,
  playwright,
  baseURL,
}) => {
  const ann = uniqueName("Ann");
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "User-Agent": FIREFOX_ON_WINDOWS } });
  try {
    await signInByRequest(other, uniqueName("Ben"));
    await signIn(page, ann);
    // A made-up device (or another hunter's) is not among Ann's sessions: nothing of anyone else's is touched.
    const answer = await page.request.post("/account", {
      headers: { "Sec-Fetch-Site": "same-origin" },
      form: { intent: "sign-out-device", device: "AAAAAAAAAAAAAAAAAAAAAA" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(await signedIn(other)).toBe(true);
  } finally {
    await other.dispose();
  }
});
