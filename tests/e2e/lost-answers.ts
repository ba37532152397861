import type { Page } from "@playwright/test";

export type SentRequest = { url: string; headers: Record<string, string>; body: Buffer };

/**
 * Lets the next POST matching `url` reach the server, then throws its answer
 * away: the server recorded it, the browser never hears so. Resolves to the
 * request as the browser sent it, so a test can send it again.
 */
export async function loseNextAnswer(page: Page, url: string | RegExp) {
  let sent: (request: SentRequest) => void = () => undefined;
  const lost = new Promise<SentRequest>((resolve) => (sent = resolve));
  let done = false;
  await page.route(url, async (route) => {
    const request = route.request();
    if (done || request.method() !== "POST") return route.fallback();
    done = true;
    await route.fetch({ maxRedirects: 0 });
    await route.abort("connectionreset");
    sent({ url: request.url(), headers: await request.allHeaders(), body: request.postDataBuffer()! });
  });
  return lost;
}

/**
 * The browser's retry of a request whose answer was lost: the very same
 * request (form fields, photo, idempotency key), sent again from the same
 * browser context (its cookies, and any cookie the answer sets).
 */
export async function sendAgain(page: Page, request: SentRequest) {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !/^(cookie|content-length|host)$/i.test(name)));
  return page.request.post(request.url, { headers, data: request.body, maxRedirects: 0 });
}
