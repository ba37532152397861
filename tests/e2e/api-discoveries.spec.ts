import { expect, test } from "@playwright/test";

test.describe("GET /api/discoveries", () => {
  test("pages with limit and offset, or with the cursor of its Link header", async ({ request }) => {
    const first = await request.get("/api/discoveries?limit=10&offset=0&includeFirst=false");
    expect(first.status()).toBe(200);
    const page1 = (await first.json()) as { id: number; isFirst: boolean; latitude: string | null; createdAt: string; photoUrl: string }[];
    expect(page1).toHaveLength(10);
    expect(page1.every((d) => !d.isFirst)).toBe(true);
    expect(page1[0]!.photoUrl).toMatch(/^\/media\/discoveries\/.+\.webp$/);
    expect(new Date(page1[0]!.createdAt).toISOString()).toBe(page1[0]!.createdAt);
    const withCoordinates = page1.find((d) => d.latitude !== null);
    expect(typeof withCoordinates?.latitude).toBe("string");

    const next = first.headers()["link"]!.match(/<([^>]+)>; rel="next"/)![1]!;
    const page2 = (await (await request.get(next)).json()) as { id: number }[];
    const byOffset = (await (await request.get("/api/discoveries?limit=10&offset=10&includeFirst=false")).json()) as { id: number }[];
    expect(page2.map((d) => d.id)).toEqual(byOffset.map((d) => d.id));
    expect(new Set([...page1, ...page2].map((d) => d.id)).size).toBe(20);
  });

  for (const [query, message] of [
    ["limit=0", "limit must be at least 1"],
    ["limit=500", "limit must be at most 50"],
    ["limit=ten", "limit must be a number"],
    ["offset=-1", "offset must not be negative"],
    ["includeFirst=maybe", "includeFirst must be true or false"],
    ["after=garbage", "after must be a cursor from a previous page"],
  ] as const) {
    test(`rejects ${query} with 400 and a message`, async ({ request }) => {
      const response = await request.get(`/api/discoveries?${query}`);
      expect(response.status()).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    });
  }
});
