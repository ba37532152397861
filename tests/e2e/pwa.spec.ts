import { expect, test } from "@playwright/test";
import sharp from "sharp";

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

test.describe("the installable app", () => {
  test("every page links a valid web app manifest named after the hunt, with fetchable icons of the sizes it names", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    const title = await page.title();
    expect(title.startsWith(manifest.name)).toBe(true);
    expect(manifest).toMatchObject({ name: "Jimmy Hunt", start_url: "/", display: "standalone", theme_color: "#ea580c" });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`);
    expect(purposes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/png");
      const { width, height, format } = await sharp(await file.body()).metadata();
      expect(format).toBe("png");
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  test("the service worker is served fresh on every check, so a deploy reaches every device", async ({ request }) => {
    const response = await request.get("/sw.js");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/javascript/);
    expect(response.headers()["cache-control"]).toBe("no-cache");
    // It precaches the build's hashed code and the offline page.
    const script = await response.text();
    expect(script).toMatch(/"\/?assets\/[^"]+\.js"/);
    expect(script).toContain("offline.html");

    const offline = await request.get("/offline.html");
    expect(offline.status()).toBe(200);
    expect(await offline.text()).toContain("You're offline");
  });
});
