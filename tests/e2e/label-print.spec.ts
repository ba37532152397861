/**
 * The printed label sheet, checked as a printer would see it: the PDF an
 * admin downloads is rendered by PDF.js (Firefox's PDF reader, run here in
 * Chromium) at 150 dpi, about half a label printer's resolution, and every
 * label's QR code must decode from that image to its own address; the text a
 * finder types by hand (number, code, the short address) is read back from the
 * PDF's own text. It runs in the js-on project only (playwright.config.ts):
 * PDF.js is a script, and no page of the app is involved.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { checkCode, freshSerial, mint, signInAsAdmin } from "./admin-helpers";

const PDFJS = path.resolve("node_modules/pdfjs-dist/build");
/** A made-up origin the test serves PDF.js and the sheet from, so the app's CSP plays no part. */
const READER = "https://pdf-reader.test";
const DPI = 150;
const INCH = DPI;
/** Avery 5160 (app/services/labels.server.ts): 3 × 10 labels of 2⅝" × 1" on Letter. */
const GRID = { left: 0.1875 * INCH, top: 0.5 * INCH, pitchX: 2.75 * INCH, pitchY: 1 * INCH, width: 2.625 * INCH, height: 1 * INCH };

type RenderedPage = { png: string; width: number; height: number; text: string[] };

/** Renders each page of `pdf` with PDF.js in the browser: the image and the text runs of each page. */
async function readPdf(page: Page, pdf: Buffer): Promise<RenderedPage[]> {
  await page.route(`${READER}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === "/") return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Reader</title>" });
    if (pathname === "/sheet.pdf") return route.fulfill({ contentType: "application/pdf", body: pdf });
    const file = path.join(PDFJS, path.basename(pathname));
    if (pathname.endsWith(".mjs") && fs.existsSync(file))
      return route.fulfill({ contentType: "text/javascript", body: fs.readFileSync(file) });
    return route.fulfill({ status: 404 });
  });
  await page.goto(`${READER}/`);
  return page.evaluate(
    async ({ reader, scale }) => {
      // The worker's code on this thread (PDF.js then needs no Worker).
      await import(`${reader}/pdf.worker.min.mjs`);
      const pdfjs = await import(`${reader}/pdf.min.mjs`);
      const doc = await pdfjs.getDocument({ url: `${reader}/sheet.pdf` }).promise;
      const pages = [];
      for (let number = 1; number <= doc.numPages; number++) {
        const sheet = await doc.getPage(number);
        const viewport = sheet.getViewport({ scale });
        const canvas = document.createElement("canvas");
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        const context = canvas.getContext("2d")!;
        context.fillStyle = "white";
        context.fillRect(0, 0, canvas.width, canvas.height);
        await sheet.render({ canvas, canvasContext: context, viewport }).promise;
        const content = await sheet.getTextContent();
        const text = content.items.map((item: { str?: string }) => item.str ?? "").filter((s: string) => s.trim() !== "");
        pages.push({ png: canvas.toDataURL("image/png"), width: canvas.width, height: canvas.height, text });
      }
      return pages;
    },
    { reader: READER, scale: DPI / 72 },
  );
}

/** The QR code in label `slot` of a rendered page, decoded, or null. */
async function decodeLabel(png: Buffer, slot: number): Promise<string | null> {
  const left = Math.round(GRID.left + (slot % 3) * GRID.pitchX);
  const top = Math.round(GRID.top + Math.floor(slot / 3) * GRID.pitchY);
  const { data, info } = await sharp(png)
    .extract({ left, top, width: Math.round(GRID.width), height: Math.round(GRID.height) })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

test("the printed label sheet: 30 labels a page, each QR code readable at 150 dpi and leading to its Jimmy, with the number, code and address in the text", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const from = freshSerial();
  const serials = Array.from({ length: 31 }, (_, i) => from + i);
  for (const serial of serials) mint(serial);
  await signInAsAdmin(page);
  const response = await page.request.get(`/admin/labels?from=${from}&to=${from + 30}&format=pdf`);
  expect(response.status()).toBe(200);
  const pdf = await response.body();

  const pages = await readPdf(page, pdf);
  expect(pages).toHaveLength(2);
  // US Letter at 150 dpi.
  expect([pages[0]!.width, pages[0]!.height]).toEqual([8.5 * DPI, 11 * DPI]);
  const first = Buffer.from(pages[0]!.png.split(",")[1]!, "base64");
  fs.writeFileSync(testInfo.outputPath("labels-page-1.png"), first);

  const origin = String(testInfo.project.use.baseURL);
  const host = new URL(origin).host;
  for (let slot = 0; slot < 30; slot++) {
    const serial = serials[slot]!;
    expect(await decodeLabel(first, slot), `label ${slot + 1}`).toBe(`${origin}/q/${serial}-${checkCode(serial)}`);
  }
  const text = pages[0]!.text.join("\n");
  for (const serial of serials.slice(0, 30)) {
    expect(text).toContain(`#${serial}`);
    expect(text).toContain(`Code ${checkCode(serial)}`);
  }
  expect(pages[0]!.text.filter((line) => line === `${host}/scan`)).toHaveLength(30);
  expect(pages[0]!.text.filter((line) => line === "Found me? Type my number and code at")).toHaveLength(30);

  // The 31st label starts the second page, in the first slot.
  const second = Buffer.from(pages[1]!.png.split(",")[1]!, "base64");
  const last = serials[30]!;
  expect(await decodeLabel(second, 0)).toBe(`${origin}/q/${last}-${checkCode(last)}`);
  expect(pages[1]!.text).toContain(`Code ${checkCode(last)}`);
});
