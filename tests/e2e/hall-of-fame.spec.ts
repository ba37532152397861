import { expect, test } from "@playwright/test";
import { freshSerial } from "./admin-helpers";
import { query, recountHuntFigures, storedPhoto, writeDb } from "./db";
import { expectAccessible, uniqueName } from "./helpers";
import { plantHunter } from "./social";
import { PAGE_JOURNEY_PHOTOS } from "~/lib/hall-of-fame";

type HallRecord = {
  jimmySerialNumber: number;
  value: number;
  unit: string;
  description: string;
  discoveryCount: number;
  discoveries: unknown[];
  countries?: string[];
  states?: string[];
  cities?: string[];
};

const CARDS = [
  ["longestDistance", "Longest Distance", "Total great-circle path length in miles along a Jimmy's located discoveries, in time order."],
  [
    "furthestJourney",
    "Furthest Journey",
    "Greatest great-circle distance in miles from a Jimmy's first located discovery to any later one.",
  ],
  ["mostDiscovered", "Most Discovered", "Number of discoveries of a Jimmy."],
  ["longestTraveler", "Longest Journey Time", "Whole days from a Jimmy's first discovery to its latest one."],
  ["mostCountries", "Most Countries", "Distinct countries a Jimmy was discovered in, listed in order of first visit."],
  [
    "mostStates",
    "Most US States",
    "Distinct US states (and the District of Columbia) a Jimmy was discovered in, listed in order of first visit.",
  ],
  ["mostCities", "Most Cities", "Distinct cities a Jimmy was discovered in, listed in order of first visit."],
] as const;

const shown = (key: string, value: number) =>
  key === "longestDistance" || key === "furthestJourney"
    ? value.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    : value.toLocaleString("en-US");

test.describe("the Hall of Fame", () => {
  test("a visitor sees each record, how it is measured and who holds it", async ({ page, request }) => {
    const records = (await (await request.get("/api/hall-of-fame")).json()) as Partial<Record<string, HallRecord>>;
    await page.goto("/hall-of-fame");
    await expect(page.getByRole("heading", { level: 1, name: "Hall of Fame" })).toBeVisible();
    await expect(page.getByText("Ties go to the Jimmy that reached the value first.")).toBeVisible();

    for (const [key, title, definition] of CARDS) {
      const record = records[key]!;
      const card = page.getByRole("article", { name: title });
      await expect(card.getByTestId("record-definition")).toHaveText(definition);
      await expect(card.getByTestId("record-value")).toHaveText(`${shown(key, record.value)} ${record.unit}`);
      await expect(card.getByRole("link", { name: `Jimmy #${record.jimmySerialNumber}` })).toHaveAttribute(
        "href",
        `/jimmy/${record.jimmySerialNumber}`,
      );
      await expect(card.getByText(`Discoveries: ${record.discoveryCount}`)).toBeVisible();
      // The page shows the latest PAGE_JOURNEY_PHOTOS of what the API lists, and links to the rest.
      await expect(card.getByTestId("journey-photos").getByRole("img")).toHaveCount(
        Math.min(record.discoveries.length, PAGE_JOURNEY_PHOTOS),
      );
      const whole = card.getByRole("link", { name: /^The whole journey: / });
      if (record.discoveryCount > PAGE_JOURNEY_PHOTOS) {
        await expect(whole).toHaveText(`The whole journey: ${record.discoveryCount.toLocaleString("en-US")} discoveries`);
        await expect(whole).toHaveAttribute("href", `/jimmy/${record.jimmySerialNumber}#timeline`);
      } else {
        await expect(whole).toHaveCount(0);
      }
    }
    await expectAccessible(page);
  });

  test("the geographic champions list their countries, states and cities in order of first visit", async ({ page, request }) => {
    const records = (await (await request.get("/api/hall-of-fame")).json()) as Partial<Record<string, HallRecord>>;
    await page.goto("/hall-of-fame");
    await expect(page.getByRole("heading", { level: 2, name: "Geographic Champions" })).toBeVisible();
    const lists = [
      ["Most Countries", "Countries, in order of first visit", records.mostCountries!.countries!],
      ["Most US States", "US states, in order of first visit", records.mostStates!.states!],
      ["Most Cities", "Cities, in order of first visit", records.mostCities!.cities!],
    ] as const;
    for (const [title, label, places] of lists) {
      const list = page.getByRole("article", { name: title }).getByRole("list", { name: label });
      await expect(list.getByRole("listitem")).toHaveText([...places]);
    }
    expect(records.mostCountries!.countries).toContain("United States");
  });

  test("journey photos sit in a 3-column grid of limited height that scrolls, and load lazily", async ({ page }) => {
    await page.goto("/hall-of-fame");
    const card = page.getByRole("article", { name: "Most Discovered" });
    const grid = card.getByTestId("journey-photos");
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(3);
    const scroller = card.getByRole("region", { name: /^Journey photos of Jimmy #\d+$/ });
    const box = await scroller.evaluate((el) => ({
      overflow: getComputedStyle(el).overflowY,
      maxHeight: getComputedStyle(el).maxHeight,
      scrolls: el.scrollHeight > el.clientHeight,
    }));
    expect(box.overflow).toBe("auto");
    expect(box.maxHeight).not.toBe("none");
    expect(box.scrolls).toBe(true);
    const photos = grid.getByRole("img");
    expect(await photos.count()).toBeGreaterThan(6);
    for (const loading of await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("loading")))) {
      expect(loading).toBe("lazy");
    }
    await expect(photos.first()).toHaveAttribute("srcset", /320w/);
  });

  test("journey photos and the latest photo are shown whole, not cropped, so the serial tag at their edge stays in view", async ({
    page,
  }) => {
    await page.goto("/hall-of-fame");
    const card = page.getByRole("article", { name: "Most Discovered" });
    const images = card.getByRole("img", { name: /^(Jimmy #\d+ at |Latest discovery of Jimmy #)/ });
    expect(await images.count()).toBeGreaterThan(6);
    const shown = await images.evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => {
        const photoAspect = Number(img.getAttribute("width")) / Number(img.getAttribute("height"));
        const boxAspect = img.clientWidth / img.clientHeight;
        const fit = getComputedStyle(img).objectFit;
        // Whole when scaled to fit inside its box, or when the box has the photo's own shape.
        const whole = fit === "contain" || fit === "scale-down" || Math.abs(photoAspect - boxAspect) < 0.02;
        return { alt: img.alt, photoAspect, whole };
      }),
    );
    // The check means something only if some photos are not square.
    expect(shown.some((image) => Math.abs(image.photoAspect - 1) > 0.05)).toBe(true);
    expect(shown.filter((image) => !image.whole)).toEqual([]);
  });
});

/** Countries for a planted hunter's finds (ISO 3166-1 alpha-2, as discoveries store them). */
const COUNTRIES = ["US", "FR", "JP", "DE", "BR", "AU", "CA", "MX", "IT", "ES", "GB", "IN", "ZA", "NZ", "AR", "KE", "NO", "PE", "TH", "EG"];

const BOARDS = [
  ["Most Discoveries", "discovery_count"],
  ["Most First Discoveries", "first_discovery_count"],
  ["Most Countries", "country_count"],
] as const;

/**
 * A hunter ahead of everyone on all three boards: the first finder of one
 * more fresh Jimmy than any hunter has discoveries, in one more country than
 * any hunter has. Dated a year back, so the finds stay out of the top of the
 * feed other tests read. The hunt's figures are counted again, as the app
 * keeps them after its own writes.
 */
function plantLeader(firstName: string): { id: number; finds: number; countries: number } {
  const id = plantHunter(firstName, "Leader");
  const db = writeDb();
  try {
    return db
      .transaction(() => {
        const most = db
          .prepare(
            "select coalesce(max(discovery_count), 0) as discoveries, coalesce(max(first_discovery_count), 0) as firsts, coalesce(max(country_count), 0) as countries from hunter_figures",
          )
          .get() as { discoveries: number; firsts: number; countries: number };
        const countries = most.countries + 1;
        if (countries > COUNTRIES.length) throw new Error(`A hunter already has ${most.countries} countries`);
        const finds = Math.max(most.discoveries, most.firsts, countries) + 1;
        const photo = storedPhoto(db);
        const start = Date.now() - 365 * 86_400_000;
        for (let i = 0; i < finds; i++) {
          const at = new Date(start + i * 60_000).toISOString();
          const serial = freshSerial();
          const jimmy = db
            .prepare(
              `insert into jimmys (serial_number, name, status, minted_at, discovery_count, first_discovery_at, last_discovery_at)
               values (?, ?, 'discovered', ?, 1, ?, ?)`,
            )
            .run(serial, `Jimmy #${serial}`, at, at, at);
          db.prepare(
            `insert into discoveries (jimmy_id, user_id, photo_key, photo_width, photo_height, photo_variants, caption, country, is_first, created_at)
             values (?, ?, ?, ?, ?, ?, 'First!', ?, 1, ?)`,
          ).run(
            jimmy.lastInsertRowid,
            id,
            photo.photo_key,
            photo.photo_width,
            photo.photo_height,
            photo.photo_variants,
            COUNTRIES[Math.min(i, countries - 1)],
            at,
          );
        }
        recountHuntFigures(db);
        return { id, finds, countries };
      })
      .immediate();
  } finally {
    db.close();
  }
}

test.describe("the top hunters", () => {
  test("a visitor sees who leads on discoveries, first discoveries and countries, and reaches their profile from there", async ({
    page,
  }) => {
    const first = uniqueName("Top");
    const leader = plantLeader(first);
    const name = `${first} Leader`;
    const figures = { discovery_count: leader.finds, first_discovery_count: leader.finds, country_count: leader.countries };

    await page.goto("/hall-of-fame");
    await expect(page.getByRole("heading", { level: 2, name: "Top Hunters" })).toBeVisible();
    await expect(page.getByText("Ties go to the hunter who reached the figure first.")).toBeVisible();
    for (const [title, column] of BOARDS) {
      const board = page.getByRole("region", { name: title });
      // Where the stored figures put the leader (first, unless another run of this test planted a leader too).
      const order = query<{ user_id: number }>(
        `select user_id from hunter_figures where ${column} > 0 order by ${column} desc, ${column}_reached_at, user_id limit 10`,
      ).map((row) => row.user_id);
      expect(order, title).toContain(leader.id);
      const entries = board.getByRole("listitem");
      await expect(entries).toHaveCount(order.length);
      await expect(entries.getByRole("link")).toHaveCount(order.length);
      const entry = entries.filter({ hasText: name });
      await expect(entry).toHaveCount(1);
      // Rank, then the link, then the figure.
      await expect(entry.locator(":scope > span")).toHaveText([String(order.indexOf(leader.id) + 1), String(figures[column])]);
      // The avatar (initials, as the hunter has no picture) and the name are one link to the profile.
      await expect(entry.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/hunters/${leader.id}`);
      await expect(entry.getByRole("link")).toContainText(`${first[0]}L`);
      expect(await entries.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(
        order.map((id) => `/hunters/${id}`),
      );
    }

    await page
      .getByRole("region", { name: "Most Discoveries" })
      .locator("..")
      .screenshot({ path: test.info().outputPath("top-hunters.png") });
    // On a phone, a long name is cut short rather than pushing the figure off the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const leaderEntry = page.getByRole("region", { name: "Most Discoveries" }).getByRole("listitem").filter({ hasText: name });
    const figure = leaderEntry.locator(":scope > span").last();
    await figure.scrollIntoViewIfNeeded();
    const box = await figure.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("region", { name: "Most Countries" }).getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/hunters/${leader.id}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // The profile counts the same figures.
    await expect(page.getByTestId("hunter-discoveries")).toHaveText(String(leader.finds));
    await expect(page.getByTestId("hunter-first-finds")).toHaveText(String(leader.finds));
    await expect(page.getByTestId("hunter-countries")).toHaveText(String(leader.countries));
  });
});
