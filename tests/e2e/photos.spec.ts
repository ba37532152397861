import { expect, test } from "@playwright/test";

test.describe("stored photos", () => {
  test("are served with their type, long immutable caching and nosniff", async ({ request }) => {
    const response = await request.get("/media/avatars/demo/hunter-01.webp");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-type"]).toBe("image/webp");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    const body = await response.body();
    expect(body.subarray(8, 12).toString()).toBe("WEBP");
  });

  test("a missing or malformed key is a 404, never a file outside the photo store", async ({ request }) => {
    for (const path of [
      "/media/discoveries/nope/320.webp",
      "/media/..%2f..%2fjimmy-hunt.sqlite",
      "/media/.session-secret",
      "/media/jimmy-hunt.sqlite",
      "/media/uploads/x.jpg",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
    }
  });
});
