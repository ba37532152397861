import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { queryOne } from "./db";
import { signIn, uniqueName } from "./helpers";

// Contract tests for the JSON API of SPEC.md §7 (docs/api.md), against the
// running server, and checks that the API and the pages agree.

type ApiDiscovery = {
  id: number;
  photoUrl: string;
  caption: string;
  location: string | null;
  latitude: string | null;
  longitude: string | null;
  createdAt: string;
  likeCount: number;
  isLikedByUser: boolean;
  jimmyCommentCount: number;
  user: { firstName: string; lastName: string; profileImageUrl: string | null };
  jimmy: { serialNumber: number };
};

function expectDiscoveryShape(discovery: ApiDiscovery) {
  expect(typeof discovery.id).toBe("number");
  expect(discovery.photoUrl).toMatch(/^\/media\/discoveries\/.+\.webp$/);
  expect(typeof discovery.caption).toBe("string");
  expect(new Date(discovery.createdAt).toISOString()).toBe(discovery.createdAt);
  for (const value of [discovery.latitude, discovery.longitude]) {
    if (value !== null) expect(value).toMatch(/^-?\d+\.\d+$/);
  }
  expect(typeof discovery.likeCount).toBe("number");
  expect(typeof discovery.isLikedByUser).toBe("boolean");
  expect(typeof discovery.jimmyCommentCount).toBe("number");
  expect(Object.keys(discovery.user).sort()).toEqual(["firstName", "lastName", "profileImageUrl"]);
  expect(typeof discovery.jimmy.serialNumber).toBe("number");
}

async function signedInRequest(page: Page): Promise<APIRequestContext> {
  await signIn(page, uniqueName("Api"));
  return page.request;
}

test.describe("GET /api/stats", () => {
  test("answers the banner's four figures, matching the database", async ({ request }) => {
    const response = await request.get("/api/stats");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const stats = await response.json();
    expect(Object.keys(stats).sort()).toEqual(["activeHunters", "activeLocations", "totalDiscoveries", "totalJimmys"]);
    expect(stats.totalJimmys).toBe(queryOne<{ n: number }>("select count(*) as n from jimmys").n);
    expect(stats.totalDiscoveries).toBeGreaterThanOrEqual(queryOne<{ n: number }>("select count(*) as n from discoveries").n - 5);
    expect(stats.activeLocations).toBeGreaterThan(0);
  });

  test("agrees with the stats banner on the home page", async ({ request, page }) => {
    const stats = await (await request.get("/api/stats")).json();
    await page.goto("/");
    await expect(page.getByText(`${stats.activeLocations} locations`)).toBeVisible();
  });
});

test.describe("GET /api/jimmys/serial/{serialNumber}", () => {
  test("answers the Jimmy's page data in the SPEC.md §3 shape, and accepts _t", async ({ request, page }) => {
    const serial = queryOne<{ serial_number: number }>(
      "select serial_number from jimmys where discovery_count >= 3 order by serial_number limit 1",
    ).serial_number;
    const response = await request.get(`/api/jimmys/serial/${serial}?_t=${Date.now()}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      jimmy: { id: number; serialNumber: number };
      stats: { discoveries: number; locations: number; daysSinceCreated: number };
      discoveries: ApiDiscovery[];
    };
    expect(body.jimmy.serialNumber).toBe(serial);
    expect(typeof body.jimmy.id).toBe("number");
    expect(body.stats.discoveries).toBe(body.discoveries.length);
    expect(body.discoveries.length).toBeGreaterThanOrEqual(3);
    body.discoveries.forEach(expectDiscoveryShape);
    // Newest first, as on the page.
    const times = body.discoveries.map((d) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    await page.goto(`/jimmy/${serial}`);
    const stat = (label: string) =>
      page.getByRole("region", { name: "Stats" }).locator("div", { has: page.getByText(label, { exact: true }) }).locator("dd");
    await expect(stat("Discoveries")).toHaveText(String(body.stats.discoveries));
    await expect(stat("Locations")).toHaveText(String(body.stats.locations));
    await expect(stat("Days Active")).toHaveText(String(body.stats.daysSinceCreated));
  });

  test("a serial never minted is 404 with a message; a malformed one is 400", async ({ request }) => {
    const unknown = await request.get("/api/jimmys/serial/999999");
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ message: "There is no Jimmy #999999." });
    const malformed = await request.get("/api/jimmys/serial/abc");
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).message).toContain("serialNumber");
  });
});

test.describe("POST /api/discoveries and /api/jimmys/{serialNumber}/first-discovery", () => {
  const endpoints = [
    ["/api/discoveries", { jimmyId: 1, tempPath: "uploads/2026/11/0123456789abcdef0123456789abcdef", caption: "Hi" }],
    ["/api/jimmys/1/first-discovery", { tempPath: "uploads/2026/11/0123456789abcdef0123456789abcdef" }],
  ] as const;

  for (const [path, body] of endpoints) {
    test(`${path}: signed out is 401, cross-site is 403`, async ({ request }) => {
      const signedOut = await request.post(path, { data: body });
      expect(signedOut.status()).toBe(401);
      expect(await signedOut.json()).toEqual({ message: "Sign in to do this." });
      const crossSite = await request.post(path, { data: body, headers: { Origin: "https://evil.example" } });
      expect(crossSite.status()).toBe(403);
    });

    test(`${path}: bad bodies get a 4xx naming the problem, and nothing is recorded`, async ({ page }) => {
      const api = await signedInRequest(page);
      const before = queryOne<{ n: number }>("select count(*) as n from discoveries").n;
      const notJson = await api.post(path, { headers: { "Content-Type": "text/plain" }, data: "hello" });
      expect(notJson.status()).toBe(415);
      expect((await notJson.json()).message).toContain("JSON");
      const broken = await api.post(path, { headers: { "Content-Type": "application/json" }, data: Buffer.from("{not json") });
      expect(broken.status()).toBe(400);
      expect((await broken.json()).message).toBe("The request body is not valid JSON.");
      const notAnObject = await api.post(path, { headers: { "Content-Type": "application/json" }, data: Buffer.from("[1,2]") });
      expect(notAnObject.status()).toBe(400);
      expect((await notAnObject.json()).message).toBe("The request body must be a JSON object.");
      for (const [patch, expected] of [
        [{ latitude: 91, longitude: 0 }, "latitude must be a number between -90 and 90"],
        [{ latitude: 10, longitude: -181 }, "longitude must be a number between -180 and 180"],
        [{ latitude: "NaN", longitude: 1 }, "latitude must be a number"],
        [{ latitude: "1e309", longitude: 1 }, "latitude must be a number"],
        [{ latitude: 30 }, "latitude and longitude go together"],
        [{ tempPath: undefined }, "tempPath is required"],
        [{ location: "x".repeat(201) }, "location must be at most 200 characters"],
      ] as const) {
        const response = await api.post(path, { data: { ...body, ...patch } });
        expect(response.status(), JSON.stringify(patch)).toBe(400);
        expect((await response.json()).message).toContain(expected);
      }
      const someoneElses = await api.post(path, { data: body });
      expect([400, 403, 404, 410]).toContain(someoneElses.status());
      expect(typeof (await someoneElses.json()).message).toBe("string");
      expect(queryOne<{ n: number }>("select count(*) as n from discoveries").n).toBe(before);
    });
  }

  test("/api/discoveries: an unknown jimmyId is 404", async ({ page }) => {
    const api = await signedInRequest(page);
    const response = await api.post("/api/discoveries", {
      data: { jimmyId: 987654, tempPath: "uploads/2026/11/0123456789abcdef0123456789abcdef" },
    });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: "There is no Jimmy with id 987654." });
  });
});
