import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../support/e2e-data";
import { checkCode, freshSerial, makeStoredDiscovery, mint } from "./admin-helpers";
import { queryOne } from "./db";
import { signIn, signInByRequest, uniqueName } from "./helpers";

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
  user: { id: number; firstName: string; lastName: string; profileImageUrl: string | null };
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
  // SPEC.md §3's three fields, and the hunter's id (their profile, /hunters/{id}).
  expect(Object.keys(discovery.user).sort()).toEqual(["firstName", "id", "lastName", "profileImageUrl"]);
  expect(typeof discovery.user.id).toBe("number");
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
      page
        .getByRole("region", { name: "Stats" })
        .locator("div", { has: page.getByText(label, { exact: true }) })
        .locator("dd");
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
      const hunter = uniqueName("Api");
      await signIn(page, hunter);
      const api = page.request;
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
      // Only this hunter's: other tests report at the same time, so the whole table's count moves.
      expect(
        queryOne<{ n: number }>("select count(*) as n from discoveries d join users u on u.id = d.user_id where u.first_name = ?", hunter)
          .n,
      ).toBe(0);
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

async function uploadPhoto(api: APIRequestContext): Promise<{ tempPath: string; tempUrl: string }> {
  const response = await api.post("/api/upload", {
    multipart: { photo: { name: "jimmy.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync("tests/fixtures/rotated-with-gps.jpg") } },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

test.describe("reporting through the API, end to end", () => {
  test("upload → POST /api/discoveries → the discovery is on the Jimmy's page and in GET /api/jimmys/serial", async ({ page }) => {
    const api = await signedInRequest(page);
    const jimmy = queryOne<{ id: number; serial_number: number }>(
      "select id, serial_number from jimmys where discovery_count > 0 order by serial_number desc limit 1",
    );
    const upload = await uploadPhoto(api);
    expect(upload.tempPath).toMatch(/^uploads\//);
    expect((await api.get(upload.tempUrl)).status()).toBe(200);

    const caption = `Found it by the API ${Date.now()}`;
    const created = await api.post("/api/discoveries", {
      data: {
        jimmyId: jimmy.id,
        tempPath: upload.tempPath,
        caption,
        location: "Zilker Park, Austin, TX",
        latitude: "30.2669",
        longitude: -97.7729,
        checkCode: checkCode(jimmy.serial_number),
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const detail = (await (await api.get(`/api/jimmys/serial/${jimmy.serial_number}?_t=1`)).json()) as { discoveries: ApiDiscovery[] };
    const mine = detail.discoveries.find((d) => d.id === id)!;
    expectDiscoveryShape(mine);
    expect(mine).toMatchObject({ caption, location: "Zilker Park, Austin, TX", latitude: "30.2669", longitude: "-97.7729" });
    // Beyond SPEC.md: the place as the pages name it (what was typed), and the city derived from the measured coordinates.
    expect(mine).toMatchObject({
      place: "Zilker Park, Austin, TX",
      pin: null,
      city: "Austin",
      region: "TX",
      country: "US",
      locationApproximate: false,
      positionRadiusM: null,
    });
    await page.goto(`/jimmy/${jimmy.serial_number}`);
    await expect(page.getByText(caption).first()).toBeVisible();

    // The same upload cannot be published twice.
    const replay = await api.post("/api/discoveries", {
      data: { jimmyId: jimmy.id, tempPath: upload.tempPath, checkCode: checkCode(jimmy.serial_number) },
    });
    expect(replay.status()).toBeGreaterThanOrEqual(400);
    expect(replay.status()).toBeLessThan(500);
  });

  test("POST /api/jimmys/{serialNumber}/first-discovery starts a Jimmy's journey; a second one becomes a regular discovery", async ({
    page,
  }) => {
    const api = await signedInRequest(page);
    const serial = freshSerial();
    mint(serial);
    const first = await api.post(`/api/jimmys/${serial}/first-discovery`, {
      data: { tempPath: (await uploadPhoto(api)).tempPath, location: "Paris, France", checkCode: checkCode(serial) },
    });
    expect(first.status()).toBe(201);
    expect(await first.json()).toMatchObject({ isFirst: true, wasAlreadyFound: false });
    const late = await api.post(`/api/jimmys/${serial}/first-discovery`, {
      data: { tempPath: (await uploadPhoto(api)).tempPath, checkCode: checkCode(serial) },
    });
    expect(late.status()).toBe(201);
    expect(await late.json()).toMatchObject({ isFirst: false, wasAlreadyFound: true });
    const detail = await (await api.get(`/api/jimmys/serial/${serial}`)).json();
    expect(detail.stats.discoveries).toBe(2);
    expect(detail.discoveries[1]).toMatchObject({ location: "Paris, France", isFirst: true, caption: "Another Jimmy discovery!" });
    expect(
      (await api.post(`/api/jimmys/999999999/first-discovery`, { data: { tempPath: (await uploadPhoto(api)).tempPath } })).status(),
    ).toBe(404);
  });

  test("an empty caption becomes 'Another Jimmy discovery!'", async ({ page }) => {
    const api = await signedInRequest(page);
    const jimmy = queryOne<{ id: number; serial_number: number }>("select id, serial_number from jimmys order by serial_number limit 1");
    const upload = await uploadPhoto(api);
    const created = await api.post("/api/discoveries", {
      data: { jimmyId: jimmy.id, tempPath: upload.tempPath, caption: "  ", checkCode: checkCode(jimmy.serial_number) },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    expect(queryOne<{ caption: string }>("select caption from discoveries where id = ?", id).caption).toBe("Another Jimmy discovery!");
  });
});

test.describe("POST /api/discoveries/{id}/like", () => {
  test("flips the hunter's like and answers isLiked; the feed agrees", async ({ page }) => {
    const api = await signedInRequest(page);
    const discovery = queryOne<{ id: number; like_count: number; serial_number: number }>(
      "select d.id, d.like_count, j.serial_number from discoveries d join jimmys j on j.id = d.jimmy_id order by d.id limit 1",
    );
    const liked = await api.post(`/api/discoveries/${discovery.id}/like`);
    expect(liked.status()).toBe(200);
    expect(await liked.json()).toEqual({ isLiked: true, likeCount: discovery.like_count + 1 });
    const detail = (await (await api.get(`/api/jimmys/serial/${discovery.serial_number}`)).json()) as { discoveries: ApiDiscovery[] };
    expect(detail.discoveries.find((d) => d.id === discovery.id)).toMatchObject({
      isLikedByUser: true,
      likeCount: discovery.like_count + 1,
    });
    const unliked = await api.post(`/api/discoveries/${discovery.id}/like`);
    expect(await unliked.json()).toEqual({ isLiked: false, likeCount: discovery.like_count });
  });

  test("signed out is 401, an unknown discovery 404, cross-site 403", async ({ page, request }) => {
    expect((await request.post("/api/discoveries/1/like")).status()).toBe(401);
    const api = await signedInRequest(page);
    const unknown = await api.post("/api/discoveries/99999999/like");
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).message).toBe("There is no discovery 99999999.");
    expect((await api.post("/api/discoveries/1/like", { headers: { Origin: "https://evil.example" } })).status()).toBe(403);
  });
});

test.describe("GET and POST /api/jimmys/{jimmyId}/comments", () => {
  test("a signed-in hunter comments under the account name, whatever authorName says; it is listed and shown marked on the Jimmy's page", async ({
    request,
    page,
  }) => {
    const jimmy = queryOne<{ id: number; serial_number: number }>(
      "select id, serial_number from jimmys order by serial_number desc limit 1",
    );
    const name = uniqueName("Commenter");
    await signInByRequest(request, name, "Api");
    const content = `What a find ${Date.now()}`;
    const created = await request.post(`/api/jimmys/${jimmy.id}/comments`, { data: { content: `  ${content}  `, authorName: "Admin" } });
    expect(created.status()).toBe(201);
    const comment = await created.json();
    expect(comment).toMatchObject({ content, authorName: `${name} Api`, isAdmin: false, byHunter: true });
    expect(new Date(comment.createdAt).toISOString()).toBe(comment.createdAt);

    const list = (await (await request.get(`/api/jimmys/${jimmy.id}/comments`)).json()) as { id: number; content: string }[];
    expect(list[0]).toMatchObject({ id: comment.id, content });
    await page.goto(`/jimmy/${jimmy.serial_number}#comments`);
    const shown = page.getByTestId("comment").filter({ hasText: content });
    await expect(shown.getByTestId("comment-author")).toHaveText(`${name} Api`);
    await expect(shown.getByTestId("hunter-mark")).toMatchAriaSnapshot("- text: Signed-in Hunter");

    const repeat = await request.post(`/api/jimmys/${jimmy.id}/comments`, { data: { content } });
    expect(repeat.status()).toBe(409);
  });

  test("without a sign-in the API refuses to comment (guests use the page's form), with a 401 and a message", async ({
    playwright,
    baseURL,
  }) => {
    const guest = await playwright.request.newContext({ baseURL });
    const refused = await guest.post("/api/jimmys/1/comments", { data: { content: "Hello from a script", authorName: "Bot" } });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ message: "Sign in to do this." });
    await guest.dispose();
  });

  test("blank or oversized content and unknown Jimmys get a 4xx with a message", async ({ request }) => {
    await signInByRequest(request, uniqueName("Blank"));
    const blank = await request.post("/api/jimmys/1/comments", { data: { content: "\u200B \u200D" } });
    expect(blank.status()).toBe(400);
    expect((await blank.json()).message).toBe("content: Write a comment first.");
    const long = await request.post("/api/jimmys/1/comments", { data: { content: "x".repeat(1001) } });
    expect(long.status()).toBe(400);
    expect((await long.json()).message).toContain("Keep your comment under 1,000 characters.");
    const unknown = await request.get("/api/jimmys/99999999/comments");
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ message: "There is no Jimmy with id 99999999." });
  });
});

test.describe("the admin API", () => {
  test("POST /api/admin/login starts a server-side admin session; a wrong password is 401", async ({ playwright, baseURL }) => {
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address } });
    try {
      const wrong = await api.post("/api/admin/login", { data: { password: "not it" } });
      expect(wrong.status()).toBe(401);
      expect(await wrong.json()).toMatchObject({ success: false, message: "Invalid password" });
      expect((await api.delete("/api/admin/discoveries/1")).status()).toBe(403);

      const right = await api.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
      expect(right.status()).toBe(200);
      expect(await right.json()).toMatchObject({ success: true });
      const cookie = right.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("jh_admin="));
      expect(cookie?.value).toMatch(/HttpOnly/);
      expect(cookie?.value).toMatch(/SameSite=Lax/);

      const target = await makeStoredDiscovery();
      const replaced = await api.post(`/api/admin/discoveries/${target.id}/image`, {
        multipart: { image: { name: "new.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync("tests/fixtures/rotated-with-gps.jpg") } },
      });
      expect(replaced.status()).toBe(200);
      expect(await replaced.json()).toEqual({ success: true, message: "Image updated" });
      expect(queryOne<{ photo_key: string }>("select photo_key from discoveries where id = ?", target.id).photo_key).not.toBe(target.key);

      const notAnImage = await api.post(`/api/admin/discoveries/${target.id}/image`, {
        multipart: { image: { name: "x.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>not a photo</html>") } },
      });
      expect(notAnImage.status()).toBe(415);
      expect((await notAnImage.json()).message).toMatch(/^Failed to upload image: /);

      const deleted = await api.delete(`/api/admin/discoveries/${target.id}`);
      expect(deleted.status()).toBe(200);
      expect(await deleted.json()).toEqual({ success: true, message: "Discovery deleted" });
      expect(queryOne<{ n: number }>("select count(*) as n from discoveries where id = ?", target.id).n).toBe(0);
      expect((await api.delete(`/api/admin/discoveries/${target.id}`)).status()).toBe(404);
    } finally {
      await api.dispose();
    }
  });

  test("no fixed authorization header opens the admin API", async ({ request }) => {
    const target = await makeStoredDiscovery();
    for (const authorization of ["Bearer admin", "admin", "Basic YWRtaW46YWRtaW4="]) {
      const response = await request.delete(`/api/admin/discoveries/${target.id}`, { headers: { Authorization: authorization } });
      expect(response.status()).toBe(403);
    }
    expect(queryOne<{ n: number }>("select count(*) as n from discoveries where id = ?", target.id).n).toBe(1);
  });
});
