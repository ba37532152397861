/**
 * The security checks (docs/security.md): each case says what is tried and
 * checks what a user or operator would see, against the production build
 * and its real SQLite file, which is read afterwards to prove that nothing
 * was saved.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test, type APIRequestContext, type APIResponse, type BrowserContext } from "@playwright/test";
import Database from "better-sqlite3";
import { hashPassword } from "../../app/services/password.server";
import { unsubscribeToken } from "../../app/services/email-links.server";
import { E2E_ADMIN_PASSWORD, E2E_SESSION_SECRET, tilePort } from "../support/e2e-data";
import { startAppServer } from "../support/app-server";
import { badPhotos, oversizePhoto, ROTATED_GPS_JPEG } from "../support/photos";
import { addComment, checkCode, checkCodeOfJimmy, freshSerial, makeStoredDiscovery, mint, PHOTOS_DIR } from "./admin-helpers";
import { query, queryOne, writeDb } from "./db";
import { jsEnabled, signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { appRoutes, routeUrl, type AppRoute, type RouteSamples } from "./routes";
import { plantHunter, postFormComment, startAdminSession, useOwnAddress as giveOwnAddress } from "./social";

const PHOTO = fs.readFileSync(ROTATED_GPS_JPEG);
const MAP_ORIGIN = "https://www.openstreetmap.org";
const TEN_THOUSAND_DIGITS = "9".repeat(10_000);
const FIVE_MB = "x".repeat(5 * 1024 * 1024);
/** What a stack trace or a leaked source path looks like in a response body. */
const STACK_TRACE = /\n\s+at \S|\bat [\w$.<>]+ \(|node_modules|build\/server|\.tsx?:\d+:\d+/;

const actionRoutes = () => appRoutes().filter((route) => route.hasAction);
/** Apple answers a sign-in with a cross-site form POST; the state cookie, not the origin, proves it (see that route). */
const APPLE_CALLBACK = "/api/auth/callback/:provider";
/** A mail program posts the one-click unsubscribe from wherever it runs (RFC 8058); the signed link proves it. */
const ONE_CLICK_UNSUBSCRIBE = "/email/unsubscribe/:token/one-click";

/** A visitor with an address of their own, signed in as a new hunter, with a planted discovery and comment to aim at. */
async function hunterWithTargets(context: BrowserContext, name = uniqueName("Sec")) {
  const address = await giveOwnAddress(context);
  const userId = await signInByRequest(context.request, name);
  const stored = await makeStoredDiscovery();
  const commentId = addComment(stored.jimmyId, `Planted ${crypto.randomUUID()}`);
  const db = writeDb();
  try {
    db.prepare("insert into notifications (user_id, kind, actor_name, jimmy_id, created_at) values (?, 'comment', 'Someone', ?, ?)").run(
      userId,
      stored.jimmyId,
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
  const samples: RouteSamples = { serial: stored.serial, jimmyId: stored.jimmyId, discoveryId: stored.id, commentId };
  return { address, userId, name, samples, marker: `mark${crypto.randomBytes(6).toString("hex")}` };
}

type Hunter = Awaited<ReturnType<typeof hunterWithTargets>>;

/** A form POST whose path goes out byte for byte as given (Playwright, like a browser, would resolve `..` and `\\` first). */
function rawPost(baseURL: string, rawPath: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseURL);
  const body = "List-Unsubscribe=One-Click";
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        path: rawPath,
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Everything such a visitor's request could change, read from the database. */
function footprint(hunter: Hunter) {
  const { userId, samples, marker, address } = hunter;
  const like = `%${marker}%`;
  return {
    discovery: query("select id, caption, location, photo_key from discoveries where id = ?", samples.discoveryId),
    comment: query("select id, content from comments where id = ?", samples.commentId),
    jimmy: query("select status, discovery_count, comment_count from jimmys where id = ?", samples.jimmyId),
    // The forged mint forms ask for #1–#9000; other tests mint far above that.
    lowJimmies: queryOne<{ n: number }>("select count(*) as n from jimmys where serial_number <= 9000").n,
    likes: query("select discovery_id from likes where user_id = ?", userId),
    unread: queryOne<{ n: number }>("select count(*) as n from notifications where user_id = ? and read_at is null", userId).n,
    sessions: queryOne<{ n: number }>("select count(*) as n from sessions where user_id = ?", userId).n,
    discoveries: queryOne<{ n: number }>("select count(*) as n from discoveries where user_id = ?", userId).n,
    uploads: queryOne<{ n: number }>("select count(*) as n from temp_uploads where owner_user_id = ?", userId).n,
    marked: queryOne<{ n: number }>(
      "select (select count(*) from comments where content like ? or author_name like ?) + (select count(*) from users where first_name like ? or last_name like ?) + (select count(*) from discoveries where caption like ? or location like ?) as n",
      like,
      like,
      like,
      like,
      like,
      like,
    ).n,
    audit: query("select action from admin_audit_log where client_address = ?", address),
    user: query("select first_name, last_name from users where id = ?", userId),
  };
}

/** A body for `route` that would do its job if it were accepted: every field any form or API reads, set. */
function hostileBody(route: AppRoute, hunter: Hunter, overrides: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    intent: "sign-out",
    content: `Forged ${hunter.marker}`,
    authorName: hunter.marker,
    firstName: hunter.marker,
    lastName: hunter.marker,
    caption: hunter.marker,
    location: hunter.marker,
    password: E2E_ADMIN_PASSWORD,
    upTo: "999999999",
    serial: String(hunter.samples.serial),
    from: "1",
    to: "5000",
    tempPath: "uploads/2026/11/0123456789abcdef0123456789abcdef",
    contentType: "image/jpeg",
    ...overrides,
  };
  return route.pattern.startsWith("/api/") ? { data: { jimmyId: hunter.samples.jimmyId, size: 1000, ...fields } } : { form: fields };
}

async function messageOf(response: APIResponse): Promise<string> {
  const text = await response.text();
  if ((response.headers()["content-type"] ?? "").includes("json")) return String((JSON.parse(text) as { message?: unknown }).message ?? "");
  return text;
}

async function expectAdminPanel(request: APIRequestContext, open: boolean) {
  const html = await (await request.get("/admin")).text();
  expect(html.includes("Admin Panel"), "admin session state").toBe(open);
}

test.describe("security headers", () => {
  test("every HTML page carries an enforced CSP with a fresh nonce on every script, nosniff and a Referrer-Policy; no HSTS over plain http", async ({
    context,
    baseURL,
  }) => {
    const hunter = await hunterWithTargets(context);
    await startAdminSession(context, baseURL!);
    const tileOrigin = `http://127.0.0.1:${tilePort(Number(new URL(baseURL!).port))}`;
    const urls = appRoutes()
      .filter((route) => route.isPage)
      .map((route) => routeUrl(route, hunter.samples))
      .concat(["/jimmy/not-a-number", "/a/b/c?x=1"]);
    const nonces = new Set<string>();
    const rendered: string[] = [];
    for (const url of urls) {
      const response = await context.request.get(url, { maxRedirects: 0 });
      const headers = response.headers();
      if (response.status() >= 300 && response.status() < 400) {
        // A page that only sends the visitor on (e.g. /login when signed in) stays on this site.
        expect(headers["location"], url).toMatch(/^\/(?!\/)/);
        continue;
      }
      rendered.push(url);
      expect(headers["content-type"], url).toMatch(/^text\/html/);
      const csp = headers["content-security-policy"] ?? "";
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(nonce, `${url}: ${csp}`).toBeTruthy();
      expect(nonces.has(nonce!), `${url} reuses a nonce`).toBe(false);
      nonces.add(nonce!);
      for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) {
        expect(csp, url).toContain(directive);
      }
      expect(csp, url).toMatch(new RegExp(`frame-src [^;]*${MAP_ORIGIN.replace(/[./]/g, "\\$&")}`));
      // /map checks that the embedded map answers, and its pan-and-zoom map draws tiles from exactly MAP_TILE_URL's origin.
      expect(csp, url).toMatch(new RegExp(`connect-src [^;]*${MAP_ORIGIN.replace(/[./]/g, "\\$&")}`));
      expect(csp, url).toMatch(new RegExp(`img-src [^;]*${tileOrigin.replace(/[./]/g, "\\$&")}`));
      // Exactly the configured tile server: not OpenStreetMap's default as well.
      expect(csp, url).not.toContain("tile.openstreetmap.org");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(headers["content-security-policy-report-only"], url).toBeUndefined();
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"], url).toBeUndefined();
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      for (const tag of scripts) expect(tag, `${url}: a script without the page's nonce`).toContain(`nonce="${nonce}"`);
    }
    // Pages behind sign-in and the admin gate were rendered, not just redirected.
    expect(rendered).toEqual(
      expect.arrayContaining([
        "/",
        "/admin",
        "/admin/jimmys",
        "/notifications",
        "/api/logout",
        "/scan",
        `/jimmy/${hunter.samples.serial}/new-discovery`,
        "/jimmy/not-a-number",
      ]),
    );
    expect(nonces.size).toBe(rendered.length);
  });

  test("a signed-out visitor's shared pages allow exactly their own inline scripts by hash, with no nonce, and their scripts run", async ({
    browser,
    context,
  }, testInfo) => {
    const hunter = await hunterWithTargets(context);
    const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) });
    try {
      const blocked: string[] = [];
      const page = await visitor.newPage();
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      for (const url of ["/", "/discoveries", "/hall-of-fame", "/map", "/privacy-policy", `/jimmy/${hunter.samples.serial}`]) {
        const response = (await page.goto(url))!;
        const csp = response.headers()["content-security-policy"] ?? "";
        const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
        const html = await response.text();
        const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1]!));
        expect(inline.length, url).toBeGreaterThan(0);
        const hashes = inline.map((m) => `'sha256-${crypto.createHash("sha256").update(m[2]!, "utf8").digest("base64")}'`);
        // 'self' for the page's modules, and one hash per inline script: no nonce, nothing inline allowed wholesale.
        expect(scriptSrc.split(" ").sort(), `${url}: ${csp}`).toEqual(["'self'", ...new Set(hashes)].sort());
        expect(html, url).not.toMatch(/<script[^>]*\snonce=/);
        expect(response.headers()["cache-control"] ?? "", url).not.toContain("private");
        await waitForHydration(page, testInfo);
      }
      expect(blocked).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  test("error answers give a message and never a stack trace", async ({ request }) => {
    const cases: [string, () => Promise<APIResponse>, number, RegExp][] = [
      ["an unknown page", () => request.get("/no-such-page"), 404, /404 Page Not Found/],
      ["a malformed serial", () => request.get("/jimmy/abc"), 400, /Jimmy pages look like \/jimmy\/12/],
      ["an address that does not decode", () => request.get("/jimmy/%E0%A4%A"), 400, /could not be understood/],
      [
        "a multipart form without a body",
        () => request.post("/login", { headers: { "Content-Type": "multipart/form-data; boundary=x" }, data: "garbage" }),
        400,
        /The form could not be read/,
      ],
      ["an unknown data route", () => request.get("/?_data=routes%2Fnope"), 403, /./],
    ];
    for (const [what, send, status, message] of cases) {
      const response = await send();
      const body = await response.text();
      expect(response.status(), what).toBe(status);
      expect(body, what).toMatch(message);
      expect(body, what).not.toMatch(STACK_TRACE);
      if ((response.headers()["content-type"] ?? "").startsWith("text/html")) {
        expect(response.headers()["content-security-policy"], what).toBeTruthy();
        expect(response.headers()["x-content-type-options"], what).toBe("nosniff");
        expect(response.headers()["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
      }
    }
  });
});

test.describe("open redirects", () => {
  // Each passes a check of the raw string but is "//evil.example" once its dot
  // segments are resolved, which a browser follows off-site (more forms in
  // app/lib/redirect.test.ts; the machine's browser runs few for time).
  const OFF_SITE = ["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example"];

  test("the sign-in page, the demo sign-in and the like form never send a hunter to another site, whatever redirectTo says", async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const site = new URL(baseURL!).origin;
    for (const target of OFF_SITE) {
      const context = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) });
      try {
        await giveOwnAddress(context);
        // Had Chromium been sent off-site, this page would be where it landed.
        await context.route(/^https?:\/\/evil\.example\//, (route) =>
          route.fulfill({ contentType: "text/html", body: "<h1>Somewhere else</h1>" }),
        );
        const page = await context.newPage();

        // The demo sign-in form, its redirectTo field rewritten as an attacker's page would post it.
        await page.goto("/login");
        await waitForHydration(page, testInfo);
        await page
          .getByRole("form", { name: "Local demo sign-in" })
          .locator('input[name="redirectTo"]')
          .evaluate((input, value) => ((input as HTMLInputElement).value = value), target);
        await page.getByLabel("First name").fill(uniqueName("Redirect"));
        await page.getByRole("button", { name: "Sign in locally" }).click();
        await expect(page.getByTestId("header-avatar").or(page.getByRole("heading", { name: "Somewhere else" })), target).toBeVisible({
          timeout: 20_000,
        });
        expect(new URL(page.url()).origin, `demo sign-in with ${JSON.stringify(target)}`).toBe(site);

        // A signed-in hunter following a crafted /login link.
        await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
        expect(new URL(page.url()).origin, `/login?redirectTo=${JSON.stringify(target)}`).toBe(site);
        await expect(page.getByRole("heading", { name: "Somewhere else" })).toHaveCount(0);

        // The like form's redirect (followed by the browser without JavaScript; with it, the form answers JSON).
        const [discovery] = (await (await context.request.get("/api/discoveries?limit=1")).json()) as { id: number }[];
        const like = await context.request.post(`/discoveries/${discovery!.id}/like`, {
          form: { intent: "like", redirectTo: target },
          maxRedirects: 0,
        });
        expect(like.status(), await like.text()).toBe(302);
        expect(new URL(like.headers()["location"]!, site).origin, `like form with ${JSON.stringify(target)}`).toBe(site);
        if (!jsEnabled(testInfo)) {
          await page.goto("/discoveries");
          const form = page.locator('form[action$="/like"]').first();
          await form.locator('input[name="redirectTo"]').evaluate((input, value) => ((input as HTMLInputElement).value = value), target);
          await form.getByRole("button").click();
          await page.waitForLoadState();
          expect(new URL(page.url()).origin, `like form followed with ${JSON.stringify(target)}`).toBe(site);
        }
      } finally {
        await context.close();
      }
    }
  });
});

test.describe("cross-site requests", () => {
  test("every action and API mutation refuses a foreign Origin, Origin: null and Sec-Fetch-Site: cross-site, and nothing changes", async ({
    context,
    baseURL,
  }) => {
    const hunter = await hunterWithTargets(context);
    await startAdminSession(context, baseURL!);
    const routes = actionRoutes().filter((route) => route.pattern !== APPLE_CALLBACK && route.pattern !== ONE_CLICK_UNSUBSCRIBE);
    // The enumeration found the routes we know of, so a new one cannot slip past it.
    expect(routes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining([
        "/login",
        "/api/logout",
        "/jimmy/:serial",
        "/api/discoveries",
        "/api/admin/discoveries/:id",
        "/admin/jimmys",
        "/uploads/direct",
      ]),
    );
    const before = footprint(hunter);
    const crossSite: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const route of routes) {
      const url = routeUrl(route, hunter.samples);
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        for (const headers of crossSite) {
          const response = await context.request.fetch(url, { method, headers, maxRedirects: 0, ...hostileBody(route, hunter) });
          expect(response.status(), `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
          expect(await response.text()).toContain("came from another site");
        }
      }
    }
    expect(footprint(hunter)).toEqual(before);
    await expectAdminPanel(context.request, true);
    expect((await context.request.get("/api/auth/user")).status()).toBe(200);
    // The same session from this site does act: the refusals above were about the origin alone.
    const like = await context.request.post(`/api/discoveries/${hunter.samples.discoveryId}/like`, { headers: { Origin: baseURL! } });
    expect(like.status()).toBe(200);
    expect(footprint(hunter).likes).toEqual([{ discovery_id: hunter.samples.discoveryId }]);
  });

  test("the Apple callback, the one cross-site POST let through, starts no session without the browser's own sign-in state", async ({
    request,
  }) => {
    const response = await request.post("/api/auth/callback/apple", {
      headers: { Origin: "https://appleid.apple.com", "Sec-Fetch-Site": "cross-site" },
      form: { code: "stolen-code", state: "forged-state", id_token: "forged.token.value" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toMatch(/^\/login\?error=/);
    expect(response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie" && /jh_session=[^;]/.test(h.value))).toEqual([]);
  });

  test("the one-click unsubscribe, the other cross-site POST let through, needs the hunter's signed link and only stops email", async ({
    request,
  }) => {
    const userId = plantHunter(uniqueName("Mailed"));
    const db = writeDb();
    try {
      db.prepare("update users set email = 'mailed@example.com', email_frequency = 'each' where id = ?").run(userId);
    } finally {
      db.close();
    }
    const frequency = () => queryOne<{ f: string }>("select email_frequency as f from users where id = ?", userId).f;
    const crossSite = { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" };
    const forged = `${userId}.${"A".repeat(32)}`;
    for (const token of [forged, `${userId}`, "not-a-token"]) {
      const refused = await request.post(`/email/unsubscribe/${token}/one-click`, {
        headers: crossSite,
        form: { "List-Unsubscribe": "One-Click" },
      });
      expect(refused.status(), token).toBe(404);
    }
    expect(frequency()).toBe("each");
    const signed = await request.post(`/email/unsubscribe/${unsubscribeToken(userId, E2E_SESSION_SECRET)}/one-click`, {
      headers: crossSite,
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(signed.status()).toBe(200);
    expect(frequency()).toBe("off");
  });

  test("a path that only looks like the one-click unsubscribe is refused as cross-site (403), never a 500, and changes nothing", async ({
    baseURL,
  }) => {
    const userId = plantHunter(uniqueName("OddPath"));
    const db = writeDb();
    try {
      db.prepare("update users set email = 'oddpath@example.com', email_frequency = 'each' where id = ?").run(userId);
    } finally {
      db.close();
    }
    const frequency = () => queryOne<{ f: string }>("select email_frequency as f from users where id = ?", userId).f;
    const token = unsubscribeToken(userId, E2E_SESSION_SECRET);
    // Sent as written: a browser or Playwright would tidy the path before sending it.
    const post = (rawPath: string) => rawPost(baseURL!, rawPath, { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" });
    for (const rawPath of [
      "/email/unsubscribe/..\\account/one-click",
      "/email/unsubscribe/..%5caccount/one-click",
      "/email/unsubscribe/..%5Caccount/one-click",
      "/email/unsubscribe/%2e%2e/account/one-click",
      "/email/unsubscribe/.%2e/account/one-click",
      "/email/unsubscribe/..%2faccount/one-click",
      `/email/unsubscribe/${token}/one-click/..`,
      `/email/unsubscribe/${token}//one-click`,
      `//email/unsubscribe/${token}/one-click`,
      `/email/unsubscribe/${token}/one-click/`,
      "/email/unsubscribe/..\\..\\login/one-click",
    ]) {
      const answer = await post(rawPath);
      expect(answer.status, rawPath).toBe(403);
      expect(answer.body, rawPath).toContain("came from another site");
    }
    for (const rawPath of ["/email/unsubscribe/%zz/one-click", `/email/unsubscribe/${token}%/one-click`, "/account%E0%A4%A"]) {
      const answer = await post(rawPath);
      expect(answer.status, rawPath).toBe(403);
      expect(answer.body, rawPath).toContain("could not be read");
    }
    expect(frequency()).toBe("each");
    // The exact route, sent the same way, still unsubscribes (RFC 8058).
    const exact = await post(`/email/unsubscribe/${token}/one-click`);
    expect(exact.status).toBe(200);
    expect(frequency()).toBe("off");
  });

  test("no GET changes anything: every route, fetched with a hunter's and an admin's session, leaves data and sessions as they were", async ({
    context,
    baseURL,
  }) => {
    const hunter = await hunterWithTargets(context);
    await startAdminSession(context, baseURL!);
    const before = footprint(hunter);
    for (const route of appRoutes().filter((r) => r.hasLoader)) {
      const url = `${routeUrl(route, hunter.samples)}?intent=sign-out&upTo=999999999&content=${hunter.marker}`;
      const response = await context.request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBeLessThan(500);
    }
    expect(footprint(hunter)).toEqual(before);
    await expectAdminPanel(context.request, true);
    expect((await context.request.get("/api/auth/user")).status()).toBe(200);
  });
});

async function uploadPhoto(request: APIRequestContext, buffer: Buffer = PHOTO, name = "jimmy.jpg", mimeType = "image/jpeg") {
  return request.post("/api/upload", { multipart: { photo: { name, mimeType, buffer } } });
}

async function uploadedTempPath(request: APIRequestContext): Promise<string> {
  const response = await uploadPhoto(request);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tempPath: string }).tempPath;
}

const HOSTILE = {
  firstName: "<img src=x onerror=alert(1)>",
  lastName: "\u202Eexe.gpj",
  caption: `<img src=x onerror="alert('caption')"><script>alert(2)</script> javascript:alert(3) \u202Egnp.exe`,
  // Pages show it as typed; it names a town, since text naming no place is refused.
  location: "<svg onload=alert(4)> \u2066behind the blue mailbox\u2069, Austin, TX",
  comment: `<a href="javascript:alert(5)">click</a> javascript:alert(6) <iframe src="javascript:alert(7)"></iframe>`,
  author: "\u202E<b onmouseover=alert(8)>x</b>",
};
/** What each is stored and shown as: the same text, literally, without the invisible reordering controls. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
const shown = (text: string) => text.replace(BIDI, "").trim();
const INJECTED = 'img[src="x"], svg[onload], [onerror], [onload], [onmouseover], iframe[src^="javascript:" i], a[href^="javascript:" i]';

test.describe("control characters in pages", () => {
  test("no page of the demo hunt, signed out, as a hunter or as an admin, carries a control character in its HTML", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const demoSerial = queryOne<{ serial_number: number; id: number }>("select serial_number, id from jimmys where serial_number = 5");
    const samples: RouteSamples = {
      serial: demoSerial.serial_number,
      jimmyId: demoSerial.id,
      discoveryId: queryOne<{ id: number }>("select id from discoveries where jimmy_id = ? order by id limit 1", demoSerial.id).id,
      commentId: queryOne<{ id: number }>("select id from comments order by id limit 1").id,
    };
    const pages = appRoutes()
      .filter((route) => route.isPage)
      .map((route) => routeUrl(route, samples));
    // Every Jimmy's page, with and without the comment box open: where a
    // multi-byte character falls in the page depends on each one's data.
    const jimmyPages = query<{ serial_number: number }>("select serial_number from jimmys order by serial_number").flatMap(
      ({ serial_number: serial }) => [`/jimmy/${serial}`, `/jimmy/${serial}?comment=new`],
    );
    const variants = [
      "/?page=2",
      "/discoveries?sort=likes",
      "/map?zoom=3",
      "/hall-of-fame?tab=recent",
      `/login?redirectTo=%2Fjimmy%2F${samples.serial}`,
    ];
    const anonymous = await browser.newContext();
    const hunter = await browser.newContext();
    const admin = await browser.newContext();
    try {
      await giveOwnAddress(hunter);
      await signInByRequest(hunter.request, uniqueName("Scan"));
      await startAdminSession(admin, baseURL!);
      const visitors: [string, APIRequestContext, string[]][] = [
        ["signed out", anonymous.request, [...pages, ...variants, ...jimmyPages]],
        ["a hunter", hunter.request, [...pages, ...variants, ...jimmyPages]],
        ["an admin", admin.request, [...pages, "/admin?tab=comments"]],
      ];
      let scanned = 0;
      for (const [who, request, urls] of visitors) {
        for (const url of urls) {
          const response = await request.get(url, { maxRedirects: 0 });
          if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) continue;
          const html = (await response.body()).toString("utf8");
          // eslint-disable-next-line no-control-regex -- finding control characters is the point
          const found = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.exec(html);
          expect(
            found && `${JSON.stringify(found[0])} in …${html.slice(Math.max(0, found.index - 80), found.index + 20)}…`,
            `${url} for ${who}`,
          ).toBeNull();
          scanned++;
        }
      }
      expect(scanned).toBeGreaterThan(4 * 64);
    } finally {
      await Promise.all([anonymous.close(), hunter.close(), admin.close()]);
    }
  });
});

test.describe("hostile text", () => {
  test("XSS payloads and bidi overrides in captions, comments, author names and locations render as inert, literal text", async ({
    context,
    browser,
    baseURL,
  }, testInfo) => {
    await giveOwnAddress(context);
    // A Jimmy found before, so the report is a regular discovery and heads the home feed.
    const { serial, jimmyId } = await makeStoredDiscovery();
    const comment = await postFormComment(context.request, serial, { content: HOSTILE.comment, authorName: HOSTILE.author });
    expect(comment.status(), await comment.text()).toBe(302);
    const userId = await signInByRequest(context.request, HOSTILE.firstName, HOSTILE.lastName);
    const report = await context.request.post("/api/discoveries", {
      data: {
        jimmyId,
        tempPath: await uploadedTempPath(context.request),
        caption: HOSTILE.caption,
        location: HOSTILE.location,
        checkCode: checkCode(serial),
      },
    });
    expect(report.status(), await report.text()).toBe(201);

    // Stored as typed (less the reordering controls), never as markup.
    expect(queryOne("select first_name, last_name from users where id = ?", userId)).toEqual({
      first_name: HOSTILE.firstName,
      last_name: shown(HOSTILE.lastName),
    });
    expect(queryOne("select caption, location from discoveries where user_id = ?", userId)).toEqual({
      caption: shown(HOSTILE.caption),
      location: shown(HOSTILE.location),
    });
    expect(queryOne("select content, author_name from comments where jimmy_id = ?", jimmyId)).toEqual({
      content: HOSTILE.comment,
      author_name: shown(HOSTILE.author),
    });

    const admin = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled(testInfo) });
    await startAdminSession(admin, baseURL!);
    const visits: [BrowserContext, string, string[]][] = [
      [
        context,
        `/jimmy/${serial}`,
        [shown(HOSTILE.caption), shown(HOSTILE.location), HOSTILE.comment, shown(HOSTILE.author), HOSTILE.firstName],
      ],
      [context, "/", [shown(HOSTILE.caption)]],
      [context, "/discoveries", [shown(HOSTILE.caption)]],
      [context, "/map", []],
      [admin, "/admin", [shown(HOSTILE.caption), HOSTILE.comment]],
    ];
    try {
      for (const [visitor, url, texts] of visits) {
        const page = await visitor.newPage();
        const dialogs: string[] = [];
        page.on("dialog", (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        });
        await page.goto(url);
        await waitForHydration(page, testInfo);
        await expect(page.locator(INJECTED), url).toHaveCount(0);
        expect(await page.evaluate(() => Array.from(document.scripts).some((s) => /^alert\(/.test(s.textContent?.trim() ?? ""))), url).toBe(
          false,
        );
        const text = await page.evaluate(() => document.body.innerText);
        for (const expected of texts) expect(text, url).toContain(expected);
        expect(text, `${url} shows bidi controls`).not.toMatch(BIDI);
        expect(dialogs, url).toEqual([]);
        await page.close();
      }
    } finally {
      await admin.close();
    }
  });

  test("SQL-injection strings are stored and answered literally, and the tables they name are intact", async ({ context }) => {
    await giveOwnAddress(context);
    const sql = {
      firstName: "Robert'); DROP TABLE users;--",
      lastName: "' OR '1'='1",
      caption: "1' OR '1'='1'; DELETE FROM discoveries; --",
      // It names a town after the injection: text naming no place is refused before anything is stored.
      location: "\"; UPDATE jimmys SET status = 'hidden'; --, Austin, TX",
      comment: "'); DROP TABLE comments; --",
      author: "guest'--",
    };
    const tables = () => queryOne<{ n: number }>("select count(*) as n from sqlite_master where type = 'table'").n;
    const tablesBefore = tables();
    const serial = freshSerial();
    const jimmyId = mint(serial);
    expect((await postFormComment(context.request, serial, { content: sql.comment, authorName: sql.author })).status()).toBe(302);
    const userId = await signInByRequest(context.request, sql.firstName, sql.lastName);
    const tempPath = await uploadedTempPath(context.request);
    const report = await context.request.post("/api/discoveries", {
      data: { jimmyId, tempPath, caption: sql.caption, location: sql.location, checkCode: checkCode(serial) },
    });
    expect(report.status(), await report.text()).toBe(201);

    expect(queryOne("select first_name, last_name from users where id = ?", userId)).toEqual({
      first_name: sql.firstName,
      last_name: sql.lastName,
    });
    expect(queryOne("select caption, location from discoveries where user_id = ?", userId)).toEqual({
      caption: sql.caption,
      location: sql.location,
    });
    expect(queryOne("select content, author_name from comments where jimmy_id = ?", jimmyId)).toEqual({
      content: sql.comment,
      author_name: sql.author,
    });
    const page = (await (await context.request.get(`/api/jimmys/serial/${serial}`)).json()) as {
      discoveries: { caption: string; location: string }[];
    };
    expect(page.discoveries[0]).toMatchObject({ caption: sql.caption, location: sql.location });
    expect(tables()).toBe(tablesBefore);
    expect(queryOne<{ n: number }>("select count(*) as n from jimmys where status = 'discovered'").n).toBeGreaterThan(1);
  });
});

test.describe("out-of-range and malformed fields", () => {
  test("the JSON API answers bad coordinates, huge numbers, a 5 MB caption and a negative offset with a 4xx and a message; nothing is saved", async ({
    context,
  }) => {
    const hunter = await hunterWithTargets(context);
    const tempPath = await uploadedTempPath(context.request);
    const { jimmyId } = hunter.samples;
    const json = (body: string) => ({ headers: { "Content-Type": "application/json" }, data: Buffer.from(body) });
    const base = `"jimmyId": ${jimmyId}, "tempPath": "${tempPath}"`;
    const cases: [string, Parameters<APIRequestContext["post"]>[1], number, string][] = [
      ["latitude 91", json(`{${base}, "latitude": 91, "longitude": 0}`), 400, "latitude must be a number between -90 and 90"],
      ["longitude -181", json(`{${base}, "latitude": 0, "longitude": -181}`), 400, "longitude must be a number between -180 and 180"],
      ["latitude NaN", json(`{${base}, "latitude": "NaN", "longitude": 0}`), 400, "latitude must be a number between -90 and 90"],
      ["latitude 1e309", json(`{${base}, "latitude": 1e309, "longitude": 0}`), 400, "latitude must be a number between -90 and 90"],
      ["jimmyId 1e309", json(`{"jimmyId": 1e309, "tempPath": "${tempPath}"}`), 400, "jimmyId"],
      ["a jimmyId of 10,000 digits", json(`{"jimmyId": ${TEN_THOUSAND_DIGITS}, "tempPath": "${tempPath}"}`), 400, "jimmyId"],
      ["a 501-character caption", json(`{${base}, "caption": "${"c".repeat(501)}"}`), 400, "caption must be at most 500 characters"],
      ["a 5 MB caption", json(`{${base}, "caption": "${FIVE_MB}"}`), 413, "The request body is too large."],
    ];
    for (const [what, body, status, message] of cases) {
      const response = await context.request.post("/api/discoveries", body);
      expect(response.status(), what).toBe(status);
      expect(await messageOf(response), what).toContain(message);
    }
    for (const [url, message] of [
      ["/api/discoveries?offset=-1", "offset must not be negative"],
      ["/api/discoveries?offset=1e309", "offset must be a number"],
      ["/api/discoveries?limit=NaN", "limit must be a number"],
      [`/api/jimmys/serial/${TEN_THOUSAND_DIGITS}`, "serialNumber must be a Jimmy's number"],
      [`/api/jimmys/${TEN_THOUSAND_DIGITS}/comments`, "The Jimmy id must be a positive whole number."],
    ]) {
      const response = await context.request.get(url!);
      expect(response.status(), url).toBe(400);
      expect(await messageOf(response), url).toContain(message);
    }
    const serialPost = await context.request.post(`/api/jimmys/${TEN_THOUSAND_DIGITS}/first-discovery`, { data: { tempPath } });
    expect(serialPost.status()).toBe(400);
    expect(await messageOf(serialPost)).toContain("serialNumber must be a Jimmy's number");
    expect(footprint(hunter).discoveries).toBe(0);
    // The upload itself was good all along: the same report with sound fields is accepted.
    const sound = await context.request.post("/api/discoveries", {
      data: { jimmyId, tempPath, latitude: 30.1, longitude: -97.7, checkCode: checkCode(Number(hunter.samples.serial)) },
    });
    expect(sound.status(), await sound.text()).toBe(201);
    expect(footprint(hunter).discoveries).toBe(1);
  });

  test("the discovery forms answer the same fields with a 4xx and a message; nothing is saved", async ({ context }) => {
    const hunter = await hunterWithTargets(context);
    const tempPath = await uploadedTempPath(context.request);
    const url = `/jimmy/${hunter.samples.serial}/new-discovery`;
    const form = (fields: Record<string, string>) => ({
      form: { tempPath, caption: "Seen", location: "", checkCode: checkCode(Number(hunter.samples.serial)), ...fields },
      maxRedirects: 0,
    });
    const cases: [string, Parameters<APIRequestContext["post"]>[1], number, string][] = [
      ["latitude 91", form({ latitude: "91", longitude: "0" }), 400, "The latitude must be a number between -90 and 90."],
      ["longitude -181", form({ latitude: "0", longitude: "-181" }), 400, "The longitude must be a number between -180 and 180."],
      ["latitude NaN", form({ latitude: "NaN", longitude: "0" }), 400, "The latitude must be a number between -90 and 90."],
      ["latitude 1e309", form({ latitude: "1e309", longitude: "0" }), 400, "The latitude must be a number between -90 and 90."],
      ["a 501-character caption", form({ location: "Austin", caption: "c".repeat(501) }), 400, "Keep the caption under 500 characters."],
      ["a 5 MB caption", form({ location: "Austin", caption: FIVE_MB }), 413, "This form is far larger than any form on this site"],
      [
        "a 5 MB caption in a multipart form",
        { multipart: { tempPath, location: "Austin", caption: FIVE_MB }, maxRedirects: 0 },
        400,
        "A form field is too long.",
      ],
    ];
    for (const [what, body, status, message] of cases) {
      const response = await context.request.post(url, body);
      expect(response.status(), what).toBe(status);
      expect(await response.text(), what).toContain(message);
    }
    const serialForm = await context.request.post(`/jimmy/${TEN_THOUSAND_DIGITS}/new-discovery`, form({ location: "Austin" }));
    expect(serialForm.status()).toBe(404);
    expect(await serialForm.text()).toContain("There is no Jimmy at this address.");
    const scan = await context.request.post("/scan", { form: { serial: TEN_THOUSAND_DIGITS, check: "AAAAAA" } });
    expect(scan.status()).toBe(400);
    const notifications = await context.request.get("/notifications?before=-1");
    expect(notifications.status()).toBe(400);
    expect(await notifications.text()).toContain("That page of notifications doesn&#x27;t exist.");
    expect(footprint(hunter).discoveries).toBe(0);
  });

  test("every action answers a malformed body or junk numbers with a 4xx (or its usual redirect), never a 500, and saves nothing", async ({
    context,
    baseURL,
  }) => {
    const hunter = await hunterWithTargets(context);
    await startAdminSession(context, baseURL!);
    const before = footprint(hunter);
    const junk = {
      serial: TEN_THOUSAND_DIGITS,
      upTo: "1e309",
      from: "-1",
      to: TEN_THOUSAND_DIGITS,
      latitude: "NaN",
      longitude: "1e309",
      size: "1e309",
      jimmyId: "1e309",
      contentType: "text/html",
      intent: "none",
      password: "",
      firstName: "",
      lastName: "",
    };
    const hugeIds = {
      serial: TEN_THOUSAND_DIGITS,
      jimmyId: TEN_THOUSAND_DIGITS,
      discoveryId: TEN_THOUSAND_DIGITS,
      commentId: TEN_THOUSAND_DIGITS,
    };
    // Signing out needs no fields at all: it is the one action a junk body still completes (covered under sessions).
    for (const route of actionRoutes().filter((r) => r.pattern !== APPLE_CALLBACK && r.pattern !== "/api/logout")) {
      const url = routeUrl(route, hugeIds);
      const malformed = await context.request.post(url, {
        headers: { "Content-Type": "multipart/form-data; boundary=----nothing" },
        data: Buffer.from("this is not a multipart body"),
        maxRedirects: 0,
      });
      expect(malformed.status(), `malformed body to ${url}`).toBeGreaterThanOrEqual(300);
      expect(malformed.status(), `malformed body to ${url}`).toBeLessThan(500);
      const numbers = await context.request.post(url, { ...hostileBody(route, hunter, junk), maxRedirects: 0 });
      expect(numbers.status(), `junk numbers to ${url}`).toBeLessThan(500);
      expect(numbers.status(), `junk numbers to ${url}`).not.toBe(200);
    }
    expect(footprint(hunter)).toEqual(before);
  });
});

/** Temporary objects in the local store with no upload row to account for them: what a failed upload must not leave. */
function orphanUploads(since: number, until: number): string[] {
  const root = path.join(PHOTOS_DIR, "uploads");
  if (!fs.existsSync(root)) return [];
  const files = (fs.readdirSync(root, { recursive: true }) as string[])
    .map((file) => path.join(root, file))
    .filter((file) => {
      const stat = fs.statSync(file);
      return stat.isFile() && stat.mtimeMs >= since && stat.mtimeMs <= until;
    });
  return files
    .map((file) => path.relative(PHOTOS_DIR, file).split(path.sep).join("/"))
    .filter((key) => query("select key from temp_uploads where key = ?", key).length === 0);
}

test.describe("uploads", () => {
  test("every kind of bad photo is refused with a clear message: no discovery, no upload row, no orphan object", async ({ context }) => {
    const started = Date.now() - 1000;
    const hunter = await hunterWithTargets(context);
    const { jimmyId } = hunter.samples;
    const cases: { name: string; data: Buffer; contentType: string; fileName?: string; message: RegExp }[] = [
      ...(await badPhotos()),
      {
        name: "a photo sent as text/plain",
        data: PHOTO,
        contentType: "text/plain",
        fileName: "jimmy.txt",
        message: /please choose an image file/,
      },
      { name: "a photo over 10 MB", data: oversizePhoto(), contentType: "image/jpeg", message: /smaller than 10MB/ },
    ];
    for (const bad of cases) {
      const upload = await uploadPhoto(context.request, bad.data, bad.fileName ?? "photo.jpg", bad.contentType);
      let refusal = upload;
      if (upload.status() === 200) {
        // Accepted as bytes: the photo itself is checked when it is published.
        const { tempPath } = (await upload.json()) as { tempPath: string };
        refusal = await context.request.post("/api/discoveries", {
          data: { jimmyId, tempPath, caption: bad.name, checkCode: checkCodeOfJimmy(Number(jimmyId)) },
        });
        expect(fs.existsSync(path.join(PHOTOS_DIR, tempPath)), `${bad.name}: the temporary object is gone`).toBe(false);
      }
      expect(refusal.status(), bad.name).toBeGreaterThanOrEqual(400);
      expect(refusal.status(), bad.name).toBeLessThan(500);
      expect(await messageOf(refusal), bad.name).toMatch(bad.message);
    }
    const after = footprint(hunter);
    expect(after.discoveries).toBe(0);
    expect(after.uploads).toBe(0);
    // Within this test's own time span; another test's upload may briefly have its object without its row.
    const finished = Date.now() + 1000;
    await expect.poll(() => orphanUploads(started, finished), { timeout: 5_000 }).toEqual([]);
  });

  test("an expired, unknown, someone else's or already-used temporary key is refused with a message, and only the rightful report is recorded", async ({
    context,
    browser,
    baseURL,
  }) => {
    const hunter = await hunterWithTargets(context);
    const { jimmyId, serial } = hunter.samples;
    const report = (tempPath: string) =>
      context.request.post("/api/discoveries", { data: { jimmyId, tempPath, caption: "Mine", checkCode: checkCode(Number(serial)) } });
    const USED = "Your photo upload has expired or was already used. Please choose the photo again.";

    const other = await browser.newContext({ baseURL });
    try {
      await giveOwnAddress(other);
      const otherId = await signInByRequest(other.request, uniqueName("Other"));
      const theirs = await uploadedTempPath(other.request);
      const stolen = await report(theirs);
      expect(stolen.status()).toBe(400);
      expect(await messageOf(stolen)).toBe(USED);
      // Their upload is untouched and still theirs to use.
      expect(query("select owner_user_id from temp_uploads where key = ?", theirs)).toEqual([{ owner_user_id: otherId }]);
      expect(fs.existsSync(path.join(PHOTOS_DIR, theirs))).toBe(true);
    } finally {
      await other.close();
    }

    const unknown = await report(`uploads/2026/11/${crypto.randomBytes(16).toString("hex")}`);
    expect(unknown.status()).toBe(400);
    expect(await messageOf(unknown)).toBe(USED);
    const notAKey = await report("../../jimmy-hunt.sqlite");
    expect(notAKey.status()).toBe(400);
    expect(await messageOf(notAKey)).toBe(USED);

    const expired = await uploadedTempPath(context.request);
    const db = writeDb();
    try {
      db.prepare("update temp_uploads set expires_at = ? where key = ?").run(new Date(Date.now() - 60_000).toISOString(), expired);
    } finally {
      db.close();
    }
    const late = await report(expired);
    expect(late.status()).toBe(410);
    expect(await messageOf(late)).toBe(USED);
    expect(footprint(hunter).discoveries).toBe(0);

    const fresh = await uploadedTempPath(context.request);
    expect((await report(fresh)).status()).toBe(201);
    // Replayed after its discovery was made: through the API and through the form.
    const replay = await report(fresh);
    expect(replay.status()).toBe(400);
    expect(await messageOf(replay)).toBe(USED);
    const formReplay = await context.request.post(`/jimmy/${serial}/new-discovery`, {
      form: { tempPath: fresh, caption: "Again", location: "Austin", checkCode: checkCode(Number(serial)) },
      maxRedirects: 0,
    });
    expect(formReplay.status()).toBe(400);
    expect(await formReplay.text()).toContain(USED);
    expect(footprint(hunter).discoveries).toBe(1);
  });
});

function setCookies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);
}

test.describe("sessions", () => {
  test("session cookies are HttpOnly, SameSite=Lax and site-wide; signing in replaces a planted live session", async ({
    context,
    browser,
    baseURL,
  }) => {
    const signIn = await context.request.post("/login", { form: { firstName: uniqueName("Flags"), redirectTo: "/" }, maxRedirects: 0 });
    const session = setCookies(signIn).find((cookie) => cookie.startsWith("jh_session="))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; Max-Age=2592000/);
    const adminSignIn = await context.request.post("/api/admin/login", {
      data: { password: E2E_ADMIN_PASSWORD },
      headers: { "X-Forwarded-For": "198.51.100.7" },
    });
    expect(adminSignIn.status()).toBe(200);
    expect(setCookies(adminSignIn).find((cookie) => cookie.startsWith("jh_admin="))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/,
    );

    // Fixation: an attacker plants their own live session cookie in the victim's browser.
    const attacker = (await context.cookies()).find((cookie) => cookie.name === "jh_session")!;
    const victim = await browser.newContext({ baseURL });
    try {
      await victim.addCookies([{ name: "jh_session", value: attacker.value, url: baseURL! }]);
      const victimId = await signInByRequest(victim.request, uniqueName("Victim"));
      const issued = (await victim.cookies()).find((cookie) => cookie.name === "jh_session")!;
      expect(issued.value).not.toBe(attacker.value);
      // The planted token does not lead to the victim (it leads nowhere now).
      const planted = await context.request.get("/api/auth/user");
      expect(planted.status()).toBe(401);
      expect(victimId).toBeGreaterThan(0);
    } finally {
      await victim.close();
    }
  });

  test("a session replayed after logout is refused, for hunters and admins, and the replay changes nothing", async ({
    context,
    browser,
    baseURL,
  }) => {
    const hunter = await hunterWithTargets(context);
    const copied = (await context.cookies()).find((cookie) => cookie.name === "jh_session")!;
    expect((await context.request.post("/api/logout", { maxRedirects: 0 })).status()).toBe(302);
    const thief = await browser.newContext({ baseURL });
    try {
      await thief.addCookies([copied]);
      expect((await thief.request.get("/api/auth/user")).status()).toBe(401);
      expect((await thief.request.post(`/api/discoveries/${hunter.samples.discoveryId}/like`)).status()).toBe(401);
      expect((await thief.request.post("/api/logout", { maxRedirects: 0 })).status()).toBe(302);

      const address = `198.51.100.${crypto.randomInt(1, 255)}`;
      const admin = await context.request.post("/api/admin/login", {
        data: { password: E2E_ADMIN_PASSWORD },
        headers: { "X-Forwarded-For": address },
      });
      expect(admin.status()).toBe(200);
      const adminCookie = (await context.cookies()).find((cookie) => cookie.name === "jh_admin")!;
      expect((await context.request.post("/admin", { form: { intent: "sign-out" }, maxRedirects: 0 })).status()).toBe(302);
      await thief.addCookies([adminCookie]);
      await expectAdminPanel(thief.request, false);
      const deletion = await thief.request.delete(`/api/admin/discoveries/${hunter.samples.discoveryId}`);
      expect(deletion.status()).toBe(403);
      expect(await messageOf(deletion)).toBe("This needs an admin session.");
    } finally {
      await thief.close();
    }
    expect(footprint(hunter).discovery).toHaveLength(1);
    expect(footprint(hunter).likes).toEqual([]);
  });
});

async function adminLogin(request: APIRequestContext, password: string, forwardedFor?: string) {
  return request.post("/api/admin/login", { data: { password }, headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} });
}

test.describe("the admin gate", () => {
  test("behind the trusted proxy the sign-in limit is per forwarded client, and hops an attacker adds to X-Forwarded-For do not reset it", async ({
    request,
  }) => {
    // The test server trusts 127.0.0.1 (TRUSTED_PROXY) and these requests come from it: they play the proxy.
    const attacker = `198.18.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
    for (let attempt = 1; attempt <= 5; attempt++) {
      const denied = await adminLogin(request, `guess ${attempt}`, attacker);
      expect(denied.status()).toBe(401);
      expect((await denied.json()).attemptsLeft).toBe(5 - attempt);
    }
    // The attacker writes a new address into X-Forwarded-For each time; the proxy appends the one it saw.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const spoofed = await adminLogin(request, E2E_ADMIN_PASSWORD, `203.0.113.${attempt}, ${attacker}`);
      expect(spoofed.status()).toBe(429);
      expect((await spoofed.json()).message).toBe("Too many wrong passwords from this address. Try again later.");
      expect(Number(spoofed.headers()["retry-after"])).toBeGreaterThan(0);
    }
    // Another client behind the same proxy is not locked out by it.
    const neighbour = `198.19.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;
    const wrong = await adminLogin(request, "neighbour's typo", neighbour);
    expect(wrong.status()).toBe(401);
    expect((await wrong.json()).attemptsLeft).toBe(4);
    expect((await adminLogin(request, E2E_ADMIN_PASSWORD, neighbour)).status()).toBe(200);
    expect(
      query("select action from admin_audit_log where client_address = ? order by id", attacker).map(
        (row) => (row as { action: string }).action,
      ),
    ).toEqual([...Array(5).fill("sign_in_failed"), ...Array(3).fill("sign_in_locked")]);
  });

  test("admin routes without an admin session: pages go to the gate, actions and APIs refuse, and nothing changes", async ({ context }) => {
    const hunter = await hunterWithTargets(context);
    const before = footprint(hunter);
    const adminRoutes = appRoutes().filter((route) => /^\/(api\/)?admin\b/.test(route.pattern) && route.pattern !== "/api/admin/login");
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
    const body = { intent: "none", password: "", from: "1", to: "9000" };
    for (const route of adminRoutes) {
      const url = routeUrl(route, hunter.samples);
      const view = await context.request.get(url, { maxRedirects: 0 });
      const viewText = await view.text();
      if (route.pattern === "/admin") {
        expect(viewText).toContain("Admin password");
        expect(viewText).not.toContain("Admin Panel");
      } else if (view.status() < 400) {
        expect(view.status(), url).toBe(302);
        // The gate, perhaps at the part of the panel the route belongs to (/admin#flags).
        expect(view.headers()["location"]?.split("#")[0], url).toBe("/admin");
      }
      for (const method of route.hasAction ? ["POST", "DELETE"] : []) {
        const response = await context.request.fetch(url, { method, form: body, maxRedirects: 0 });
        const status = response.status();
        if (status < 400) {
          expect(status, `${method} ${url}`).toBe(302);
          expect(response.headers()["location"]?.split("#")[0], `${method} ${url}`).toBe("/admin");
        }
        expect(status, `${method} ${url}`).toBeLessThan(500);
        expect(
          setCookies(response).filter((cookie) => /jh_admin=[^;]/.test(cookie)),
          `${method} ${url}`,
        ).toEqual([]);
      }
    }
    const after = footprint(hunter);
    expect({ ...after, audit: [] }).toEqual({ ...before, audit: [] });
    expect(after.audit.every((row) => (row as { action: string }).action === "sign_in_failed")).toBe(true);
  });
});

test.describe("a production server on an https address", () => {
  // One server, and the sign-in limit test after the one that signs in successfully from the same address.
  test.describe.configure({ mode: "serial" });
  let server: Awaited<ReturnType<typeof startAppServer>>;

  test.beforeAll(async () => {
    // No TRUSTED_PROXY: whoever connects is the client, whatever X-Forwarded-For claims.
    server = await startAppServer({
      PUBLIC_URL: "https://localhost",
      ADMIN_PASSWORD_HASH: await hashPassword(E2E_ADMIN_PASSWORD),
      LOG_REQUESTS: "false",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("sends HSTS and upgrade-insecure-requests, and its cookies are __Host- and Secure", async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    try {
      for (const url of ["/", "/no-such-page"]) {
        const response = await request.get(url);
        expect(response.headers()["strict-transport-security"], url).toBe("max-age=63072000; includeSubDomains");
        expect(response.headers()["content-security-policy"], url).toContain("upgrade-insecure-requests");
      }
      const signIn = await request.post("/login", { form: { firstName: "Secure", redirectTo: "/" }, maxRedirects: 0 });
      expect(signIn.status()).toBe(302);
      const session = setCookies(signIn).find((cookie) => cookie.startsWith("__Host-jh_session="));
      expect(session).toMatch(/; Secure/);
      expect(session).toMatch(/; HttpOnly/);
      expect(session).toMatch(/; Path=\//);
      expect(session).not.toMatch(/; Domain=/);
      const admin = await adminLogin(request, E2E_ADMIN_PASSWORD);
      expect(admin.status()).toBe(200);
      expect(setCookies(admin).find((cookie) => cookie.startsWith("__Host-jh_admin="))).toMatch(/; Secure/);
    } finally {
      await request.dispose();
    }
  });

  test("without a trusted proxy, rotating X-Forwarded-For does not escape the admin sign-in limit", async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    try {
      for (let attempt = 1; attempt <= 5; attempt++) {
        const denied = await adminLogin(request, `guess ${attempt}`, `203.0.113.${attempt}`);
        expect(denied.status()).toBe(401);
        expect((await denied.json()).attemptsLeft).toBe(5 - attempt);
      }
      const locked = await adminLogin(request, E2E_ADMIN_PASSWORD, "203.0.113.99");
      expect(locked.status()).toBe(429);
    } finally {
      await request.dispose();
    }
    const db = new Database(server.databasePath, { readonly: true });
    try {
      const addresses = db.prepare("select distinct client_address from admin_audit_log where action like 'sign_in%'").all();
      expect(addresses).toEqual([{ client_address: "127.0.0.1" }]);
    } finally {
      db.close();
    }
  });
});
