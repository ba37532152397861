import { expect, test } from "@playwright/test";
import crypto from "node:crypto";
import { freshSerial, mint } from "./admin-helpers";
import { displayPlace } from "../../app/lib/places";
import { discoveryDateTime } from "../../app/web/reader-terms.server";
import { query, queryOne, recountHuntFigures, storedPhoto, writeDb } from "./db";
import { expectAccessible, jsEnabled, waitForHydration } from "./helpers";

type JimmyRow = { id: number; serial_number: number; first_discovery_at: string | null; discovery_count: number };

/** Serials from freshSerial() start here: the Jimmys other tests make are not the demo's. */
const FIRST_TEST_SERIAL = 100_000;

/** The demo Jimmy with the longest journey. */
function traveller() {
  return queryOne<JimmyRow>(
    "select id, serial_number, first_discovery_at, discovery_count from jimmys where serial_number < ? order by discovery_count desc, serial_number limit 1",
    FIRST_TEST_SERIAL,
  );
}

test.describe("a Jimmy's page", () => {
  test("shows the latest sighting, the stats, the whole timeline and the comments", async ({ page }) => {
    const jimmy = traveller();
    const latest = queryOne<{
      id: number;
      caption: string;
      location: string | null;
      latitude: number | null;
      longitude: number | null;
      location_approximate: number;
      city: string | null;
      region: string | null;
      country: string | null;
      created_at: string;
    }>(
      "select id, caption, location, latitude, longitude, location_approximate, city, region, country, created_at from discoveries where jimmy_id = ? order by created_at desc, id desc limit 1",
      jimmy.id,
    );
    const response = await page.goto(`/jimmy/${jimmy.serial_number}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: `Jimmy #${jimmy.serial_number}` })).toBeVisible();

    const sighting = page.getByRole("region", { name: "Latest Sighting" });
    await expect(sighting.getByRole("img", { name: new RegExp(`^Jimmy #${jimmy.serial_number}`) })).toBeVisible();
    const place = displayPlace({ ...latest, approximate: latest.location_approximate === 1 });
    await expect(sighting.getByTestId("latest-place")).toHaveText(place ?? "Location not specified");
    await expect(sighting.getByText(latest.caption)).toBeVisible();
    // Its date and time where it was found ("Nov 21, 2026, 6:01 PM CST").
    await expect(sighting.locator("time")).toHaveText(discoveryDateTime({ createdAt: latest.created_at, ...latest }, null));
    if (latest.latitude !== null && latest.longitude !== null) {
      // Drawn by the app (tiles over its own basemap), never a third-party frame; the larger map is on the map service's site.
      await expect(sighting.locator("iframe")).toHaveCount(0);
      const map = sighting.getByTestId("sighting-map");
      await expect(
        map.getByRole("img", { name: new RegExp(`^Map of the latest sighting of Jimmy #${jimmy.serial_number}, `) }),
      ).toBeVisible();
      const larger = new URL((await map.getByRole("link", { name: "View larger map" }).getAttribute("href"))!);
      expect(larger.origin).toBe("https://www.openstreetmap.org");
      const [west, south, east, north] = ["minlon", "minlat", "maxlon", "maxlat"].map((key) => Number(larger.searchParams.get(key)));
      // A guessed position shows its city around it; a measured one the streets around it.
      const width = latest.location_approximate === 1 ? 0.2 : 0.02;
      expect(east! - west!).toBeCloseTo(width, 5);
      expect(north! - south!).toBeCloseTo(width, 5);
      expect((west! + east!) / 2).toBeCloseTo(latest.longitude, 5);
      expect((south! + north!) / 2).toBeCloseTo(latest.latitude, 5);
    } else {
      await expect(sighting.getByText("Location not available")).toBeVisible();
    }

    const places = queryOne<{ n: number }>(
      "select count(distinct case when country is not null then coalesce(city, '') || '|' || coalesce(region, '') || '|' || country end) n from discoveries where jimmy_id = ?",
      jimmy.id,
    ).n;
    const days = Math.floor((Date.now() - Date.parse(jimmy.first_discovery_at!)) / 86_400_000);
    const stat = (label: string) =>
      page
        .getByRole("region", { name: "Stats" })
        .locator("div", { has: page.getByText(label, { exact: true }) })
        .locator("dd");
    await expect(stat("Discoveries")).toHaveText(String(jimmy.discovery_count));
    await expect(stat("Locations")).toHaveText(String(places));
    await expect(stat("Days Active")).toHaveText(String(days));

    // The whole timeline, 20 to a page (other tests may have added to this Jimmy's journey).
    const timeline = page.getByTestId("timeline-entry");
    const hunters = query<{ name: string }>(
      "select u.first_name || ' ' || u.last_name name from discoveries d join users u on u.id = d.user_id where d.jimmy_id = ? order by d.created_at desc, d.id desc",
      jimmy.id,
    );
    expect(hunters).toHaveLength(jimmy.discovery_count);
    for (let start = 0; start < hunters.length; start += 20) {
      if (start > 0) await page.getByRole("link", { name: "Older discoveries" }).click();
      const onPage = hunters.slice(start, start + 20);
      await expect(timeline).toHaveCount(onPage.length);
      for (const [index, hunter] of onPage.entries()) {
        await expect(timeline.nth(index).getByText(hunter.name, { exact: true })).toBeVisible();
      }
    }
    await expect(page.getByRole("link", { name: "Older discoveries" })).toHaveCount(0);
    await expect(timeline.last().getByText("First discovery")).toBeVisible();
    await expectAccessible(page);
  });

  test("shows admin comments with a crown and the hunt's avatar, and unnamed ones as 'Anonymous Hunter'", async ({ page }) => {
    const withBoth = queryOne<{ serial_number: number }>(
      `select j.serial_number from jimmys j
       where exists (select 1 from comments c where c.jimmy_id = j.id and c.is_admin = 1)
         and exists (select 1 from comments c where c.jimmy_id = j.id and c.is_admin = 0 and c.author_name is null)
       order by j.serial_number limit 1`,
    );
    const comments = query<{ content: string; is_admin: number; author_name: string | null }>(
      "select content, is_admin, author_name from comments c join jimmys j on j.id = c.jimmy_id where j.serial_number = ? order by c.created_at desc, c.id desc",
      withBoth.serial_number,
    );
    await page.goto(`/jimmy/${withBoth.serial_number}#comments`);
    const section = page.locator("#comments");
    await expect(section).toBeInViewport();
    const items = section.getByTestId("comment");
    await expect(items).toHaveCount(comments.length);
    for (const [index, comment] of comments.entries()) {
      const item = items.nth(index);
      await expect(item.getByTestId("comment-content")).toHaveText(comment.content);
      if (comment.is_admin) {
        await expect(item.getByTestId("comment-author")).toHaveText("Jimmy Hunt");
        await expect(item.getByText("Admin")).toBeVisible();
        await expect(item.locator('img[src="/jimmy-avatar.svg"]')).toBeVisible();
      } else {
        await expect(item.getByTestId("comment-author")).toHaveText(comment.author_name ?? "Anonymous Hunter");
      }
      await expect(item.locator("time")).toHaveText(/^(Just now|\d+h ago|1 day ago|[2-6] days ago|[A-Z][a-z]{2} \d{1,2}, \d{4})$/);
    }
  });

  test("a feed card's comment count leads to the comments", async ({ page }, testInfo) => {
    await page.goto("/");
    await waitForHydration(page, testInfo);
    const link = page
      .getByTestId("discovery-card")
      .first()
      .getByRole("link", { name: /comments? on Jimmy #/ });
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace("#", "#")}$`));
    await expect(page.locator("#comments")).toBeInViewport();
  });

  test("a Jimmy nobody has found yet invites the first discovery", async ({ page }) => {
    const hidden = queryOne<{ serial_number: number }>(
      "select serial_number from jimmys where discovery_count = 0 order by serial_number limit 1",
    );
    const response = await page.goto(`/jimmy/${hidden.serial_number}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText(`Nobody has found Jimmy #${hidden.serial_number} yet`)).toBeVisible();
    await expect(page.getByText("No discoveries yet!")).toBeVisible();
    await expect(page.getByRole("region", { name: "Latest Sighting" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Report the First Discovery" })).toHaveAttribute(
      "href",
      `/jimmy/${hidden.serial_number}/first-discovery`,
    );
    await expectAccessible(page);
  });

  test("an unknown serial is 'Jimmy Not Found' with status 404", async ({ page }) => {
    const response = await page.goto("/jimmy/987654321");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Jimmy Not Found" })).toBeVisible();
    await expectAccessible(page);
  });

  for (const path of ["/jimmy/abc", "/jimmy/0", "/jimmy/007", `/jimmy/${"9".repeat(10_000)}`, "/jimmy"]) {
    test(`${path.slice(0, 20)} is an 'Invalid URL' with status 400`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole("heading", { name: "Invalid URL" })).toBeVisible();
    });
  }

  test("a shared link previews with the latest photo", async ({ request }) => {
    const jimmy = traveller();
    const html = await (await request.get(`/jimmy/${jimmy.serial_number}`)).text();
    expect(html).toMatch(new RegExp(`<meta property="og:title" content="Jimmy #${jimmy.serial_number} · Jimmy Hunt"/>`));
    expect(html).toMatch(
      new RegExp(`<meta property="og:image" content="http://127\\.0\\.0\\.1:\\d+/og/jimmys/${jimmy.serial_number}\\.jpg"/>`),
    );
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
  });

  test("shows a spinner while a Jimmy's page loads", async ({ page }, testInfo) => {
    await page.goto("/");
    const link = page
      .getByTestId("discovery-card")
      .first()
      .getByRole("link", { name: /^View Jimmy #/ });
    const serial = (await link.textContent())!.replace("View Jimmy #", "");
    if (!jsEnabled(testInfo)) {
      // Without JavaScript the browser loads the page whole: no spinner, just the page.
      await link.click();
      await expect(page.getByRole("heading", { level: 1, name: `Jimmy #${serial}` })).toBeVisible();
      await expect(page.getByText("Loading Jimmy…")).toHaveCount(0);
      return;
    }
    await waitForHydration(page, testInfo);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/jimmy/${serial}.data*`, async (route) => {
      await held;
      await route.continue();
    });
    await link.click();
    await expect(page.getByRole("status").filter({ hasText: "Loading Jimmy…" })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: `Jimmy #${serial}` })).toBeVisible();
  });
});

test.describe("a well-travelled Jimmy's page", () => {
  test("shows its timeline 20 discoveries at a time, newest first, with links to older ones and back", async ({ page }) => {
    const serial = freshSerial();
    const jimmyId = mint(serial);
    const total = 23;
    const db = writeDb();
    try {
      const now = new Date().toISOString();
      const subject = crypto.randomUUID();
      db.prepare(
        "insert into users (provider, provider_subject, first_name, last_name, created_at, updated_at) values ('e2e', ?, 'Wanda', 'Traveller', ?, ?)",
      ).run(subject, now, now);
      const userId = (db.prepare("select id from users where provider_subject = ?").get(subject) as { id: number }).id;
      const photo = storedPhoto(db);
      const insert = db.prepare(
        `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, location, is_first, created_at)
         values (?, ?, ?, ?, ?, ?, ?, 'Austin, TX', ?, ?)`,
      );
      const stored = [photo.photo_key, photo.photo_width, photo.photo_height, photo.photo_variants] as const;
      for (let i = 0; i < total; i++)
        insert.run(
          jimmyId,
          userId,
          ...stored,
          `Stop ${i + 1} of the journey`,
          i === 0 ? 1 : 0,
          new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
        );
      db.prepare(
        "update jimmys set discovery_count = ?, status = 'discovered', first_discovery_at = ?, last_discovery_at = ? where id = ?",
      ).run(total, new Date(Date.UTC(2026, 0, 1)).toISOString(), new Date(Date.UTC(2026, 0, total)).toISOString(), jimmyId);
      recountHuntFigures(db);
    } finally {
      db.close();
    }

    await page.goto(`/jimmy/${serial}`);
    const timeline = page.getByTestId("timeline-entry");
    await expect(timeline).toHaveCount(20);
    await expect(timeline.first()).toContainText(`Stop ${total} of the journey`);
    await expect(timeline.last()).toContainText("Stop 4 of the journey");
    await expect(page.getByRole("region", { name: "Stats" }).getByText(String(total), { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Older discoveries" }).click();
    await expect(timeline).toHaveCount(3);
    await expect(timeline.first()).toContainText("Stop 3 of the journey");
    await expect(timeline.last()).toContainText("Stop 1 of the journey");
    await expect(page.getByRole("region", { name: "Latest Sighting" }).getByText(`Stop ${total} of the journey`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Older discoveries" })).toHaveCount(0);

    await page.getByRole("link", { name: "Newest discoveries" }).click();
    await expect(timeline).toHaveCount(20);
    await expect(timeline.first()).toContainText(`Stop ${total} of the journey`);
  });

  test("a made-up page of the timeline is a clear 400", async ({ page }) => {
    const response = await page.goto(`/jimmy/1?before=yesterday`);
    expect(response?.status()).toBe(400);
    await expect(page.getByText("That page of Jimmy #1's timeline doesn't exist.", { exact: false })).toBeVisible();
  });
});
