import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";

/**
 * How long a report may take from its submit to the Jimmy's page: the server
 * re-encodes the photo into six sizes, seconds on a busy two-CPU machine.
 */
export const REPORT_SAVED_MS = 20_000;

export function jsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.name === "js-on";
}

async function blockingViolations(page: Page): Promise<string[]> {
  // A spinning icon made axe's checks several times slower (it measures
  // elements that move); with reduced motion asked for, the page holds still
  // and the rules see the same content.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  await page.emulateMedia({ reducedMotion: null });
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * Runs axe on the page as the visitor sees it and fails on any serious or
 * critical violation. axe needs JavaScript, so for a page rendered with
 * JavaScript off it checks a copy of that exact DOM (scripts removed,
 * <noscript> content shown) in a scripted page.
 */
export async function expectAccessible(page: Page) {
  if (jsEnabled(test.info())) {
    expect(await blockingViolations(page)).toEqual([]);
    return;
  }
  // The copy costs a browser context and two pages on top of axe's own run: 10 s
  // on a quiet two-CPU machine, several times that on a busy one. The check is
  // the same; it gets the time it needs instead of failing the test on the clock.
  test.info().setTimeout(test.info().timeout + 60_000);
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<(\/?)noscript\b/gi, "<$1div");
  const browser = page.context().browser();
  if (!browser) throw new Error("No browser to run axe in");
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() ?? undefined });
  try {
    const copy = await context.newPage();
    const url = page.url();
    await copy.route(url, (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await copy.goto(url);
    expect(await blockingViolations(copy)).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Waits until React has hydrated the page (only meaningful with JavaScript on). */
export async function waitForHydration(page: Page, testInfo: TestInfo) {
  if (!jsEnabled(testInfo)) return;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Waits until /map's offline map has settled where it stays. With JavaScript, it first shows below the
 * embed's frame and moves into the frame once the embed is found unreachable (no internet here); a locator
 * that found the copy below before the move would hold an element that is gone.
 */
export async function waitForMapStandIn(page: Page, testInfo: TestInfo) {
  if (jsEnabled(testInfo)) await expect(page.getByTestId("map-frame").getByTestId("offline-map")).toBeVisible();
}

/**
 * Signs the page's browser context in as a hunter and opens `redirectTo`,
 * hydrated: the demo sign-in form's action is posted from the context (the
 * test server runs with DEMO_SIGN_IN on), since drawing the sign-in page
 * first would cost every test a page load that only sign-in.spec.ts is
 * about (it uses `signInThroughForm`). Each distinct name is its own hunter.
 */
export async function signIn(page: Page, firstName: string, lastName = "Tester", redirectTo = "/") {
  const response = await page.request.post("/login", { form: { firstName, lastName, redirectTo }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
  await page.goto(redirectTo);
  await waitForHydration(page, test.info());
  await expect(page.getByTestId("header-avatar")).toBeVisible();
}

/**
 * Signs the page's browser context in through the sign-in page's local demo
 * form, as a hunter does. Works with JavaScript on and off.
 */
export async function signInThroughForm(page: Page, firstName: string, lastName = "Tester", redirectTo = "/") {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await waitForHydration(page, test.info());
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByRole("button", { name: "Sign in locally" }).click();
  await expect(page.getByTestId("header-avatar")).toBeVisible();
}

/** A name no other test uses, so each test gets a hunter of its own. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Signs a request context (and the browser context it belongs to) in as a
 * hunter through the demo sign-in form's action, without rendering a page.
 * Answers the hunter's id.
 */
export async function signInByRequest(request: APIRequestContext, firstName: string, lastName = "Tester"): Promise<number> {
  const response = await request.post("/login", { form: { firstName, lastName, redirectTo: "/" }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
  const me = await request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  return ((await me.json()) as { id: number }).id;
}
