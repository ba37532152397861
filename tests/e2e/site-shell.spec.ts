import { expect, test } from "@playwright/test";
import { expectAccessible, jsEnabled } from "./helpers";

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

  test("on a phone, the bottom navigation and the floating menu are there", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Mobile" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Map" })).toHaveAttribute("href", "/map");
    await expect(nav.getByRole("link", { name: "Hall of Fame" })).toHaveAttribute("href", "/hall-of-fame");
    await expect(nav.getByRole("link", { name: "Scan" })).toHaveAttribute("href", "/scan");

    await page.getByLabel("More links").click();
    const floating = page.locator("details", { has: page.getByLabel("More links") });
    await expect(floating.getByRole("link", { name: /Instagram/ })).toHaveAttribute("target", "_blank");
    await expect(floating.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    if (jsEnabled(testInfo)) {
      await page.keyboard.press("Escape");
      await expect(floating.getByRole("link", { name: "Privacy Policy" })).toBeHidden();
    }
  });

  test("on a desktop, the mobile navigation is hidden", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });
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

test("the health check answers 200 when the database is reachable", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe("ok");
});

test("every page is served with security headers", async ({ request }) => {
  const response = await request.get("/privacy-policy");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["content-security-policy"]).toContain("object-src 'none'");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});
