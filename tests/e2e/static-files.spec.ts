import { expect, test } from "@playwright/test";

test.describe("the build's files", () => {
  test("hashed scripts and styles are kept for a year, the icons copied from public/ for an hour, and a missing file is a 404", async ({
    request,
  }) => {
    const home = await (await request.get("/")).text();
    const assets = [...home.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets.slice(0, 3)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    }
    for (const icon of ["/favicon.svg", "/logo.svg", "/jimmy-avatar.svg"]) {
      const response = await request.get(icon);
      expect(response.status(), icon).toBe(200);
      expect(response.headers()["content-type"], icon).toContain("image/svg+xml");
      // Not hashed, so not kept for good: a new logo shows within the hour.
      expect(response.headers()["cache-control"], icon).toBe("public, max-age=3600");
    }
    for (const missing of ["/assets/no-such-chunk.js", "/no-such-icon.svg"]) {
      expect((await request.get(missing)).status(), missing).toBe(404);
    }
  });
});
