/**
 * Link previews (issue 24, item 2): every public page carries the Open
 * Graph and Twitter tags a shared link is previewed from, and its og:image
 * is a raster JPEG of 1200×630 under 300 KB, made once and kept.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { freshSerial, mint, PHOTOS_DIR } from "./admin-helpers";
import { queryOne } from "./db";
import { quietJimmy } from "./social";

/** The <meta> and canonical <link> tags of a page, by property or name. */
async function previewTags(request: APIRequestContext, pathname: string) {
  const response = await request.get(pathname);
  expect(response.status(), pathname).toBe(200);
  const html = await response.text();
  const tags = new Map<string, string>();
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/?>/g))
    tags.set(key!, decode(content!));
  const canonical = /<link rel="canonical" href="([^"]+)"\/?>/.exec(html)?.[1];
  return { tags, canonical };
}

/** The figures a page's preview card shows: the hunt's discoveries and Jimmys. */
const huntFigures = () =>
  queryOne<{ figures: string }>("select (select discovery_count from hunt_totals) || '/' || (select count(*) from jimmys) as figures")
    .figures;

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[e]!);

test("every public page has a link preview whose image is a 1200×630 JPEG, made once and kept", async ({ request, baseURL }) => {
  test.slow();
  const found = quietJimmy();
  const hidden = freshSerial();
  mint(hidden);
  const discovery = queryOne<{ id: number; user_id: number; photo_key: string }>(
    "select d.id, d.user_id, d.photo_key from discoveries d join jimmys j on j.id = d.jimmy_id where j.serial_number = ? order by d.id limit 1",
    found,
  );
  const pages = [
    "/",
    "/discoveries",
    `/discoveries/${discovery.id}`,
    `/jimmy/${found}`,
    `/jimmy/${hidden}`,
    "/map",
    "/hall-of-fame",
    `/hunters/${discovery.user_id}`,
  ];
  for (const pathname of pages) {
    const { tags, canonical } = await previewTags(request, pathname);
    expect(canonical, pathname).toBe(`${baseURL}${pathname}`);
    expect(tags.get("og:url"), pathname).toBe(`${baseURL}${pathname}`);
    for (const key of ["og:title", "og:description", "og:image:alt"]) {
      expect(tags.get(key)?.trim(), `${pathname} ${key}`).toBeTruthy();
    }
    expect(tags.get("twitter:card"), pathname).toBe("summary_large_image");
    expect([tags.get("og:image:width"), tags.get("og:image:height"), tags.get("og:image:type")], pathname).toEqual([
      "1200",
      "630",
      "image/jpeg",
    ]);
    const image = tags.get("og:image")!;
    expect(image, pathname).toMatch(new RegExp(`^${baseURL}/og/`));
    // X reads the card's title, description and image from the og: tags: they are not said twice.
    expect(tags.has("twitter:image") || tags.has("twitter:title"), pathname).toBe(false);

    // Asked again, the same image comes from storage. A page's card shows the hunt's figures, so a
    // test running beside this one that reports or mints between the two asks makes a new card
    // rightly: then both are asked again.
    for (let attempt = 1; ; attempt++) {
      const figures = huntFigures();
      const answer = await request.get(image);
      expect(answer.status(), image).toBe(200);
      expect(answer.headers()["content-type"], image).toBe("image/jpeg");
      const bytes = await answer.body();
      expect(bytes.length, image).toBeLessThan(300 * 1024);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height], image).toEqual(["jpeg", 1200, 630]);
      const again = await (await request.get(image)).body();
      if (again.equals(bytes) || huntFigures() === figures || attempt === 3) {
        expect(again.equals(bytes), image).toBe(true);
        break;
      }
    }
  }
  // A discovery's preview is kept beside its photo, so it goes when the photo goes.
  expect(fs.existsSync(path.join(PHOTOS_DIR, discovery.photo_key, "og.jpg"))).toBe(true);

  for (const missing of [
    "/og/discoveries/2147483000.jpg",
    "/og/jimmys/999999999.jpg",
    "/og/pages/nope.jpg",
    "/og/nope/1.jpg",
    "/og/pages/home.png",
  ]) {
    expect((await request.get(missing)).status(), missing).toBe(404);
  }
});

test("the pages a finder shares or lands on first have a link preview too, the 404 page included", async ({ request, baseURL }) => {
  for (const [pathname, status] of [
    ["/privacy-policy", 200],
    ["/near-me", 200],
    ["/search", 200],
    ["/scan", 200],
    ["/login", 200],
    ["/no-such-page-here", 404],
  ] as const) {
    const response = await request.get(pathname);
    expect(response.status(), pathname).toBe(status);
    const html = await response.text();
    for (const key of ["og:title", "og:description", "og:image", "og:image:alt", "og:url"]) {
      expect(html, `${pathname} ${key}`).toMatch(new RegExp(`<meta property="${key}" content="[^"]+"`));
    }
    expect(html, pathname).toContain(`<meta property="og:image" content="${baseURL}/og/pages/home.jpg"`);
    expect(html, pathname).toContain('<meta name="twitter:card" content="summary_large_image"');
  }
});
