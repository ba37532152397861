import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { LANGUAGE_NAMES } from "~/lib/language";
import { US_STATES } from "~/lib/us-states";
import { TILE_ATTRIBUTION } from "../support/tile-server";

/** Every country's English name (places are data: the map data names them in English). */
const COUNTRY_NAMES = (() => {
  const names = new Intl.DisplayNames("en", { type: "region" });
  const found: string[] = [];
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code) found.push(name);
    }
  return found;
})();
import { execute, query, queryOne, writeDb } from "./db";
import { waitForMail } from "./mail";
import { postFormComment, useOwnAddress } from "./social";
import { jsEnabled, signIn, signInByRequest, uniqueName, waitForHydration } from "./helpers";
import { makeStoredDiscovery } from "./admin-helpers";
import { appRoutes, routeUrl } from "./routes";

/*
 * The hunt in the reader's language (docs/decisions/023-languages.md). The
 * test server offers the accented test language en-XA (PSEUDO_LANGUAGE), in
 * which every catalogued word reads "[Ŕéþöŕţ à ðîšçöṽéŕý]": a plain English
 * word left on a page in it is one the catalogue missed.
 */

/**
 * Words the hunt does not translate: proper names (its own, the providers', browsers',
 * the map data's, the languages' own names), what hunters wrote and the seeded places,
 * the hunt's configured name, tagline and link labels, and what `Intl` writes for
 * dates (month and zone names), which it words in English for a language it does not
 * know; in the real languages it words them itself (app/lib/dates.test.ts).
 */
async function untranslatedOnPurpose(request: APIRequestContext, ...extra: string[]): Promise<Set<string>> {
  const words = new Set<string>();
  const add = (text: string | null | undefined) => {
    for (const word of text?.match(/[A-Za-z]+/g) ?? []) words.add(word.toLowerCase());
  };
  [
    "Jimmy Jimmys Hunt Google Apple Meta Facebook Instagram OpenStreetMap GeoNames Natural Earth US Census",
    "QR GPX GeoJSON Atom RSS CC BY NC DMCA JSON POST HEIC HEIF JPEG PNG WebP",
    "Chrome Chromium Firefox Safari Edge Windows macOS Linux Android iOS iPhone HeadlessChrome",
    "January February March April May June July August September October November December",
    "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
    "Community forum",
    ...Object.values(LANGUAGE_NAMES),
    ...US_STATES.map((state) => state.name),
    ...COUNTRY_NAMES,
    TILE_ATTRIBUTION,
    ...extra,
  ].forEach(add);
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as { name: string; description: string };
  add(manifest.name);
  add(manifest.description);
  for (const row of query<Record<string, string | null>>("SELECT first_name, last_name, email FROM users")) Object.values(row).forEach(add);
  for (const row of query<Record<string, string | null>>("SELECT caption, location, city, region, country FROM discoveries"))
    Object.values(row).forEach(add);
  for (const row of query<Record<string, string | null>>("SELECT author_name, content FROM comments")) Object.values(row).forEach(add);
  for (const row of query<Record<string, string | null>>("SELECT name, location FROM jimmys")) Object.values(row).forEach(add);
  return words;
}

/** The English words a page shows (its text and its labels) that the accented language should have changed. */
async function plainEnglish(page: Page, allowed: Set<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [document.title];
    const main = document.body;
    found.push(main.innerText);
    for (const element of main.querySelectorAll<HTMLElement>("[aria-label], [title], [placeholder], img[alt]")) {
      if (element.closest("[hidden], [aria-hidden='true']")) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  });
  const left = new Set<string>();
  for (const text of texts)
    for (const word of text.replace(/\S+@\S+|https?:\/\/\S+|\b[\w-]*\d[\w-]*\b/g, " ").match(/[A-Za-z]{2,}/g) ?? [])
      // Initials on avatars, and zone names and AM/PM from Intl, are capitals of two to four letters.
      if (!allowed.has(word.toLowerCase()) && !/^[A-Z]{2,4}$/.test(word)) left.add(word);
  return [...left];
}

test("the accented test language reaches every word of the finder's pages", async ({ page }) => {
  test.setTimeout(180_000);
  const walker = uniqueName("Accented");
  const { serial } = queryOne<{ serial: number }>(
    "SELECT j.serial_number AS serial FROM jimmys j JOIN discoveries d ON d.jimmy_id = j.id GROUP BY j.id ORDER BY COUNT(*) DESC LIMIT 1",
  );
  const { discovery } = queryOne<{ discovery: number }>("SELECT MIN(id) AS discovery FROM discoveries");
  const { hunter } = queryOne<{ hunter: number }>(
    "SELECT user_id AS hunter FROM discoveries GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 1",
  );
  // ?lang= opens a page in the language and keeps it for the next ones.
  await page.goto("/?lang=en-XA");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
  const pages = [
    "/",
    "/discoveries",
    `/jimmy/${serial}`,
    `/discoveries/${discovery}`,
    `/hunters/${hunter}`,
    "/hall-of-fame",
    "/map",
    "/near-me",
    "/search?q=jimmy",
    "/scan",
    "/found",
    "/login",
    "/privacy-policy",
    "/preferences/language",
    "/preferences/units",
    "/no-such-page",
  ];
  const leftovers: Record<string, string[]> = {};
  for (const path of pages) {
    await page.goto(path);
    await waitForHydration(page, test.info());
    await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
    const left = await plainEnglish(page, await untranslatedOnPurpose(page.request, walker, "Walker"));
    if (left.length > 0) leftovers[path] = left;
  }
  await signIn(page, walker, "Walker", `/jimmy/${serial}/new-discovery`);
  for (const path of [`/jimmy/${serial}/new-discovery`, "/account", "/notifications", `/jimmy/${serial}`]) {
    await page.goto(path);
    await waitForHydration(page, test.info());
    const left = await plainEnglish(page, await untranslatedOnPurpose(page.request, walker, "Walker"));
    if (left.length > 0) leftovers[`${path} (signed in)`] = left;
  }
  expect(leftovers, "English words left on pages in the accented test language").toEqual({});
});

test("the accented test language reaches every page a hunter can open, their own discovery's and comment's included", async ({ page }) => {
  test.setTimeout(300_000);
  const walker = uniqueName("Everywhere");
  const userId = await signInByRequest(page.request, walker, "Walker");
  const stored = await makeStoredDiscovery();
  const db = writeDb();
  let commentId: number;
  try {
    db.prepare("update discoveries set user_id = ? where id = ?").run(userId, stored.id);
    commentId = Number(
      db
        .prepare("insert into comments (jimmy_id, user_id, author_name, is_admin, content, created_at) values (?, ?, ?, 0, 'Planted', ?)")
        .run(stored.jimmyId, userId, walker, new Date().toISOString()).lastInsertRowid,
    );
    db.prepare("update jimmys set comment_count = comment_count + 1 where id = ?").run(stored.jimmyId);
  } finally {
    db.close();
  }
  const samples = { serial: stored.serial, jimmyId: stored.jimmyId, discoveryId: stored.id, commentId };
  await page.goto("/?lang=en-XA");
  // Every page route but the admin panel's, which stays in English (docs/decisions/023-languages.md).
  const routes = appRoutes().filter((route) => route.isPage && !route.pattern.startsWith("/admin") && route.pattern !== "/api/logout");
  expect(routes.length).toBeGreaterThan(30);
  const leftovers: Record<string, string[]> = {};
  for (const route of routes) {
    const url = routeUrl(route, samples);
    await page.goto(url);
    await waitForHydration(page, test.info());
    await expect(page.locator("html"), url).toHaveAttribute("lang", "en-XA");
    // The demo's label codes are letters, as printed on the labels.
    const codes = (await page.locator("td.font-mono").allInnerTexts()).flatMap((text) => text.match(/\b[A-Z]{6}\b/g) ?? []);
    const left = await plainEnglish(page, await untranslatedOnPurpose(page.request, walker, "Walker", "Planted", ...codes));
    if (left.length > 0) leftovers[`${url} (${route.file})`] = left;
  }
  expect(leftovers, "English words left on pages in the accented test language").toEqual({});
});

test("every page names its other languages for search engines, and the sitemap lists them", async ({ request }) => {
  const home = await request.get("/");
  const link = home.headers()["link"] ?? "";
  expect(link).toContain('hreflang="x-default"');
  for (const language of ["en", "es", "fr", "de", "pt-BR", "ja", "ar"])
    expect(link).toContain(`?lang=${language}>; rel="alternate"; hreflang="${language}"`);
  const pages = await (await request.get("/sitemaps/pages.xml")).text();
  expect(pages).toContain('hreflang="ja" href="http');
  expect(pages).toContain("/hall-of-fame?lang=ar");
});

test("the switch changes the language, which sticks across pages, with or without JavaScript", async ({ page }) => {
  await page.goto("/hall-of-fame");
  await waitForHydration(page, test.info());
  await page.getByTestId("language-link").click();
  await expect(page).toHaveURL(/\/preferences\/language\?back=%2Fhall-of-fame/);
  await page.getByRole("button", { name: "[Ëñĝļîšĥ]" }).click();
  await expect(page).toHaveURL(/\/hall-of-fame$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
  await page.goto("/discoveries");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
  if (jsEnabled(test.info())) await waitForHydration(page, test.info());
  await expect(page.getByTestId("language-link")).toContainText("[Ëñĝļîšĥ]");
});

test("the switch refuses a language the hunt does not speak, in the reader's language", async ({ request }) => {
  const response = await request.post("/preferences/language", {
    form: { language: "tlh", redirectTo: "/" },
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin, Cookie: "lang=en-XA" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toMatch(/role="alert"[^>]*>\[Çĥööšé öñé öƒ ţĥé ļàñĝûàĝéš ļîšţéð\.\]</);
});

test("a visitor whose browser asks for Spanish gets Spanish on every page", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    locale: "es-MX",
    extraHTTPHeaders: { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" },
    javaScriptEnabled: jsEnabled(test.info()),
  });
  const page = await context.newPage();
  try {
    const serial = queryOne<{ serial: number }>(
      "SELECT j.serial_number AS serial FROM jimmys j JOIN discoveries d ON d.jimmy_id = j.id GROUP BY j.id ORDER BY COUNT(*) DESC LIMIT 1",
    ).serial;
    const pages: [string, string, string][] = [
      ["/", "Hallazgos recientes", "Recent Discoveries"],
      ["/discoveries", "Todos los hallazgos", "All Discoveries"],
      [`/jimmy/${serial}`, "Cronología de hallazgos", "Discovery Timeline"],
      ["/hall-of-fame", "Salón de la Fama", "Hall of Fame"],
      ["/map", "Mapa de ubicaciones de los Jimmys", "Jimmy Location Map"],
      ["/login", "Iniciar sesión", "Sign in"],
      ["/privacy-policy", "Política de privacidad", "Privacy Policy"],
    ];
    for (const [path, spanish, english] of pages) {
      await page.goto(path);
      await waitForHydration(page, test.info());
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.locator("main")).toContainText(spanish);
      await expect(page.locator("main")).not.toContainText(english);
    }
    // Its footer names the language in itself, and the page's address is the same as in English.
    await expect(page.getByTestId("language-link")).toContainText("Idioma: Español");
    expect(new URL(page.url()).pathname).toBe("/privacy-policy");
  } finally {
    await context.close();
  }
});

test("switching to Japanese sticks across pages and comes back at sign-in on another browser", async ({ page, browser, baseURL }) => {
  await page.goto("/hall-of-fame");
  await waitForHydration(page, test.info());
  await page.getByTestId("language-link").click();
  await page.getByRole("button", { name: "日本語" }).click();
  await expect(page).toHaveURL(/\/hall-of-fame$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("殿堂");
  await page.goto("/discoveries");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("すべての発見");
  // Signing in keeps it, and saves it on the account.
  const name = uniqueName("Nihongo");
  await signIn(page, name, "Tester", "/discoveries");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  expect(queryOne<{ language: string }>("SELECT language FROM users WHERE first_name = ?", name).language).toBe("ja");

  // The same hunter on another browser that asks for English reads Japanese once signed in.
  const other = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "Accept-Language": "en-US,en;q=0.9" },
    javaScriptEnabled: jsEnabled(test.info()),
  });
  try {
    const elsewhere = await other.newPage();
    await elsewhere.goto("/discoveries");
    await expect(elsewhere.locator("html")).toHaveAttribute("lang", "en");
    await signIn(elsewhere, name, "Tester", "/discoveries");
    await expect(elsewhere.locator("html")).toHaveAttribute("lang", "ja");
    await expect(elsewhere.getByRole("heading", { level: 1 })).toHaveText("すべての発見");
  } finally {
    await other.close();
  }
});

test("an Arabic page is right to left, with its back arrow mirrored", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "lang", value: "ar", url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/discoveries");
  await waitForHydration(page, test.info());
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("كل الاكتشافات");
  // The page reads from the right: the heading's words sit at the right of its box.
  const [leftGap, rightGap] = await page.getByRole("heading", { level: 1 }).evaluate((heading) => {
    const range = document.createRange();
    range.selectNodeContents(heading);
    const text = range.getBoundingClientRect();
    const box = heading.getBoundingClientRect();
    return [text.left - box.left, box.right - text.right];
  });
  expect(rightGap).toBeLessThan(leftGap);
  await page.screenshot({ path: test.info().outputPath("arabic-discoveries.png"), fullPage: true });
});

test("a watcher who chose French gets the watch email in French", async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const serial = queryOne<{ serial: number }>(
    "SELECT j.serial_number AS serial FROM jimmys j JOIN discoveries d ON d.jimmy_id = j.id GROUP BY j.id ORDER BY COUNT(*) DESC LIMIT 1",
  ).serial;
  const watcher = uniqueName("Francais");
  await signIn(page, watcher, "Tester", "/");
  // Chosen with the switch while signed in: the account keeps it, and the emails follow it.
  const chose = await page.request.post("/preferences/language", {
    form: { language: "fr", redirectTo: `/jimmy/${serial}` },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(chose.status()).toBe(303);
  const address = `${watcher.toLowerCase()}@example.com`;
  execute("UPDATE users SET email = ?, email_chosen = 1, email_frequency = 'each' WHERE first_name = ?", address, watcher);
  await page.goto(`/jimmy/${serial}`);
  await waitForHydration(page, test.info());
  await page.getByRole("button", { name: "Suivre", exact: true }).click();
  await expect(page.getByRole("button", { name: "Suivi" })).toHaveAttribute("aria-pressed", "true");
  // A visitor comments on the Jimmy: its watchers hear of it.
  await useOwnAddress(page.context());
  const comment = await postFormComment(request, serial, { content: `Bonjour de Lyon ! (${watcher})`, authorName: "Camille" });
  expect(comment.status()).toBeLessThan(400);
  const mail = await waitForMail(address, new RegExp(`^Camille a commenté Jimmy nº ${serial}$`), 30_000);
  expect(mail.parsed.html).toContain('lang="fr"');
});

test.describe("the words a page's code shows", () => {
  test("are one file per language and version, kept for a year; another version's name is a 404 in the reader's language", async ({
    request,
  }) => {
    const page = await (await request.get("/discoveries", { headers: { Cookie: "lang=ar" } })).text();
    const address = /<link[^>]*id="words"[^>]*href="([^"]+)"/.exec(page)?.[1];
    expect(address).toMatch(/^\/words\/ar-[0-9a-f]{12}\.json$/);
    // The page does not carry them: a word only the browser's code shows is not in it.
    expect(page).not.toContain("إنه ينتظر في صندوق الصادر");
    // Every page in the language names the same file, which holds the words.
    const home = await (await request.get("/", { headers: { Cookie: "lang=ar" } })).text();
    expect(home).toContain(`href="${address}"`);
    const words = await request.get(address!);
    expect(words.status()).toBe(200);
    expect(words.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(words.headers()["content-type"]).toContain("application/json");
    expect(JSON.stringify(await words.json())).toContain("كل الاكتشافات");
    // A name the hunt does not give (another version's) is a 404 the reader can read, never kept.
    const stale = await request.get(address!.replace(/-[0-9a-f]{12}\./, "-000000000000."), { headers: { Cookie: "lang=fr" } });
    expect(stale.status()).toBe(404);
    expect(stale.headers()["cache-control"]).toBe("no-store");
    expect(await stale.text()).toContain("rechargez la page");
    expect((await request.get("/words/xx-000000000000.json")).status()).toBe(404);
  });

  test("reach the browser's own pages in Arabic, and a page that lost them on a flaky connection works as sent until they come", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "lang", value: "ar", url: baseURL! }]);
    let dropped = 0;
    // The first two times the words are asked for (the page's preload hint, then its code), the connection drops.
    await context.route("**/words/*.json", (route) => (dropped++ < 2 ? route.abort("internetdisconnected") : route.continue()));
    await page.goto("/discoveries");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("كل الاكتشافات");
    if (jsEnabled(test.info())) {
      // The page stays as the server sent it, which works without JavaScript, and asks again: it becomes interactive.
      await expect.poll(() => dropped).toBeGreaterThanOrEqual(2);
      await waitForHydration(page, test.info());
      expect(dropped).toBeGreaterThanOrEqual(3);
    }
    // The next page is drawn by the browser's code with JavaScript on (by the server with it off): Arabic either way.
    await page.getByRole("contentinfo").getByRole("link", { name: "سياسة الخصوصية" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("سياسة الخصوصية");
    await expect(page.locator("main")).not.toContainText("Privacy Policy");
  });

  test("of another version make the page load the current one", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "de", url: baseURL! }]);
    let documents = 0;
    let asked = 0;
    // The first page's words are a 404, as after a deploy renamed them: the page loads again, and this time gets them.
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
    });
    await context.route("**/words/*.json", (route) => {
      asked++;
      return documents === 1 ? route.fulfill({ status: 404, body: "No such words file" }) : route.continue();
    });
    await page.goto("/hall-of-fame");
    if (jsEnabled(test.info())) await expect.poll(() => documents).toBe(2);
    await waitForHydration(page, test.info());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ruhmeshalle");
    // Without JavaScript the page is whole as it came; the browser follows the page's preload hint all the same.
    expect(documents).toBe(jsEnabled(test.info()) ? 2 : 1);
    expect(asked).toBeGreaterThanOrEqual(1);
  });
});
