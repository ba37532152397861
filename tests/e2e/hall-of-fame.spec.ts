import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers";

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
      await expect(card.getByTestId("journey-photos").getByRole("img")).toHaveCount(record.discoveries.length);
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
});
