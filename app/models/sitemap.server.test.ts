import { expect, it } from "vitest";
import { testDbPerTest } from "../../tests/support/test-db";
import { makeFoundJimmy, makeUser } from "../../tests/support/fixtures";
import { mintJimmys } from "./jimmys.server";
import { SITEMAP_PAGE_SIZE, sitemapPage, sitemapPageCounts } from "./sitemap.server";

const t = testDbPerTest();

it("an empty hunt has no sitemap pages", async () => {
  expect(await sitemapPageCounts(t.db)).toEqual({ jimmys: 0, discoveries: 0, hunters: 0 });
  expect(await sitemapPage(t.db, "jimmys", 1)).toEqual([]);
});

it("lists found and missing Jimmys, discoveries and hunters who found one, by id range up to and including the page size", async () => {
  const finder = await makeUser(t.db);
  await makeUser(t.db); // has found nothing: not listed
  const { discovery } = await makeFoundJimmy(t.db, { serial: 5, finderId: finder.id, createdAt: "2026-03-01T12:00:00.000Z" });
  await mintJimmys(t.db, 1, 3);
  // Serial 1 ends the first page and serial 2 starts the second; serial 3 was only minted.
  await t.db.updateTable("jimmys").set({ id: SITEMAP_PAGE_SIZE, status: "missing" }).where("serial_number", "=", 1).execute();
  await t.db
    .updateTable("jimmys")
    .set({ id: SITEMAP_PAGE_SIZE + 1, status: "discovered" })
    .where("serial_number", "=", 2)
    .execute();

  expect(await sitemapPageCounts(t.db)).toEqual({ jimmys: 2, discoveries: 1, hunters: 1 });
  expect(await sitemapPage(t.db, "jimmys", 1)).toEqual([
    { path: "/jimmy/5", lastModified: "2026-03-01T12:00:00.000Z" },
    { path: "/jimmy/1", lastModified: null },
  ]);
  expect(await sitemapPage(t.db, "jimmys", 2)).toEqual([{ path: "/jimmy/2", lastModified: null }]);
  expect(await sitemapPage(t.db, "discoveries", 1)).toEqual([
    { path: `/discoveries/${discovery.id}`, lastModified: "2026-03-01T12:00:00.000Z" },
  ]);
  expect(await sitemapPage(t.db, "discoveries", 2)).toEqual([]);
  expect(await sitemapPage(t.db, "hunters", 1)).toEqual([{ path: `/hunters/${finder.id}`, lastModified: "2026-03-01T12:00:00.000Z" }]);
});
