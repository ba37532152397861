/**
 * GET /metrics (docs/operations.md, "What to alert on"): Prometheus's text
 * format, not public. With METRICS_TOKEN it asks for the bearer token; without,
 * it answers only a client on the server's own machine that no proxy
 * forwarded. With several app processes it answers the whole group's
 * figures, whichever process the scrape reaches.
 */
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { startAppServer } from "../support/app-server";
import { uniqueName } from "./helpers";

const TOKEN = "metrics-token-0123456789abcdef";

/** The sum of a metric's samples that have these labels (among others), 0 before any was counted. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] === name && wanted.every((label) => (match[2] ?? "").split(",").includes(label))) sum += Number(match[3]);
  }
  return sum;
}

test("two app processes answer /metrics with the group's counters, behind the bearer token", async () => {
  test.setTimeout(180_000);
  // A page stays cached for a minute, so the repeated visits below are hits whichever process answers.
  const app = await startAppServer({ WEB_CONCURRENCY: "2", METRICS_TOKEN: TOKEN, PAGE_CACHE_TTL_MS: "60000" });
  const api = await playwrightRequest.newContext({ baseURL: app.baseURL, extraHTTPHeaders: { Origin: app.baseURL } });
  try {
    const scrape = async () => {
      const response = await fetch(`${app.baseURL}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.text();
    };

    // Not public: no token, or a wrong one, is a 401 that says what it wants.
    const anonymous = await fetch(`${app.baseURL}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    const wrong = await fetch(`${app.baseURL}/metrics`, { headers: { Authorization: "Bearer metrics-token-0123456789abcdeX" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("jimmy_");

    const before = await scrape();
    // Twenty requests, shared by the two processes as the operating system hands out connections.
    for (let i = 0; i < 20; i++) expect((await fetch(`${app.baseURL}/api/stats`, { headers: { Connection: "close" } })).status).toBe(200);
    for (let i = 0; i < 6; i++) expect((await fetch(`${app.baseURL}/hall-of-fame`, { headers: { Connection: "close" } })).status).toBe(200);
    expect((await fetch(`${app.baseURL}/no-such-page`)).status).toBe(404);
    // A signed-in hunter's upload of something that is no photo is refused.
    expect((await api.post("/login", { form: { firstName: uniqueName("Metered"), lastName: "Tester" }, maxRedirects: 0 })).status()).toBe(
      302,
    );
    const refused = await api.post("/api/upload", {
      multipart: { photo: { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") } },
    });
    expect(refused.status()).toBe(400);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    // Every request counted once, in whichever process answered it: the sum over both is exact.
    expect(moved("jimmy_http_requests_total", { method: "GET", route: "/api/stats", status: "200" })).toBe(20);
    expect(moved("jimmy_http_request_duration_seconds_count", { method: "GET", route: "/api/stats" })).toBe(20);
    expect(moved("jimmy_http_requests_total", { method: "GET", route: "/*", status: "404" })).toBe(1);
    // At most one miss per process; the rest are hits.
    expect(moved("jimmy_page_cache_requests_total", { result: "miss" })).toBeLessThanOrEqual(2);
    expect(moved("jimmy_page_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(4);
    expect(moved("jimmy_uploads_refused_total", { reason: "unusable" })).toBe(1);
    expect(moved("jimmy_http_requests_total", { method: "POST", route: "/api/upload", status: "400" })).toBe(1);
    // The database's writes (sign-in, upload reservation) waited a measured time for the lock.
    expect(moved("jimmy_database_write_wait_seconds_count")).toBeGreaterThan(0);
    // Process figures of both processes, and the data directory's free space.
    expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sample(after, "jimmy_data_dir_free_bytes")).toBeGreaterThan(0);
    // The scrapes themselves are requests like any other, under a route of their own.
    expect(sample(after, "jimmy_http_requests_total", { route: "/metrics", status: "401" })).toBe(2);
  } finally {
    await api.dispose();
    await app.stop();
  }
});

test("without METRICS_TOKEN, /metrics answers a client on this machine, and no request a proxy forwarded", async ({ request }) => {
  // The browser tests' server sets no METRICS_TOKEN.
  const local = await request.get("/metrics");
  expect(local.status()).toBe(200);
  expect(await local.text()).toMatch(/^jimmy_http_requests_total\{/m);
  const forwarded = await request.get("/metrics", { headers: { "X-Forwarded-For": "203.0.113.7" } });
  expect(forwarded.status()).toBe(404);
  expect(await forwarded.text()).not.toContain("jimmy_");
});
