import crypto from "node:crypto";
import { expect, test, type Page, type Response } from "@playwright/test";
import { startAppServer } from "../support/app-server";
import { MIN_FILL_MS } from "../../app/services/comment-guard.server";
import { jsEnabled, waitForHydration } from "./helpers";

/**
 * The anonymous page cache (scripts/page-cache.ts) on a production server of
 * its own with a 5-second time to live: the shared test server runs without
 * it, because other tests write to its database behind the app's back.
 */
const TTL_MS = 5000;
let app: Awaited<ReturnType<typeof startAppServer>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  app = await startAppServer({ PAGE_CACHE_TTL_MS: String(TTL_MS) });
});

test.afterAll(async () => {
  await app?.stop();
});

function cspNonce(response: Response): string {
  const match = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "");
  if (!match) throw new Error("The page has no CSP nonce");
  return match[1]!;
}

async function scriptNonces(response: Response): Promise<string[]> {
  return [...(await response.text()).matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]!);
}

function mintJimmy(): number {
  const serial = 500_000 + crypto.randomInt(0, 400_000);
  app.withDb((db) =>
    db.prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?)").run(serial, `Jimmy #${serial}`, new Date().toISOString()),
  );
  return serial;
}

/** Views the home page until it is freshly rendered, so its copy has the whole time to live ahead of it. */
async function viewFreshHome(page: Page): Promise<void> {
  await expect
    .poll(async () => (await page.goto(`${app.baseURL}/`))!.headers()["x-page-cache"], { timeout: TTL_MS + 5000, intervals: [250] })
    .toBe("miss");
}

async function jimmysCreated(page: Page): Promise<number> {
  return Number((await page.getByTestId("stat-totalJimmys").textContent())?.replace(/\D/g, ""));
}

test("a signed-out visitor gets the public pages from the cache, each answer with a nonce of its own that lets the page's scripts run", async ({ page }, testInfo) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  for (const path of ["/", "/discoveries", "/hall-of-fame", "/map", "/privacy-policy"]) {
    const first = (await page.goto(`${app.baseURL}${path}`))!;
    const second = (await page.goto(`${app.baseURL}${path}`))!;
    expect(second.headers()["x-page-cache"], path).toBe("hit");
    expect(second.headers()["x-page-cache-nonce"]).toBeUndefined();
    const [firstNonce, secondNonce] = [cspNonce(first), cspNonce(second)];
    expect(secondNonce).not.toBe(firstNonce);
    const nonces = await scriptNonces(second);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([secondNonce]));
    await waitForHydration(page, testInfo);
  }
  if (jsEnabled(testInfo)) expect(blocked).toEqual([]);
});

test("a signed-in hunter always gets a page rendered for them, and no copy carries their name", async ({ page, browser }) => {
  const firstName = `Cached${crypto.randomInt(0, 1e6)}`;
  const signIn = await page.request.post(`${app.baseURL}/login`, { form: { firstName, lastName: "Hunter", redirectTo: "/" }, maxRedirects: 0 });
  expect(signIn.status()).toBe(302);
  for (let i = 0; i < 2; i++) {
    const response = (await page.goto(`${app.baseURL}/`))!;
    expect(response.headers()["x-page-cache"]).toBe("bypass");
    await expect(page.getByTestId("header-avatar")).toBeVisible();
  }
  const visitor = await browser.newContext();
  try {
    const anonymous = await visitor.newPage();
    for (let i = 0; i < 2; i++) {
      const response = (await anonymous.goto(`${app.baseURL}/`))!;
      expect(response.headers()["x-page-cache"]).not.toBe("bypass");
      expect(await response.text()).not.toContain(firstName);
      await expect(anonymous.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
      await expect(anonymous.getByTestId("header-avatar")).toHaveCount(0);
    }
  } finally {
    await visitor.close();
  }
});

test("a change made elsewhere shows within the time to live; a post through the app shows on the next page at once", async ({ page, browser }) => {
  await viewFreshHome(page);
  const before = await jimmysCreated(page);

  // Another process (or an operator) mints a Jimmy: the copy stays until it is TTL_MS old.
  mintJimmy();
  const stale = (await page.goto(`${app.baseURL}/`))!;
  expect(stale.headers()["x-page-cache"]).toBe("hit");
  expect(await jimmysCreated(page)).toBe(before);
  await expect
    .poll(
      async () => {
        await page.goto(`${app.baseURL}/`);
        return jimmysCreated(page);
      },
      { timeout: TTL_MS + 5000, intervals: [250] },
    )
    .toBe(before + 1);

  // This time a hunter signs in through this process before the next view: any post empties the cache.
  await viewFreshHome(page);
  expect((await page.goto(`${app.baseURL}/`))!.headers()["x-page-cache"]).toBe("hit");
  mintJimmy();
  const hunter = await browser.newContext();
  try {
    const posted = await hunter.request.post(`${app.baseURL}/login`, { form: { firstName: "Poster", lastName: "Hunter", redirectTo: "/" }, maxRedirects: 0 });
    expect(posted.status()).toBe(302);
  } finally {
    await hunter.close();
  }
  const fresh = (await page.goto(`${app.baseURL}/`))!;
  expect(fresh.headers()["x-page-cache"]).toBe("miss");
  expect(await jimmysCreated(page)).toBe(before + 2);
});

test("a Jimmy page from the cache has a comment-form token issued as it is sent: a comment posted at once is refused, one after a moment goes through", async ({ page }, testInfo) => {
  const serial = mintJimmy();
  const address = `${app.baseURL}/jimmy/${serial}?comment=new`;
  const tokenOf = () => page.locator('input[name="formToken"]').getAttribute("value");
  expect((await page.goto(address))!.headers()["x-page-cache"]).toBe("miss");
  const rendered = await tokenOf();
  const sentAfter = Date.now();
  const copy = (await page.goto(address))!;
  expect(copy.headers()["x-page-cache"]).toBe("hit");
  expect(copy.headers()["x-page-cache-form-token"]).toBeUndefined();
  const token = (await tokenOf())!;
  expect(token).not.toBe(rendered);
  // Issued for this answer, not when the copy was rendered (clocks to the millisecond on one machine).
  expect(Number(token.split(".")[0])).toBeGreaterThanOrEqual(sentAfter);
  await waitForHydration(page, testInfo);

  const hasty = `Hasty ${crypto.randomInt(0, 1e9)}`;
  const refused = await page.request.post(`${app.baseURL}/jimmy/${serial}`, { form: { content: hasty, authorName: "Quick", website: "", formToken: token } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("That was quick!");

  const content = `From a cached page ${crypto.randomInt(0, 1e9)}`;
  await page.getByLabel("Your comment").fill(content);
  await page.getByLabel(/^Your name/).fill("Cached Visitor");
  await page.waitForTimeout(MIN_FILL_MS + 250);
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByTestId("toast-region").getByText("Comment posted!")).toBeVisible();
  await expect(page.getByTestId("comment-content").getByText(content, { exact: true })).toBeVisible();
  const stored = app.withDb((db) => db.prepare("select content, author_name from comments where content in (?, ?)").all(content, hasty));
  expect(stored).toEqual([{ content, author_name: "Cached Visitor" }]);
});
