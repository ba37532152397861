/**
 * The hunt for feed readers, crawlers and map programs (issue 24, item 3):
 * Atom feeds, robots.txt, the sitemap index and its pages, and a Jimmy's
 * journey as GeoJSON and GPX. Every XML answer is parsed and checked for
 * the elements its format requires.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- parsed XML has no static type: each test checks the shape it reads */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { queryOne } from "./db";
import { plantJourney } from "./journeys";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["entry", "link", "url", "sitemap", "wpt", "trkpt"].includes(name),
});

async function xml(request: APIRequestContext, url: string, contentType: RegExp) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"], url).toMatch(contentType);
  const text = await response.text();
  expect(XMLValidator.validate(text), url).toBe(true);
  return parser.parse(text) as Record<string, any>;
}

const ATOM_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

test("Atom feeds of the hunt, of a Jimmy and of a hunter are valid and announced by their pages", async ({ request, baseURL }) => {
  const newest = queryOne<{ id: number; serial_number: number; user_id: number }>(
    "select d.id, j.serial_number, d.user_id from discoveries d join jimmys j on j.id = d.jimmy_id order by d.created_at desc, d.id desc limit 1",
  );
  const feeds: [string, string][] = [
    ["/feeds/discoveries.atom", "/"],
    [`/jimmy/${newest.serial_number}/feed.atom`, `/jimmy/${newest.serial_number}`],
    [`/hunters/${newest.user_id}/feed.atom`, `/hunters/${newest.user_id}`],
  ];
  for (const [feedPath, pagePath] of feeds) {
    const { feed } = await xml(request, feedPath, /^application\/atom\+xml/);
    expect(feed["@xmlns"], feedPath).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id, feedPath).toBe(`${baseURL}${feedPath}`);
    expect(String(feed.title).length, feedPath).toBeGreaterThan(0);
    expect(feed.updated, feedPath).toMatch(ATOM_DATE);
    expect(feed.link.find((l: any) => l["@rel"] === "self")["@href"], feedPath).toBe(`${baseURL}${feedPath}`);
    const entries: any[] = feed.entry ?? [];
    expect(entries.length, feedPath).toBeGreaterThan(0);
    expect(entries.length, feedPath).toBeLessThanOrEqual(50);
    for (const entry of entries) {
      expect(entry.id, feedPath).toMatch(new RegExp(`^${baseURL}/discoveries/\\d+$`));
      expect(entry.updated, feedPath).toMatch(ATOM_DATE);
      expect(String(entry.title), feedPath).toMatch(/^Jimmy #\d+ found by /);
      expect(entry.link[0]["@href"], feedPath).toBe(entry.id);
      expect(entry.author.name, feedPath).toBeTruthy();
    }
    // Newest first, and the newest discovery leads the hunt's feed.
    const dates = entries.map((e) => e.updated as string);
    expect([...dates].sort().reverse(), feedPath).toEqual(dates);
    expect(entries[0].id, feedPath).toBe(`${baseURL}/discoveries/${newest.id}`);
    const page = await (await request.get(pagePath)).text();
    expect(page, pagePath).toContain(`<link rel="alternate" type="application/atom+xml"`);
    expect(page, pagePath).toContain(`href="${baseURL}${feedPath}"`);
  }
  expect((await request.get("/jimmy/999999999/feed.atom")).status()).toBe(404);
  expect((await request.get("/hunters/2147483000/feed.atom")).status()).toBe(404);
});

test("robots.txt keeps crawlers out of the admin panel, the forms and the API, and names the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n");
  for (const rule of [
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /login",
    "Disallow: /account",
    "Disallow: /jimmy/*/new-discovery",
    "Disallow: /flag/",
  ]) {
    expect(lines).toContain(rule);
  }
  expect(lines).not.toContain("Disallow: /og/");
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the sitemap index names pages of at most 50,000 addresses, each a valid urlset of the hunt's public pages", async ({
  request,
  baseURL,
}) => {
  const { sitemapindex } = await xml(request, "/sitemap.xml", /^application\/xml/);
  expect(sitemapindex["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  const pages: string[] = sitemapindex.sitemap.map((s: any) => s.loc);
  expect(pages[0]).toBe(`${baseURL}/sitemaps/pages.xml`);
  expect(pages).toEqual(
    expect.arrayContaining([
      `${baseURL}/sitemaps/jimmys-1.xml`,
      `${baseURL}/sitemaps/discoveries-1.xml`,
      `${baseURL}/sitemaps/hunters-1.xml`,
    ]),
  );
  const listed = new Set<string>();
  for (const page of pages) {
    const { urlset } = await xml(request, page.replace(baseURL!, ""), /^application\/xml/);
    expect(urlset["@xmlns"], page).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls: any[] = urlset.url ?? [];
    expect(urls.length, page).toBeLessThanOrEqual(50_000);
    for (const url of urls) {
      expect(url.loc, page).toMatch(new RegExp(`^${baseURL}/`));
      if (url.lastmod !== undefined) expect(url.lastmod, page).toMatch(ATOM_DATE);
      listed.add(url.loc.replace(baseURL!, ""));
    }
  }
  const known = queryOne<{ id: number; serial_number: number; user_id: number }>(
    "select d.id, j.serial_number, d.user_id from discoveries d join jimmys j on j.id = d.jimmy_id order by d.id limit 1",
  );
  for (const path of [
    "/",
    "/map",
    "/hall-of-fame",
    `/discoveries/${known.id}`,
    `/jimmy/${known.serial_number}`,
    `/hunters/${known.user_id}`,
  ]) {
    expect(listed.has(path), path).toBe(true);
  }
  // Pages never shown to crawlers are never listed.
  expect([...listed].some((path) => /^\/(admin|api|login|account)/.test(path))).toBe(false);
  expect((await request.get("/sitemaps/jimmys-99999.xml")).status()).toBe(404);
  expect((await request.get("/sitemaps/other-1.xml")).status()).toBe(404);
});

test("a Jimmy's journey downloads as GeoJSON and GPX, stop by stop in time order", async ({ request, baseURL }) => {
  const places = [
    { latitude: 30.2672, longitude: -97.7431, location: "Austin, TX" },
    { latitude: 29.7604, longitude: -95.3698, location: "Houston, TX" },
    { latitude: 51.5074, longitude: -0.1278, location: "London" },
  ];
  const { serial, ids } = plantJourney(places);

  const geo = await request.get(`/jimmy/${serial}/journey.geojson`);
  expect(geo.status()).toBe(200);
  expect(geo.headers()["content-type"]).toMatch(/^application\/geo\+json/);
  expect(geo.headers()["content-disposition"]).toBe(`attachment; filename="jimmy-${serial}-journey.geojson"`);
  const collection = (await geo.json()) as { type: string; features: { geometry: { type: string; coordinates: any }; properties: any }[] };
  expect(collection.type).toBe("FeatureCollection");
  const line = collection.features.find((f) => f.geometry.type === "LineString")!;
  expect(line.geometry.coordinates).toEqual(places.map((p) => [p.longitude, p.latitude]));
  const points = collection.features.filter((f) => f.geometry.type === "Point");
  expect(points.map((p) => p.properties.url)).toEqual(ids.map((id) => `${baseURL}/discoveries/${id}`));
  expect(points.map((p) => p.geometry.coordinates)).toEqual(places.map((p) => [p.longitude, p.latitude]));

  const { gpx } = await xml(request, `/jimmy/${serial}/journey.gpx`, /^application\/gpx\+xml/);
  expect(gpx["@version"]).toBe("1.1");
  expect(gpx["@xmlns"]).toBe("http://www.topografix.com/GPX/1/1");
  expect(gpx.wpt.map((w: any) => [Number(w["@lat"]), Number(w["@lon"])])).toEqual(places.map((p) => [p.latitude, p.longitude]));
  expect(gpx.trk.trkseg.trkpt).toHaveLength(3);
  expect(gpx.trk.trkseg.trkpt.every((p: any) => ATOM_DATE.test(p.time))).toBe(true);

  const page = await (await request.get(`/jimmy/${serial}`)).text();
  expect(page).toContain(`href="/jimmy/${serial}/journey.gpx"`);
  expect((await request.get(`/jimmy/${serial}/journey.kml`)).status()).not.toBe(200);
  expect((await request.get("/jimmy/999999999/journey.gpx")).status()).toBe(404);
});
