import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-helpers";
import { queryOne } from "./db";
import { expectAccessible, jsEnabled, signIn, uniqueName } from "./helpers";

const PAGES = ["/", "/privacy-policy", "/found", "/found?error=invalid_qr", "/no-such-page"];

test.describe("the page shell", () => {
  for (const path of PAGES) {
    test(`a visitor sees the header and footer on ${path}`, async ({ page }) => {
      await page.goto(path);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Jimmy Hunt home" })).toHaveAttribute("href", "/");
      await expect(header.getByText("Jimmy Hunt", { exact: true })).toBeVisible();
      // Signing in brings the visitor back to the page they were on.
      const signIn = path === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(path)}`;
      await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", signIn);

      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
      await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");
      await expect(footer.getByRole("link", { name: /Community forum/ })).toHaveAttribute("target", "_blank");
      await expectAccessible(page);
    });
  }

  test("the share menu opens and lists the social pages and the privacy policy", async ({ page }) => {
    await page.goto("/privacy-policy");
    const header = page.getByRole("banner");
    const menuLinks = header.getByRole("link", { name: /Instagram|Community forum|Privacy Policy/ });
    await expect(menuLinks.first()).toBeHidden();
    await header.getByLabel("Share and links").click();
    await expect(header.getByRole("link", { name: /Instagram/ })).toBeVisible();
    await expect(header.getByRole("link", { name: /Community forum/ })).toBeVisible();
    await header.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });

  test("on a phone, the bottom navigation and its menu of links are there", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Map" })).toHaveAttribute("href", "/map");
    await expect(nav.getByRole("link", { name: "Hall of Fame" })).toHaveAttribute("href", "/hall-of-fame");
    await expect(nav.getByRole("link", { name: "Scan" })).toHaveAttribute("href", "/scan");

    // The small menu is the bar's last item, not a button floating over the page.
    await nav.getByLabel("More links").click();
    const floating = nav.locator("details", { has: page.getByLabel("More links") });
    await expect(floating.getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");
    await expect(floating.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    if (jsEnabled(testInfo)) {
      await page.keyboard.press("Escape");
      await expect(floating.getByRole("link", { name: "Privacy Policy" })).toBeHidden();
    }
  });

  test("on a phone, nothing floats over a page's links and buttons: each one can be tapped where it is shown", async ({ page }) => {
    test.setTimeout(180_000);
    const pages = ["/", "/privacy-policy", `/jimmy/${longestJourney()}`, "/hall-of-fame", "/discoveries", "/map", "/admin"];
    await signInAsAdmin(page);
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 412, height: 823 },
    ]) {
      await page.setViewportSize(viewport);
      for (const path of pages) {
        await page.goto(path);
        const covered = await coveredControls(page);
        expect(covered, `${path} at ${viewport.width}×${viewport.height}`).toEqual([]);
      }
    }
  });

  test("on a phone, the home page shows the first discovery on the first screen, under a tagline that is read whole", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/");
    const firstCard = page.getByTestId("discovery-card").first();
    const card = (await firstCard.boundingBox())!;
    const bar = (await page.getByRole("navigation", { name: "Mobile" }).boundingBox())!;
    // The card's finder and a good part of its photo, above the bottom bar, without scrolling.
    expect(card.y + 180).toBeLessThanOrEqual(bar.y);
    await expectWholeTagline(page);

    // Signed in, the header holds more buttons: the tagline wraps instead of being cut.
    await signIn(page, uniqueName("Tagline"));
    for (const width of [412, 360]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/");
      await expectWholeTagline(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width}`).toBeLessThanOrEqual(width);
    }
  });

  test("on a desktop, the mobile navigation is hidden", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });
});

test.describe("icons", () => {
  // Each icon is a reference into one sprite file (app/components/ui/icons.tsx): one that names no drawing shows nothing.
  for (const path of ["/", "/hall-of-fame", "/map", "/privacy-policy", "/no-such-page"]) {
    test(`every icon on ${path} names a drawing in the icons' sprite, which the page asks for early`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      const hrefs = await page.locator("svg.icon use").evaluateAll((uses) => uses.map((use) => use.getAttribute("href") ?? ""));
      expect(hrefs.length).toBeGreaterThan(3);
      const files = [...new Set(hrefs.map((href) => href.split("#")[0]!))];
      expect(files).toEqual([expect.stringMatching(/^\/assets\/icons-[\w-]+\.svg$/)]);
      const sprite = await page.request.get(files[0]!);
      expect(sprite.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(sprite.headers()["cache-control"]).toContain("immutable");
      const drawings = new Set([...(await sprite.text()).matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));
      expect(hrefs.filter((href) => !drawings.has(href.split("#")[1]))).toEqual([]);
      // Asked for beside the stylesheet, not when the first icon is drawn.
      await expect(page.locator(`head link[rel="preload"][href="${files[0]}"]`)).toHaveCount(1);
    });
  }
});

test.describe("unknown pages", () => {
  for (const path of ["/no-such-page", "/jimmys", "/a/b/c?x=1"]) {
    test(`${path} answers 404 with '404 Page Not Found'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    });
  }
});

test.describe("a feed's error page", () => {
  for (const [path, words] of [
    ["/", "That page of the feed doesn't exist. Start again from the newest discoveries."],
    ["/discoveries", "That page of the list doesn't exist. Start again from the newest discoveries."],
  ] as const) {
    test(`${path} with a broken page address answers 400 with its words and a fresh start`, async ({ page }) => {
      const response = await page.goto(`${path}?after=not-a-cursor`);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole("alert").filter({ hasText: words })).toBeVisible();
      await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", path);
    });
  }
});

test("the health check answers 200 when the database is reachable", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("ok");
});

test("every page is served with security headers", async ({ request }) => {
  const response = await request.get("/privacy-policy");
  const headers = response.headers();
  // A shared page allows exactly its inline scripts by hash (ADR 022); a page rendered for one request, by its nonce.
  expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  const own = (await request.get("/login")).headers()["content-security-policy"];
  expect(own).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["content-security-policy"]).toContain("object-src 'none'");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

/** The Jimmy with the longest timeline: its rail and entries run the length of the page. */
function longestJourney(): number {
  return queryOne<{ serial_number: number }>("select serial_number from jimmys order by discovery_count desc, serial_number limit 1")
    .serial_number;
}

async function expectWholeTagline(page: Page) {
  const tagline = page.getByTestId("header-tagline");
  await expect(tagline).toHaveText("Austin's little legend, hidden all over the world");
  const fits = await tagline.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
  expect(fits, "the tagline is shown whole, not cut").toBe(true);
}

/**
 * Scrolls through the page a window at a time (and to its very end) and
 * lists every link, button and field between the header and the bottom bar
 * that something else would receive a tap on, at its centre. (Scrolled from
 * here, not in the page: the page may run no JavaScript.)
 */
async function coveredControls(page: Page): Promise<string[]> {
  const covered = new Set<string>();
  const { step, height } = await page.evaluate(() => {
    const header = document.querySelector("header")!.getBoundingClientRect();
    const nav = document.querySelector('nav[aria-label="Mobile"]')!.getBoundingClientRect();
    return { step: Math.max(200, nav.top - header.bottom - 100), height: document.documentElement.scrollHeight };
  });
  // Bounded: a feed with JavaScript grows as it is scrolled.
  const positions = [...Array.from({ length: Math.min(12, Math.ceil(height / step)) }, (_, i) => i * step), Number.MAX_SAFE_INTEGER];
  for (const y of positions) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    // With JavaScript, a frame drawn at the new position, after the page's own scroll handlers; without it, layout alone places everything.
    if (jsEnabled(test.info()))
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const found of await page.evaluate(controlsCoveredNow)) covered.add(found);
    // Something pinned over the content may miss every control's centre at these few positions, yet pass over each one as the page scrolls.
    if (y === 0 || y === Number.MAX_SAFE_INTEGER) for (const found of await page.evaluate(pinnedOverContent)) covered.add(found);
  }
  return [...covered];
}

/** In the page: anything fixed or sticky over the content, between the header and the bottom bar (the two things that may be). */
function pinnedOverContent(): string[] {
  const header = document.querySelector("header")!;
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Mobile"]')!;
  const top = header.getBoundingClientRect().bottom;
  const bottom = nav.getBoundingClientRect().top;
  const pinned: string[] = [];
  for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
    const style = getComputedStyle(el);
    if (style.position !== "fixed" && style.position !== "sticky") continue;
    if (header.contains(el) || nav.contains(el) || style.visibility !== "visible") continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    if (box.bottom <= top || box.top >= bottom || box.right <= 0 || box.left >= window.innerWidth) continue;
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
    pinned.push(`${style.position} ${el.tagName.toLowerCase()} "${name}" over the page`);
  }
  return pinned;
}

/** In the page: the controls in view that a tap at their centre would miss. */
function controlsCoveredNow(): string[] {
  const header = document.querySelector("header")!.getBoundingClientRect();
  const nav = document.querySelector('nav[aria-label="Mobile"]')!.getBoundingClientRect();
  const covered: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>("main a, main button, main summary, main input, main textarea, footer a")) {
    // The first line of a link that wraps: its centre is on the text.
    const box = el.getClientRects()[0];
    if (!box || box.width === 0 || box.height === 0 || getComputedStyle(el).visibility !== "visible") continue;
    if (box.top < header.bottom || box.bottom > nav.top || box.left < 0 || box.right > window.innerWidth) continue;
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    // Scrolled out of a box of its own (a list that scrolls) is not covered: it is simply out of that box's view.
    let clipped = false;
    for (let parent = el.parentElement; parent && !clipped; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const r = parent.getBoundingClientRect();
      clipped = x < r.left || x > r.right || y < r.top || y > r.bottom;
    }
    if (clipped) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit) || hit.contains(el))) continue;
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
    covered.push(
      `${el.tagName.toLowerCase()} "${name}" under ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 60)}` : "nothing"}`,
    );
  }
  return covered;
}
