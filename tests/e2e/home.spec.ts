import { expect, test, type Locator, type Page } from "@playwright/test";
import { displayPlace } from "~/lib/places";
import { query, queryOne } from "./db";
import { expectAccessible, jsEnabled, waitForHydration } from "./helpers";

type Row = { id: number; created_at: string };

function statsFromDb() {
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  return {
    jimmys: queryOne<{ n: number }>("select count(*) n from jimmys").n,
    discoveries: queryOne<{ n: number }>("select count(*) n from discoveries").n,
    hunters: queryOne<{ n: number }>("select count(distinct user_id) n from discoveries where created_at >= ?", since).n,
    places: queryOne<{ n: number }>(
      // README, "How the figures are counted": a city, else the state or country; typed text naming no place counts nowhere.
      "select count(distinct case when country is not null then coalesce(city, '') || '|' || coalesce(region, '') || '|' || country end) n from discoveries",
    ).n,
  };
}

async function cardIds(cards: Locator): Promise<number[]> {
  const ids = await cards.evaluateAll((elements) => elements.map((e) => e.id));
  return ids.map((id) => Number(id.replace("discovery-", "")));
}

/**
 * The address of the feed a few pages before its end. By the end of the
 * suite the feed is dozens of pages long; reading all of them from the top
 * tests the same page boundaries over and over (and was the slowest test of
 * all), so the reading starts where a "Load more" link would have led.
 */
function feedNearItsEnd(includeFirst: boolean, pagesLeft = 3): string {
  const rows = query<Row>(
    `select id, created_at from discoveries ${includeFirst ? "" : "where is_first = 0"} order by created_at desc, id desc`,
  );
  const from = rows.length - pagesLeft * 10 - 5;
  const params = new URLSearchParams(includeFirst ? { all: "1" } : {});
  if (from > 0) params.set("after", `${rows[from]!.created_at}_${rows[from]!.id}`);
  return `/?${params}`;
}

/** Every discovery up to the newest one shown, newest first: what a complete scroll must show. */
function expectedFeed(topId: number, includeFirst: boolean): number[] {
  const top = queryOne<Row>("select id, created_at from discoveries where id = ?", topId);
  return query<Row>(
    `select id, created_at from discoveries
     where (created_at, id) <= (?, ?) ${includeFirst ? "" : "and is_first = 0"}
     order by created_at desc, id desc`,
    top.created_at,
    top.id,
  ).map((r) => r.id);
}

async function readToTheEnd(page: Page, isJs: boolean) {
  const cards = page.getByTestId("discovery-card");
  const end = page.getByText("No more discoveries to load");
  const seen: number[] = [];
  if (isJs) {
    for (let guard = 0; guard < 60 && !(await end.isVisible()); guard++) {
      const before = await cards.count();
      // Scrolled to the foot again on every look: the feed loads the next page when its foot comes
      // into view, which on a busy machine may be before the page has set up its watch for it.
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            return (await cards.count()) > before || (await end.isVisible());
          },
          { message: "the next page of the feed, or its end", timeout: 45_000 },
        )
        .toBe(true);
    }
    seen.push(...(await cardIds(cards)));
  } else {
    for (let guard = 0; guard < 60; guard++) {
      seen.push(...(await cardIds(cards)));
      const more = page.getByRole("link", { name: "Load more" });
      if (!(await more.isVisible())) break;
      const href = (await more.getAttribute("href"))!;
      await Promise.all([page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === href), more.click()]);
    }
  }
  await expect(end).toBeVisible();
  return seen;
}

test.describe("the home page", () => {
  test("a visitor sees the hunt's figures in the stats banner", async ({ page }) => {
    const before = statsFromDb();
    await page.goto("/");
    const after = statsFromDb();
    const banner = page.getByRole("region", { name: "Jimmy Hunt" });
    await expect(banner.getByRole("heading", { level: 1, name: "Jimmy Hunt" })).toBeVisible();
    const figure = async (label: string) => Number((await banner.getByTestId(label).textContent())?.replace(/,/g, ""));
    expect([before.jimmys, after.jimmys]).toContain(await figure("stat-totalJimmys"));
    expect([before.discoveries, after.discoveries]).toContain(await figure("stat-totalDiscoveries"));
    expect([before.hunters, after.hunters]).toContain(await figure("stat-activeHunters"));
    const locations = await banner.getByTestId("stats-locations").textContent();
    expect([`${before.places} locations`, `${after.places} locations`]).toContain(locations);
    await expect(banner.getByText("Jimmys Created")).toBeVisible();
    await expect(banner.getByText("Active Hunters")).toBeVisible();
    await expectAccessible(page);
  });

  test("the feed shows the newest regular discoveries, ten at a time, with every part of a card", async ({ page }, testInfo) => {
    await page.goto("/");
    await waitForHydration(page, testInfo);
    await expect(page.getByRole("heading", { name: "Recent Discoveries" })).toBeVisible();
    const cards = page.getByTestId("discovery-card");
    await expect(cards).toHaveCount(10);
    const ids = await cardIds(cards);
    expect(ids).toEqual(expectedFeed(ids[0]!, false).slice(0, 10));
    await expect(page.getByText("First discovery", { exact: true })).toHaveCount(0);

    const first = cards.first();
    const row = queryOne<{
      first_name: string;
      last_name: string;
      serial_number: number;
      caption: string;
      location: string | null;
      city: string | null;
      region: string | null;
      country: string | null;
      location_approximate: number;
      like_count: number;
      comment_count: number;
      profile_image_url: string | null;
      photo_variants: string;
    }>(
      `select u.first_name, u.last_name, j.serial_number, d.caption, d.location, d.city, d.region, d.country, d.location_approximate, d.like_count, j.comment_count, u.profile_image_url, d.photo_variants
       from discoveries d join users u on u.id = d.user_id join jimmys j on j.id = d.jimmy_id where d.id = ?`,
      ids[0],
    );
    await expect(first.getByText(`${row.first_name} ${row.last_name}`)).toBeVisible();
    // The card names the place as every page does (app/lib/places.ts).
    const place = displayPlace({ ...row, approximate: row.location_approximate === 1 });
    if (place) await expect(first.getByText(place, { exact: true })).toBeVisible();
    await expect(first.getByText(`#${row.serial_number}`, { exact: true })).toBeVisible();
    await expect(first.locator("time")).toHaveText(/^(Just now|\d+h ago|\d+d ago)$/);
    await expect(first.getByText(row.caption)).toBeVisible();
    await expect(first.getByTestId("like-count")).toHaveText(String(row.like_count));
    await expect(
      first.getByRole("link", { name: new RegExp(`^${row.comment_count} comments? on Jimmy #${row.serial_number}$`) }),
    ).toHaveAttribute("href", `/jimmy/${row.serial_number}#comments`);
    await expect(first.getByRole("link", { name: `View Jimmy #${row.serial_number}` })).toHaveAttribute(
      "href",
      `/jimmy/${row.serial_number}`,
    );
    const photo = first.getByRole("img", { name: new RegExp(`^Jimmy #${row.serial_number}`) });
    // Other tests add discoveries while this one runs, so the newest card's variants come from its own row.
    const widths = row.photo_variants.split(",");
    await expect(photo).toHaveAttribute("srcset", new RegExp(widths.map((w) => `${w}w`).join(".*")));
    await expect(photo).toHaveAttribute("width", /\d+/);
    await expect(photo).toHaveAttribute("height", /\d+/);
    await expect(photo).toHaveAttribute("fetchpriority", "high");
    await expect(cards.nth(3).getByRole("img", { name: /^Jimmy #/ })).toHaveAttribute("loading", "lazy");
    // The photo arrives (on a busy machine it may still be on its way when the card is checked).
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    if (row.profile_image_url) {
      await expect(first.locator(`img[src="${row.profile_image_url}"]`)).toBeVisible();
    } else {
      await expect(first.getByText(`${row.first_name[0]}${row.last_name[0]}`, { exact: true })).toBeVisible();
    }
  });

  test("the toggle switches between regular discoveries and all of them", async ({ page }, testInfo) => {
    await page.goto("/");
    await waitForHydration(page, testInfo);
    await page.getByRole("button", { name: "Show All" }).click();
    await expect(page.getByRole("button", { name: "Hide First Discoveries" })).toBeVisible();
    await expect(page).toHaveURL(/\?all=1/);
    const cards = page.getByTestId("discovery-card");
    await expect(cards).toHaveCount(10);
    const ids = await cardIds(cards);
    expect(ids).toEqual(expectedFeed(ids[0]!, true).slice(0, 10));
    await page.getByRole("button", { name: "Hide First Discoveries" }).click();
    await expect(page.getByRole("button", { name: "Show All" })).toBeVisible();
    await expect(page).not.toHaveURL(/all=1/);
  });

  test("shows three skeleton cards while the other result set loads", async ({ page }, testInfo) => {
    await page.goto("/");
    if (!jsEnabled(testInfo)) {
      // Without JavaScript the toggle loads a whole new page: it arrives complete.
      await page.getByRole("button", { name: "Show All" }).click();
      await expect(page.getByTestId("discovery-card")).toHaveCount(10);
      await expect(page.getByTestId("discovery-skeleton")).toHaveCount(0);
      return;
    }
    await waitForHydration(page, testInfo);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_root.data?*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Show All" }).click();
    await expect(page.getByTestId("discovery-skeleton")).toHaveCount(3);
    release();
    await expect(page.getByTestId("discovery-card")).toHaveCount(10);
    await expect(page.getByRole("button", { name: "Hide First Discoveries" })).toBeVisible();
  });

  test("a visitor reads the feed to its end, without duplicates or gaps", async ({ page }, testInfo) => {
    await page.goto(feedNearItsEnd(false));
    await waitForHydration(page, testInfo);
    const seen = await readToTheEnd(page, jsEnabled(testInfo));
    // More than one page was read, so the joins between pages were checked.
    expect(seen.length).toBeGreaterThan(20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expectedFeed(seen[0]!, false));
  });

  test("with all discoveries shown, the feed ends after the very first discovery", async ({ page }, testInfo) => {
    await page.goto(feedNearItsEnd(true));
    await waitForHydration(page, testInfo);
    const seen = await readToTheEnd(page, jsEnabled(testInfo));
    expect(seen).toEqual(expectedFeed(seen[0]!, true));
  });

  test("a page of the feed past its oldest discovery says the list has ended and links back to the newest", async ({ page }) => {
    const past = encodeURIComponent("1970-01-01T00:00:00.000Z_1");
    const hunter = queryOne<{ user_id: number }>("select user_id from discoveries order by id limit 1").user_id;
    for (const [path, back, label] of [
      [`/?after=${past}`, "/#feed", "Back to the newest discoveries"],
      [`/?all=1&after=${past}`, "/?all=1#feed", "Back to the newest discoveries"],
      [`/discoveries?after=${past}`, "/discoveries", "Back to the newest discoveries"],
      [`/hunters/${hunter}?after=${past}`, `/hunters/${hunter}`, "Back to their newest discoveries"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const main = page.getByRole("main");
      await expect(main.getByText("No more discoveries: you've reached the end of the list.")).toBeVisible();
      // Not the empty hunt's words: there are discoveries, just none this far back.
      await expect(main.getByText(/No (regular )?discoveries yet|hasn't reported a discovery yet/)).toHaveCount(0);
      const links = main.getByRole("link", { name: label });
      await expect(links).toHaveCount(1);
      await expect(links).toHaveAttribute("href", back);
    }
    await page.getByRole("main").getByRole("link", { name: "Back to their newest discoveries" }).click();
    await expect(page.getByTestId("discovery-card").first()).toBeVisible();
  });

  test("the 'Found a Jimmy?' panel offers scanning, manual entry, the Jimmys near you and the Hall of Fame", async ({ page }) => {
    await page.goto("/");
    const panel = page.getByRole("region", { name: "Found a Jimmy?" });
    await expect(panel.getByRole("link", { name: "Scan QR Code" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Manual Upload" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Hunt Near Me" })).toHaveAttribute("href", "/near-me");
    await expect(panel.getByRole("link", { name: "Hall of Fame" })).toHaveAttribute("href", "/hall-of-fame");
    await expect(page.getByRole("link", { name: "Report a discovery" })).toBeVisible();
  });
});

test.describe("a discovery's photo", () => {
  test("opens in the image viewer, which closes by its button, by the image and by Esc", async ({ page }, testInfo) => {
    await page.goto("/");
    const photoLink = page
      .getByTestId("discovery-card")
      .first()
      .getByRole("link", { name: /^View full-size photo/ });
    if (!jsEnabled(testInfo)) {
      await expect(photoLink).toHaveAttribute("href", /\/media\/discoveries\/.+\.webp$/);
      const response = await page.request.get((await photoLink.getAttribute("href"))!);
      expect(response.headers()["content-type"]).toBe("image/webp");
      return;
    }
    await waitForHydration(page, testInfo);
    const viewer = page.getByRole("dialog", { name: "Discovery Image Viewer" });

    await photoLink.click();
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole("img")).toHaveAttribute("src", /\.webp$/);
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();
    await expect(photoLink).toBeFocused();

    await photoLink.click();
    await expect(viewer).toBeVisible();
    await viewer.getByRole("img").click();
    await expect(viewer).toBeHidden();

    await photoLink.click();
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(photoLink).toBeFocused();
    await expectAccessible(page);
  });
});

test.describe("sharing a discovery", () => {
  test("copies the discovery's own link when the device cannot share", async ({ page, context }, testInfo) => {
    const card = () => page.getByTestId("discovery-card").first();
    if (!jsEnabled(testInfo)) {
      await page.goto("/");
      const id = (await card().getAttribute("id"))!.replace("discovery-", "");
      await expect(card().getByRole("link", { name: "Share" })).toHaveAttribute("href", `/discoveries/${id}`);
      return;
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      // This browser's share sheet is what the fallback replaces.
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    await page.goto("/");
    await waitForHydration(page, testInfo);
    const id = (await card().getAttribute("id"))!.replace("discovery-", "");
    await card().getByRole("link", { name: "Share" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Link copied!");
    await expect(toast).toContainText("Discovery link copied to clipboard");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/discoveries/${id}$`));
  });
});
