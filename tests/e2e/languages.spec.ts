import { expect, type Page, test } from "@playwright/test";
import { query, queryOne } from "./db";
import { jsEnabled, signIn, uniqueName, waitForHydration } from "./helpers";

/*
 * The hunt in the reader's language (docs/decisions/023-languages.md). The
 * test server offers the accented test language en-XA (PSEUDO_LANGUAGE), in
 * which every catalogued word reads "[Ŕéþöŕţ à ðîšçöṽéŕý]": a plain English
 * word left on a page in it is one the catalogue missed.
 */

/** Words the hunt does not translate: its name and proper names, what hunters wrote, and the seeded places. */
function untranslatedOnPurpose(): Set<string> {
  const words = new Set<string>(
    [
      "Jimmy",
      "Jimmys",
      "Hunt",
      "Google",
      "Apple",
      "Meta",
      "Facebook",
      "Instagram",
      "OpenStreetMap",
      "CC",
      "BY",
      "NC",
      "OSM",
      "QR",
      "GPX",
      "GeoJSON",
      "Atom",
      "RSS",
      "km",
      "mi",
      "English",
    ].map((w) => w.toLowerCase()),
  );
  const add = (text: string | null) => {
    for (const word of text?.match(/[A-Za-z]+/g) ?? []) words.add(word.toLowerCase());
  };
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
  for (const text of texts) for (const word of text.match(/[A-Za-z]{2,}/g) ?? []) if (!allowed.has(word.toLowerCase())) left.add(word);
  return [...left];
}

test("the accented test language reaches every word of the finder's pages", async ({ page }) => {
  test.setTimeout(120_000);
  const allowed = untranslatedOnPurpose();
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
    const left = await plainEnglish(page, allowed);
    if (left.length > 0) leftovers[path] = left;
  }
  await signIn(page, uniqueName("Accented"), "Walker", `/jimmy/${serial}/new-discovery`);
  for (const path of [`/jimmy/${serial}/new-discovery`, "/account", "/notifications", `/jimmy/${serial}`]) {
    await page.goto(path);
    await waitForHydration(page, test.info());
    const left = await plainEnglish(page, allowed);
    if (left.length > 0) leftovers[`${path} (signed in)`] = left;
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
