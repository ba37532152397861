/**
 * What the sitemap lists (issue 24, item 3): found Jimmys, discoveries and
 * hunters with a discovery, each in pages of at most SITEMAP_PAGE_SIZE
 * addresses by id range, so a page costs one indexed range however large
 * the hunt grows, and an address stays on the same page.
 */
import type { Executor } from "~/infra/db.server";

export const SITEMAP_PAGE_SIZE = 50_000;
export type SitemapKind = "jimmys" | "discoveries" | "hunters";

/** How many pages each kind has: its largest id over the page size. */
export async function sitemapPageCounts(db: Executor): Promise<Record<SitemapKind, number>> {
  const maxId = (table: "jimmys" | "discoveries" | "users") =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirst();
  const [jimmys, discoveries, hunters] = await Promise.all([maxId("jimmys"), maxId("discoveries"), maxId("users")]);
  const pages = (row: { max: number | string | null } | undefined) => Math.ceil(Number(row?.max ?? 0) / SITEMAP_PAGE_SIZE);
  return { jimmys: pages(jimmys), discoveries: pages(discoveries), hunters: pages(hunters) };
}

export type SitemapEntry = { path: string; lastModified: string | null };

/** The addresses on page `page` (from 1) of `kind`, with when each last changed. */
export async function sitemapPage(db: Executor, kind: SitemapKind, page: number): Promise<SitemapEntry[]> {
  const from = (page - 1) * SITEMAP_PAGE_SIZE + 1;
  const to = page * SITEMAP_PAGE_SIZE;
  if (kind === "jimmys") {
    const rows = await db
      .selectFrom("jimmys")
      .select(["serial_number", "last_discovery_at"])
      .where((eb) => eb.between("id", from, to))
      .where("status", "in", ["discovered", "missing"])
      .orderBy("id")
      .execute();
    return rows.map((r) => ({ path: `/jimmy/${r.serial_number}`, lastModified: r.last_discovery_at }));
  }
  if (kind === "discoveries") {
    const rows = await db
      .selectFrom("discoveries")
      .select(["id", "created_at"])
      .where((eb) => eb.between("id", from, to))
      .orderBy("id")
      .execute();
    return rows.map((r) => ({ path: `/discoveries/${r.id}`, lastModified: r.created_at }));
  }
  const rows = await db
    .selectFrom("users as u")
    .innerJoin("hunter_activity as a", "a.user_id", "u.id")
    .select(["u.id", "a.last_discovery_at"])
    .where((eb) => eb.between("u.id", from, to))
    .orderBy("u.id")
    .execute();
  return rows.map((r) => ({ path: `/hunters/${r.id}`, lastModified: r.last_discovery_at }));
}
