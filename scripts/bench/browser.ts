/**
 * What a phone on a slow network pays, measured in real Chromium: image
 * bytes of the first feed page, Largest Contentful Paint under Lighthouse's
 * mobile throttling, and the bytes uploaded for a 12-megapixel photo.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM_ARGS, chromiumExecutable } from "../../tests/support/browser";

/** Lighthouse's mobile profile ("slow 4G"): 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU ×4. */
const THROTTLING = { latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 750, cpuSlowdown: 4 };
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
}

/** Only the app itself: the network here is closed, and third parties (map tiles) are not ours to measure. */
async function phoneContext(browser: Browser, baseURL: string, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL, javaScriptEnabled });
  context.setDefaultTimeout(60_000);
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  return context;
}

function recordLcp() {
  const win = window as unknown as { __lcp?: { time: number; url: string; tag: string } };
  new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & { url?: string; element?: Element | null })[];
    const last = entries[entries.length - 1];
    if (last) win.__lcp = { time: last.startTime, url: last.url ?? "", tag: last.element?.tagName.toLowerCase() ?? "" };
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

async function readLcp(page: Page): Promise<{ time: number; url: string; tag: string } | null> {
  // LCP is final once the user interacts; waiting out late images first.
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { __lcp?: { time: number; url: string; tag: string } }).__lcp ?? null);
}

export type ImageBytes = {
  /** Image bytes fetched by the time the page has loaded and gone quiet, without scrolling. */
  initial: number;
  /** After scrolling through the whole first page (lazy images below the fold included). */
  scrolled: number;
  images: number;
  lcpImageUrl: string | null;
  lcpImageBytes: number | null;
};

/** Image bytes a 412 px wide, 1.75× phone fetches for one page. */
export async function measureImageBytes(browser: Browser, baseURL: string, path: string): Promise<ImageBytes> {
  const context = await phoneContext(browser, baseURL);
  await context.addInitScript(recordLcp);
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "image" || response.status() !== 200) return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(response.url(), body.length);
  });
  await page.goto(path, { waitUntil: "load" });
  await page.waitForTimeout(1500);
  const lcp = await readLcp(page);
  const sum = (urls: Iterable<string>) => [...new Set(urls)].reduce((total, url) => total + (sizes.get(url) ?? 0), 0);
  const initialUrls = [...sizes.keys()];
  // Bring each of the page's own images into view (the feed's next page,
  // which infinite scroll fetches at the bottom, is not part of it).
  const count = await page.locator("img").count();
  for (let i = 0; i < count; i++) {
    await page.locator("img").nth(i).scrollIntoViewIfNeeded();
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(1000);
  const pageImages = await page.$$eval("img", (images, n) => images.slice(0, n).map((img) => img.currentSrc), count);
  const lcpUrl = lcp?.url || null;
  const result: ImageBytes = {
    initial: sum(initialUrls),
    scrolled: sum([...initialUrls, ...pageImages]),
    images: new Set([...initialUrls, ...pageImages]).size,
    lcpImageUrl: lcpUrl,
    lcpImageBytes: lcpUrl ? (sizes.get(lcpUrl) ?? null) : null,
  };
  await context.close();
  return result;
}

export type LcpResult = {
  ms: number;
  element: string;
  url: string;
  imageBytes: number | null;
  /** When React had hydrated the page (the root sets data-hydrated): from then on, taps do what they say. */
  interactiveMs: number;
  /** Script files requested until then. */
  scriptsUntilInteractive: number;
};

/** Records the moment the app marks the page hydrated, in the page's own clock (as LCP's startTime). */
function recordHydration() {
  const win = window as unknown as { __hydratedAt?: number };
  // Watches the document, not its root element: this runs before the parser has made one.
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.hydrated !== "true") return;
    win.__hydratedAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
}

/**
 * Largest Contentful Paint of a cold load under Lighthouse's mobile
 * throttling, set through the DevTools protocol, and the time to interactive
 * of the same load: when the page was hydrated, and how many scripts it had
 * requested by then.
 */
export async function measureLcp(browser: Browser, baseURL: string, path: string): Promise<LcpResult> {
  const context = await phoneContext(browser, baseURL);
  await context.addInitScript(recordLcp);
  await context.addInitScript(recordHydration);
  const page = await context.newPage();
  let scripts = 0;
  let hydrated = false;
  page.on("request", (request) => {
    if (!hydrated && request.resourceType() === "script") scripts++;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (THROTTLING.uploadKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuSlowdown });
  const sizes = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "image") return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(response.url(), body.length);
  });
  await page.goto(path, { waitUntil: "load", timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { __hydratedAt?: number }).__hydratedAt !== undefined, null, { timeout: 120_000 });
  hydrated = true;
  const interactiveMs = await page.evaluate(() => (window as unknown as { __hydratedAt: number }).__hydratedAt);
  const lcp = await readLcp(page);
  await context.close();
  if (!lcp) throw new Error(`No largest-contentful-paint entry for ${path}`);
  return {
    ms: Math.round(lcp.time),
    element: lcp.tag,
    url: lcp.url,
    imageBytes: lcp.url ? (sizes.get(lcp.url) ?? null) : null,
    interactiveMs: Math.round(interactiveMs),
    scriptsUntilInteractive: scripts,
  };
}

/**
 * A 12-megapixel phone photo (4000 × 3000, about 3 MB like a phone's own
 * JPEG): smooth colour with sensor grain, so JPEG cannot shrink it to nothing.
 */
export type PageScripts = {
  /** Every /assets/*.js the page fetched by the time React had hydrated it: what it needs to become interactive. */
  untilInteractive: string[];
  /** Scripts it fetched afterwards, before going quiet (parts loaded once the page is idle). */
  afterwards: string[];
};

/**
 * The scripts a first visit to `path` really downloads (cold cache, JavaScript
 * on), read off the network — not every /assets path the HTML mentions: the
 * route manifest inlined in each page names chunks of other pages too.
 * `signedIn` signs the context in through the demo sign-in form's action
 * first, without loading a page (which would warm the cache).
 */
export async function measurePageScripts(
  browser: Browser,
  baseURL: string,
  path: string,
  { signedIn = false, language }: { signedIn?: boolean; language?: string } = {},
): Promise<PageScripts> {
  const context = await phoneContext(browser, baseURL);
  try {
    if (language) await context.addCookies([{ name: "lang", value: language, url: baseURL }]);
    if (signedIn) {
      const response = await context.request.post("/login", {
        form: { firstName: "Scripts", lastName: "Bench", redirectTo: "/" },
        maxRedirects: 0,
      });
      if (response.status() !== 302) throw new Error(`The demo sign-in answered ${response.status()}`);
    }
    const page = await context.newPage();
    const untilInteractive: string[] = [];
    const afterwards: string[] = [];
    let interactive = false;
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (!/^\/assets\/.+\.js$/.test(pathname)) return;
      const list = interactive ? afterwards : untilInteractive;
      if (!untilInteractive.includes(pathname) && !afterwards.includes(pathname)) list.push(pathname);
    });
    const response = await page.goto(path, { waitUntil: "load" });
    if (response?.status() !== 200 || new URL(page.url()).pathname !== path)
      throw new Error(`${path} did not load (${response?.status()} at ${page.url()})`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    interactive = true;
    await page.waitForLoadState("networkidle").catch(() => undefined);
    return { untilInteractive, afterwards };
  } finally {
    await context.close();
  }
}

export async function twelveMegapixelPhoto(): Promise<Buffer> {
  const scene = await sharp({
    create: { width: 80, height: 60, channels: 3, background: "#7a8a6a", noise: { type: "gaussian", mean: 120, sigma: 70 } },
  })
    .resize(4000, 3000, { kernel: "cubic" })
    .blur(3)
    .raw()
    .toBuffer();
  const grain = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: "#000", noise: { type: "gaussian", mean: 0, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  for (let i = 0; i < scene.length; i++) scene[i] = Math.min(255, Math.max(0, scene[i]! + grain[i]! - 6));
  return sharp(scene, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export type UploadResult = { originalBytes: number; uploadedBytes: number; requestBytes: number };

/**
 * Reports a discovery with a 12 MP photo through the real page, JavaScript
 * on, and measures what went over the wire to storage.
 */
export async function measureUpload(browser: Browser, baseURL: string, serial: number, checkCode: string): Promise<UploadResult> {
  const context = await phoneContext(browser, baseURL);
  const page = await context.newPage();
  await page.goto(`/login?redirectTo=${encodeURIComponent(`/jimmy/${serial}/new-discovery`)}`);
  await page.getByLabel("First name").fill("Bench");
  await page.getByLabel("Last name").fill("Uploader");
  await page.getByRole("button", { name: "Sign in locally" }).click();
  await page.waitForURL(`**/jimmy/${serial}/new-discovery`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

  let requestBytes = 0;
  let uploadedBytes = 0;
  page.on("request", (request) => {
    if (!/\/uploads\/direct$|\/api\/upload$/.test(new URL(request.url()).pathname)) return;
    const body = request.postDataBuffer();
    if (!body) return;
    requestBytes = body.length;
    uploadedBytes = filePartLength(body, request.headers()["content-type"] ?? "");
  });
  const original = await twelveMegapixelPhoto();
  await page.getByLabel(/^Photo/).setInputFiles({ name: "IMG_1200.jpg", mimeType: "image/jpeg", buffer: original });
  await page.getByLabel(/^Location/).fill("Austin, TX");
  await page.getByLabel(/^Code on the label/).fill(checkCode);
  await page.getByRole("button", { name: "Share Discovery" }).click();
  await page.waitForURL(new RegExp(`/jimmy/${serial}$`), { timeout: 90_000 });
  await context.close();
  if (requestBytes === 0) throw new Error("The photo was not uploaded");
  return { originalBytes: original.length, uploadedBytes, requestBytes };
}

/** The length of the multipart body's file part (the field named "file" or "photo"). */
function filePartLength(body: Buffer, contentType: string): number {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) return body.length;
  const header = Math.max(body.indexOf('name="file"'), body.indexOf('name="photo"'));
  if (header < 0) return body.length;
  const start = body.indexOf("\r\n\r\n", header) + 4;
  const end = body.indexOf(`\r\n--${boundary}`, start);
  return end - start;
}
