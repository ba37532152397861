import crypto from "node:crypto";
import { expect, test, type APIResponse, type Page, type Response } from "@playwright/test";
import { startAppServer } from "../support/app-server";
import { jsEnabled, waitForHydration } from "./helpers";
import { waitFillTime } from "./social";

/**
 * The anonymous page cache (server/page-cache.ts) on a production server of
 * its own with a 5-second time to live: the shared test server runs without
 * it, because other tests write to its database behind the app's back.
 */
const TTL_MS = 5000;
let app: Awaited<ReturnType<typeof startAppServer>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  app = await startAppServer({ PAGE_CACHE_TTL_MS: String(TTL_MS) });
});

test.afterAll(async () => {
  await app?.stop();
});

function cspNonce(response: Response): string {
  const match = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "");
  if (!match) throw new Error("The page has no CSP nonce");
  return match[1]!;
}

async function scriptNonces(response: Response | APIResponse): Promise<string[]> {
  return [...(await response.text()).matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]!);
}

/** The hashes of a page's inline scripts, as its CSP must list them. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\ssrc=/.test(match[1]!))
    .map((match) => `'sha256-${crypto.createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
}

function mintJimmy(): number {
  const serial = 500_000 + crypto.randomInt(0, 400_000);
  app.withDb((db) =>
    db
      .prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?)")
      .run(serial, `Jimmy #${serial}`, new Date().toISOString()),
  );
  return serial;
}

/** Views the home page until it is freshly rendered, so its copy has the whole time to live ahead of it. */
async function viewFreshHome(page: Page): Promise<void> {
  await expect
    .poll(async () => (await page.goto(`${app.baseURL}/`))!.headers()["x-page-cache"], { timeout: TTL_MS + 5000, intervals: [250] })
    .toBe("miss");
}

async function jimmysCreated(page: Page): Promise<number> {
  return Number((await page.getByTestId("stat-totalJimmys").textContent())?.replace(/\D/g, ""));
}

test("a signed-out visitor gets the public pages as one copy for everyone: the same bytes and ETag, a 304 on revalidation, scripts allowed by hash that run", async ({
  page,
}, testInfo) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const serial = mintJimmy();
  const paths = ["/", "/discoveries", "/hall-of-fame", "/map", "/privacy-policy", `/jimmy/${serial}`];
  for (const path of paths) {
    // Two visitors, one after the other, within the copy's lifetime.
    let first: APIResponse | undefined;
    await expect
      .poll(
        async () => {
          first = await page.request.get(`${app.baseURL}${path}`);
          return first.headers()["x-page-cache"];
        },
        { timeout: TTL_MS + 5000, intervals: [250] },
      )
      .toBe("miss");
    const second = await page.request.get(`${app.baseURL}${path}`);
    expect(second.headers()["x-page-cache"], path).toBe("hit");
    const body = await first!.body();
    expect((await second.body()).equals(body), `${path}: the two answers' bodies`).toBe(true);
    const etag = first!.headers()["etag"];
    expect(etag, path).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(second.headers()["etag"]).toBe(etag);
    for (const response of [first!, second]) {
      expect(response.headers()["cache-control"], path).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=5");
      expect(response.headers()["vary"], path).toMatch(/Cookie/);
      expect(response.headers()["x-page-cache-shared"]).toBeUndefined();
    }
    // Revalidating with the ETag costs a 304 and no body.
    const revalidated = await page.request.get(`${app.baseURL}${path}`, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status(), path).toBe(304);
    expect((await revalidated.body()).length).toBe(0);
    // The page's policy lists exactly its inline scripts' hashes; nothing carries a nonce.
    const html = body.toString("utf8");
    const csp = first!.headers()["content-security-policy"]!;
    expect(csp, path).not.toContain("'nonce-");
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(await scriptNonces(first!)).toEqual([]);
    const hashes = inlineScriptHashes(html);
    expect(hashes.length, path).toBeGreaterThan(0);
    for (const hash of hashes) expect(csp, `${path}: ${hash}`).toContain(hash);
  }
  // In the browser their scripts run: each page hydrates, and nothing is blocked. (After the checks above:
  // a page may post in the background, which empties the cache.)
  for (const path of paths) {
    const shown = (await page.goto(`${app.baseURL}${path}`))!;
    expect(shown.headers()["content-security-policy"], path).not.toContain("'nonce-");
    await waitForHydration(page, testInfo);
  }
  if (jsEnabled(testInfo)) expect(blocked).toEqual([]);
});

test("a signed-in hunter's pages are rendered for them, never public, each with a nonce of its own; no copy a visitor gets carries their name", async ({
  page,
  browser,
}) => {
  const firstName = `Cached${crypto.randomInt(0, 1e6)}`;
  const signIn = await page.request.post(`${app.baseURL}/login`, {
    form: { firstName, lastName: "Hunter", redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const serial = mintJimmy();
  const nonces = new Set<string>();
  for (const path of ["/", "/", "/discoveries", "/hall-of-fame", "/map", `/jimmy/${serial}`]) {
    const response = (await page.goto(`${app.baseURL}${path}`))!;
    expect(response.headers()["x-page-cache"], path).toBe("bypass");
    expect(response.headers()["cache-control"], path).toBe("private, no-cache");
    expect(response.headers()["vary"], path).toMatch(/Cookie/);
    expect(response.headers()["etag"], path).toBeUndefined();
    // Each answer has a nonce of its own, in the CSP and on every script.
    const nonce = cspNonce(response);
    expect(new Set(await scriptNonces(response))).toEqual(new Set([nonce]));
    nonces.add(nonce);
    await expect(page.getByTestId("header-avatar")).toHaveAttribute("title", `${firstName} Hunter: your account`);
  }
  expect(nonces.size).toBe(6);
  const visitor = await browser.newContext();
  try {
    const anonymous = await visitor.newPage();
    for (let i = 0; i < 2; i++) {
      const response = (await anonymous.goto(`${app.baseURL}/`))!;
      expect(response.headers()["x-page-cache"]).not.toBe("bypass");
      expect(await response.text()).not.toContain(firstName);
      await expect(anonymous.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
      await expect(anonymous.getByTestId("header-avatar")).toHaveCount(0);
    }
  } finally {
    await visitor.close();
  }
});

/** A discovery of a new Jimmy by `userId`, written straight into the server's database. */
function plantDiscovery(userId: number, caption: string): number {
  const serial = mintJimmy();
  return app.withDb((db) => {
    const jimmy = db.prepare("select id from jimmys where serial_number = ?").get(serial) as { id: number };
    const at = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    const result = db
      .prepare(
        `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, is_first, created_at)
         values (?, ?, 'discoveries/planted/photo', 1200, 900, '320,720,1200', ?, 'Test Town', 0, ?)`,
      )
      .run(jimmy.id, userId, caption, at);
    return Number(result.lastInsertRowid);
  });
}

function userIdOf(firstName: string): number {
  return app.withDb((db) => (db.prepare("select id from users where first_name = ?").get(firstName) as { id: number }).id);
}

test("a hunter's home page is rendered for them: their name, likes and notifications; it hydrates, and a like shows on the next page", async ({
  page,
  browser,
}, testInfo) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const tag = crypto.randomInt(0, 1e6);
  const firstName = `Zoë <i>${tag}</i> & "Co"`;
  const lastName = "O'Hara";
  const finderName = `Finder${tag}`;
  const finder = await browser.newContext();
  try {
    expect(
      (
        await finder.request.post(`${app.baseURL}/login`, {
          form: { firstName: finderName, lastName: "Person", redirectTo: "/" },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(302);
  } finally {
    await finder.close();
  }
  const finderId = userIdOf(finderName);
  const older = plantDiscovery(finderId, `Planted older ${tag}`);
  const newer = plantDiscovery(finderId, `Planted newer ${tag}`);
  // Signing in is a post through the app, so the copies made before these discoveries are gone.
  expect(
    (await page.request.post(`${app.baseURL}/login`, { form: { firstName, lastName, redirectTo: "/" }, maxRedirects: 0 })).status(),
  ).toBe(302);
  const hunterId = userIdOf(firstName);
  app.withDb((db) => {
    db.prepare("insert into likes (discovery_id, user_id, created_at) values (?, ?, ?)").run(older, hunterId, new Date().toISOString());
    db.prepare("update discoveries set like_count = like_count + 1 where id = ?").run(older);
    db.prepare("insert into notifications (user_id, kind, actor_name, discovery_id, created_at) values (?, 'like', 'A fan', ?, ?)").run(
      hunterId,
      newer,
      new Date().toISOString(),
    );
  });
  expect((await page.goto(`${app.baseURL}/`))!.headers()["x-page-cache"]).toBe("bypass");
  const home = (await page.goto(`${app.baseURL}/`))!;
  expect(home.headers()["x-page-cache"]).toBe("bypass");
  expect(home.headers()["cache-control"]).not.toContain("public");

  await waitForHydration(page, testInfo);
  const avatar = page.getByTestId("header-avatar");
  await expect(avatar).toHaveAttribute("title", `${firstName} ${lastName}: your account`);
  await expect(page.getByRole("link", { name: "Notifications, 1 unread" })).toBeVisible();
  const likeButton = (id: number) => page.locator(`#discovery-${id}`).getByRole("button", { name: /^(Like|Unlike) \(/ });
  await expect(likeButton(older)).toHaveAttribute("aria-pressed", "true");
  await expect(likeButton(newer)).toHaveAttribute("aria-pressed", "false");
  await expect(page.locator(`#discovery-${older}`).getByText(`Planted older ${tag}`)).toBeVisible();

  await likeButton(newer).click();
  await expect(likeButton(newer)).toHaveAttribute("aria-pressed", "true");
  await expect(likeButton(newer).getByTestId("like-count")).toHaveText("1");
  const next = (await page.goto(`${app.baseURL}/`))!;
  expect(next.headers()["x-page-cache"]).toBe("bypass");
  await expect(likeButton(newer)).toHaveAttribute("aria-pressed", "true");
  await expect(likeButton(newer).getByTestId("like-count")).toHaveText("1");

  // Another hunter's page at the same address is theirs alone.
  const other = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) });
  try {
    const otherName = `Other${tag}`;
    expect(
      (
        await other.request.post(`${app.baseURL}/login`, {
          form: { firstName: otherName, lastName: "Hunter", redirectTo: "/" },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(302);
    const otherPage = await other.newPage();
    await otherPage.goto(`${app.baseURL}/`);
    const theirs = (await otherPage.goto(`${app.baseURL}/`))!;
    expect(theirs.headers()["x-page-cache"]).toBe("bypass");
    const theirHtml = await theirs.text();
    expect(theirHtml).not.toContain(String(tag) + "</i>");
    expect(theirHtml).not.toContain("O&#x27;Hara");
    await expect(otherPage.getByTestId("header-avatar")).toHaveAttribute("title", `${otherName} Hunter: your account`);
    await expect(otherPage.getByRole("link", { name: "Notifications, none unread" })).toBeVisible();
    await expect(otherPage.locator(`#discovery-${newer}`).getByRole("button", { name: /^(Like|Unlike) \(/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await expect(otherPage.locator(`#discovery-${older}`).getByRole("button", { name: /^(Like|Unlike) \(/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  } finally {
    await other.close();
  }
  expect(problems).toEqual([]);
});

test("two hunters asking in turn each get only their own name, likes and unread count, on every page", async ({ browser }, testInfo) => {
  const tag = crypto.randomInt(0, 1e6);
  const hunters = [
    { firstName: `Alternating${tag}`, lastName: "Ames", unread: 2 },
    { firstName: `Turntaking${tag}`, lastName: "Brook", unread: 1 },
  ];
  const contexts = await Promise.all(hunters.map(() => browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) })));
  try {
    for (const [i, hunter] of hunters.entries()) {
      const signIn = await contexts[i]!.request.post(`${app.baseURL}/login`, {
        form: { firstName: hunter.firstName, lastName: hunter.lastName, redirectTo: "/" },
        maxRedirects: 0,
      });
      expect(signIn.status()).toBe(302);
    }
    const ids = hunters.map((hunter) => userIdOf(hunter.firstName));
    // A third hunter found two Jimmys; each of the two likes one of them and has unread notifications of their own.
    const finder = app.withDb((db) => {
      const now = new Date().toISOString();
      const row = db
        .prepare(
          "insert into users (provider, provider_subject, first_name, last_name, created_at, updated_at) values ('e2e', ?, 'Finder', ?, ?, ?) returning id",
        )
        .get(crypto.randomUUID(), `Third${tag}`, now, now) as { id: number };
      return row.id;
    });
    const liked = [plantDiscovery(finder, `Liked by the first ${tag}`), plantDiscovery(finder, `Liked by the second ${tag}`)];
    const serialOf = (discoveryId: number) =>
      app.withDb(
        (db) =>
          (
            db.prepare("select j.serial_number from discoveries d join jimmys j on j.id = d.jimmy_id where d.id = ?").get(discoveryId) as {
              serial_number: number;
            }
          ).serial_number,
      );
    app.withDb((db) => {
      const now = new Date().toISOString();
      for (const [i, hunter] of hunters.entries()) {
        db.prepare("insert into likes (discovery_id, user_id, created_at) values (?, ?, ?)").run(liked[i], ids[i], now);
        db.prepare("update discoveries set like_count = like_count + 1 where id = ?").run(liked[i]);
        for (let n = 0; n < hunter.unread; n++)
          db.prepare(
            "insert into notifications (user_id, kind, actor_name, discovery_id, created_at) values (?, 'like', 'A fan', ?, ?)",
          ).run(ids[i], liked[1 - i], now);
      }
    });
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    const paths = ["/", "/discoveries", `/jimmy/${serialOf(liked[0]!)}`, `/jimmy/${serialOf(liked[1]!)}`, "/hall-of-fame", "/map"];
    // Two rounds, so each hunter is also served after the other has been on the same page.
    for (let round = 0; round < 2; round++) {
      for (const path of paths) {
        for (const [i, hunter] of hunters.entries()) {
          const page = pages[i]!;
          const other = hunters[1 - i]!;
          const response = (await page.goto(`${app.baseURL}${path}`))!;
          expect(response.status(), `${hunter.firstName} on ${path}`).toBe(200);
          const html = await response.text();
          expect(html, `${path} for ${hunter.firstName}`).not.toContain(other.firstName);
          await waitForHydration(page, testInfo);
          await expect(page.getByTestId("header-avatar")).toHaveAttribute("title", `${hunter.firstName} ${hunter.lastName}: your account`);
          await expect(page.getByRole("link", { name: `Notifications, ${hunter.unread} unread` }).first()).toBeAttached();
          for (const [j, discovery] of liked.entries()) {
            const like = page.locator(`#discovery-${discovery}`).getByRole("button", { name: /^(Like|Unlike) \(/ });
            if ((await like.count()) === 0) continue;
            await expect(like, `${hunter.firstName}'s like of ${discovery} on ${path}`).toHaveAttribute("aria-pressed", String(i === j));
          }
        }
      }
    }
    // The feed pages did show both discoveries with their like buttons, so the likes were checked there.
    for (const [i, page] of pages.entries()) {
      await page.goto(`${app.baseURL}/`);
      for (const [j, discovery] of liked.entries())
        await expect(page.locator(`#discovery-${discovery}`).getByRole("button", { name: /^(Like|Unlike) \(/ })).toHaveAttribute(
          "aria-pressed",
          String(i === j),
        );
    }
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test("a change made elsewhere shows within the time to live; a post through the app shows on the next page at once", async ({
  page,
  browser,
}) => {
  await viewFreshHome(page);
  const before = await jimmysCreated(page);

  // Another process (or an operator) mints a Jimmy: the copy stays until it is TTL_MS old.
  mintJimmy();
  const stale = (await page.goto(`${app.baseURL}/`))!;
  expect(stale.headers()["x-page-cache"]).toBe("hit");
  expect(await jimmysCreated(page)).toBe(before);
  await expect
    .poll(
      async () => {
        await page.goto(`${app.baseURL}/`);
        return jimmysCreated(page);
      },
      { timeout: TTL_MS + 5000, intervals: [250] },
    )
    .toBe(before + 1);

  // This time a hunter signs in through this process before the next view: any post empties the cache.
  await viewFreshHome(page);
  expect((await page.goto(`${app.baseURL}/`))!.headers()["x-page-cache"]).toBe("hit");
  mintJimmy();
  const hunter = await browser.newContext();
  try {
    const posted = await hunter.request.post(`${app.baseURL}/login`, {
      form: { firstName: "Poster", lastName: "Hunter", redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
  } finally {
    await hunter.close();
  }
  const fresh = (await page.goto(`${app.baseURL}/`))!;
  expect(fresh.headers()["x-page-cache"]).toBe("miss");
  expect(await jimmysCreated(page)).toBe(before + 2);
});

test("a Jimmy page's shared copy holds no comment-form token: the box gets one of its own, and a comment posted at once is refused, one after a moment goes through", async ({
  page,
}, testInfo) => {
  const serial = mintJimmy();
  const TOKEN = /\d{13}\.[A-Za-z0-9_-]{43}/;
  // The copy everyone shares: no form token anywhere in it, markup or data.
  const shared = await page.request.get(`${app.baseURL}/jimmy/${serial}`);
  expect(shared.headers()["cache-control"]).toContain("public");
  expect(await shared.text()).not.toMatch(TOKEN);

  // Each token is issued for whoever asks, never kept by anyone.
  const tokenFetch = async () => {
    const response = await page.request.get(`${app.baseURL}/jimmy/${serial}/comment-token`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    return ((await response.json()) as { token: string }).token;
  };
  const [one, two] = [await tokenFetch(), await tokenFetch()];
  expect(one).toMatch(TOKEN);
  expect(two).not.toBe(one);
  // Without JavaScript, 'Add Comment' leads to the page rendered for the visitor, with a token of its own.
  const opened = await page.request.get(`${app.baseURL}/jimmy/${serial}?comment=new`);
  expect(opened.headers()["x-page-cache"]).toBe("bypass");
  expect(opened.headers()["cache-control"]).toBe("private, no-cache");
  const openedToken = /<input[^>]*name="formToken"[^>]*>/.exec(await opened.text())?.[0].match(/value="([^"]+)"/)?.[1];
  expect(openedToken).toMatch(TOKEN);
  expect(openedToken).not.toBe(one);

  // Posted at once with a token just issued (fetched without a browser, so nothing stands between the two): refused.
  for (const token of [
    await tokenFetch(),
    /value="([^"]+)"/.exec(
      /<input[^>]*name="formToken"[^>]*>/.exec(await (await page.request.get(`${app.baseURL}/jimmy/${serial}?comment=new`)).text())![0],
    )![1]!,
  ]) {
    const hasty = `Hasty ${crypto.randomInt(0, 1e9)}`;
    const refused = await page.request.post(`${app.baseURL}/jimmy/${serial}`, {
      form: { content: hasty, authorName: "Quick", website: "", formToken: token },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("That was quick!");
  }

  // In the browser, from the shared copy: the box opens (fetching its token, or as the ?comment=new page) and posts after a moment.
  expect((await page.goto(`${app.baseURL}/jimmy/${serial}`))!.headers()["cache-control"]).toContain("public");
  await waitForHydration(page, testInfo);
  await page.getByRole(jsEnabled(testInfo) ? "button" : "link", { name: "Add Comment" }).click();
  const formToken = page.locator('input[name="formToken"]');
  await expect(formToken).toHaveAttribute("value", TOKEN);
  const content = `From a shared page ${crypto.randomInt(0, 1e9)}`;
  await page.getByLabel("Your comment").fill(content);
  await page.getByLabel(/^Your name/).fill("Cached Visitor");
  await waitFillTime(page);
  await page.getByRole("button", { name: "Post Comment" }).click();
  if (jsEnabled(testInfo)) await expect(page.getByTestId("toast-region").getByText("Comment posted!")).toBeVisible();
  await expect(page.getByTestId("comment-content").getByText(content, { exact: true })).toBeVisible();
  const stored = app.withDb((db) =>
    db.prepare("select content, author_name from comments where content like 'Hasty %' or content = ?").all(content),
  );
  expect(stored).toEqual([{ content, author_name: "Cached Visitor" }]);
});
