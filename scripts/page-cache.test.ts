import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_FORM_TOKEN_HEADER, PAGE_CACHE_NONCE_HEADER } from "../app/lib/page-cache";
import { createPageCache, pageCacheTtlFromEnv, PAGE_CACHE_STATUS_HEADER } from "./page-cache";

/**
 * A page as the app renders it: its nonce on every script and in the CSP,
 * marked cacheable, with a counter so each render is told apart.
 */
function pageRenderer({ cacheable = true, status = 200, setCookie = false, formToken = false } = {}) {
  let renders = 0;
  let nonceCounter = 0;
  const render = async (request: Request) => {
    renders++;
    const nonce = `N${++nonceCounter}xyzNONCE==`;
    // As a comment form's token: in the form and in the page's data, which the browser sends back.
    const token = `1700000000${String(renders).padStart(3, "0")}.rendered-token-${renders}`;
    const headers = new Headers({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}'`,
      "X-Content-Type-Options": "nosniff",
    });
    if (cacheable) headers.set(PAGE_CACHE_NONCE_HEADER, nonce);
    if (setCookie) headers.append("Set-Cookie", "jh_flash=; Max-Age=0");
    if (cacheable && formToken) headers.set(PAGE_CACHE_FORM_TOKEN_HEADER, token);
    const form = formToken ? `<form><input name="formToken" value="${token}"></form><script nonce="${nonce}">window.data={"formToken":"${token}"}</script>` : "";
    // Long enough that deflate has real work, with the scripts at the end as in the app's pages.
    const filler = Array.from({ length: 400 }, (_, i) => `<li>Discovery ${i} in ${new URL(request.url).pathname}</li>`).join("");
    const html = `<!DOCTYPE html><html><body><h1>Render ${renders}</h1><ul>${filler}</ul>${form}<script nonce="${nonce}">window.a=1</script><script nonce="${nonce}">window.b=2</script></body></html>`;
    return new Response(html, { status, headers });
  };
  return { render, renders: () => renders };
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://hunt.test${path}`, { headers });
const post = (path: string) => new Request(`http://hunt.test${path}`, { method: "POST", body: "x=1" });

function nonceOf(csp: string | null): string {
  const match = /'nonce-([^']+)'/.exec(csp ?? "");
  if (!match) throw new Error(`No nonce in ${csp}`);
  return match[1]!;
}

/** Every script's nonce attribute, and the page with its nonces blanked out. */
function scriptsOf(html: string) {
  return { nonces: [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]), page: html.replace(/nonce="[^"]+"/g, 'nonce=""') };
}

describe("the anonymous page cache", () => {
  it("gives each copy of a page with a comment form a token issued as it is sent, in the form and the page data, on both paths", async () => {
    const { render, renders } = pageRenderer({ formToken: true });
    let issued = 0;
    const cache = createPageCache({ ttlMs: 1000, issueFormToken: () => `1700000009${String(++issued).padStart(3, "0")}.fresh-token-${issued}` });
    const first = await cache.handle(get("/jimmy/7"), render);
    const firstHtml = await first.text();
    expect(first.headers.has(PAGE_CACHE_FORM_TOKEN_HEADER)).toBe(false);
    expect(firstHtml.match(/rendered-token-1/g)).toHaveLength(2);

    const second = await (await cache.handle(get("/jimmy/7"), render)).text();
    expect(second.match(/1700000009001\.fresh-token-1/g)).toHaveLength(2);
    expect(second).not.toContain("rendered-token");

    const fast = cache.lookup({ method: "GET", url: "/jimmy/7", anonymous: true, acceptsGzip: true })!;
    const html = zlib.gunzipSync(fast.body).toString();
    const nonce = nonceOf(fast.headers["content-security-policy"] as string);
    expect(html.match(/1700000009002\.fresh-token-2/g)).toHaveLength(2);
    expect(scriptsOf(html).nonces).toEqual([nonce, nonce, nonce]);
    // Apart from its nonces and token, the copy is the page as rendered.
    const blank = (page: string) => scriptsOf(page).page.replace(/\d{13}\.[a-z-]+\d+/g, "TOKEN");
    expect(blank(html)).toBe(blank(firstHtml));
    expect(renders()).toBe(1);
  });

  it("does not keep a page with a form token when it has no way to issue one", async () => {
    const { render, renders } = pageRenderer({ formToken: true });
    const cache = createPageCache({ ttlMs: 1000 });
    const first = await cache.handle(get("/jimmy/7"), render);
    expect(first.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("bypass");
    expect(first.headers.has(PAGE_CACHE_FORM_TOKEN_HEADER)).toBe(false);
    await cache.handle(get("/jimmy/7"), render);
    expect(renders()).toBe(2);
    expect(cache.lookup({ method: "GET", url: "/jimmy/7", anonymous: true, acceptsGzip: true })).toBeNull();
  });

  it("renders a signed-out visitor's page once and serves copies, each with a nonce of its own in the CSP and on every script", async () => {
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000 });
    const first = await cache.handle(get("/"), render);
    const second = await cache.handle(get("/"), render);
    expect(renders()).toBe(1);
    expect(first.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    expect(second.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    for (const response of [first, second]) {
      expect(response.headers.has(PAGE_CACHE_NONCE_HEADER)).toBe(false);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    const [a, b] = [scriptsOf(await first.text()), scriptsOf(await second.text())];
    expect(b.page).toBe(a.page);
    expect(a.nonces).toEqual([nonceOf(first.headers.get("Content-Security-Policy")), nonceOf(first.headers.get("Content-Security-Policy"))]);
    const secondNonce = nonceOf(second.headers.get("Content-Security-Policy"));
    expect(b.nonces).toEqual([secondNonce, secondNonce]);
    expect(secondNonce).not.toBe(a.nonces[0]);
  });

  it("answers the fast path with a gzip stream that decodes to the page with that answer's own nonce", async () => {
    const { render } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000 });
    const rendered = await (await cache.handle(get("/discoveries?all=1"), render)).text();
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const answer = cache.lookup({ method: "GET", url: "/discoveries?all=1", anonymous: true, acceptsGzip: true });
      expect(answer?.headers["Content-Encoding"]).toBe("gzip");
      expect(answer?.headers.Vary).toBe("Accept-Encoding");
      const nonce = nonceOf(answer!.headers["content-security-policy"] as string);
      seen.add(nonce);
      const html = zlib.gunzipSync(answer!.body).toString();
      expect(scriptsOf(html)).toEqual({ nonces: [nonce, nonce], page: scriptsOf(rendered).page });
      expect(answer!.body.length).toBeLessThan(Buffer.byteLength(html) / 3);
    }
    expect(seen.size).toBe(3);
    const plain = cache.lookup({ method: "GET", url: "/discoveries?all=1", anonymous: true, acceptsGzip: false });
    expect(plain?.headers["Content-Encoding"]).toBeUndefined();
    expect(scriptsOf(plain!.body.toString()).page).toBe(scriptsOf(rendered).page);
    expect(cache.lookup({ method: "GET", url: "/discoveries", anonymous: true, acceptsGzip: true })).toBeNull();
  });

  it("never serves or keeps a copy for a request with a cookie or credentials, nor for HEAD", async () => {
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000 });
    for (const request of [get("/", { Cookie: "jh_session=abc" }), get("/", { Authorization: "Bearer x" }), new Request("http://hunt.test/", { method: "HEAD" })]) {
      const response = await cache.handle(request, render);
      expect(response.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("bypass");
      expect(response.headers.has(PAGE_CACHE_NONCE_HEADER)).toBe(false);
    }
    expect(cache.size).toBe(0);
    await cache.handle(get("/"), render);
    await cache.handle(get("/", { Cookie: "jh_session=abc" }), render);
    expect(renders()).toBe(5);
    expect(cache.lookup({ method: "GET", url: "/", anonymous: false, acceptsGzip: true })).toBeNull();
    expect(cache.lookup({ method: "HEAD", url: "/", anonymous: true, acceptsGzip: true })).toBeNull();
  });

  it("keeps only pages the app marks, that answered 200 and set no cookie", async () => {
    const cache = createPageCache({ ttlMs: 1000 });
    for (const options of [{ cacheable: false }, { status: 404 }, { setCookie: true }]) {
      const { render, renders } = pageRenderer(options);
      await cache.handle(get("/"), render);
      const again = await cache.handle(get("/"), render);
      expect(renders()).toBe(2);
      expect(again.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("bypass");
      expect(again.headers.has(PAGE_CACHE_NONCE_HEADER)).toBe(false);
    }
    expect(cache.size).toBe(0);
  });

  it("renders again once a copy is older than the time to live", async () => {
    let clock = 1_000_000;
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000, now: () => clock });
    await cache.handle(get("/"), render);
    clock += 999;
    expect((await cache.handle(get("/"), render)).headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    clock += 1;
    expect(cache.lookup({ method: "GET", url: "/", anonymous: true, acceptsGzip: true })).toBeNull();
    const fresh = await cache.handle(get("/"), render);
    expect(fresh.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    expect(await fresh.text()).toContain("Render 2");
    expect(renders()).toBe(2);
  });

  it("is off with a time to live of 0", async () => {
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 0 });
    const first = await cache.handle(get("/"), render);
    await cache.handle(get("/"), render);
    expect(renders()).toBe(2);
    expect(first.headers.has(PAGE_CACHE_STATUS_HEADER)).toBe(false);
    expect(first.headers.has(PAGE_CACHE_NONCE_HEADER)).toBe(false);
  });

  it("empties when the process handles a write, and keeps nothing rendered while a write was under way", async () => {
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 60_000 });
    await cache.handle(get("/"), render);
    await cache.handle(post("/discoveries/1/like"), async () => new Response(null, { status: 302, headers: { Location: "/" } }));
    expect(cache.size).toBe(0);
    expect(await (await cache.handle(get("/"), render)).text()).toContain("Render 2");

    // A page whose render started before a write and ends after it may hold what the write changed: not kept.
    let finishRender: () => void = () => {};
    const slow = cache.handle(get("/hall-of-fame"), (request) => new Promise<Response>((resolve) => (finishRender = () => resolve(render(request)))));
    let finishWrite: () => void = () => {};
    const write = cache.handle(post("/jimmy/7"), () => new Promise<Response>((resolve) => (finishWrite = () => resolve(new Response("ok")))));
    await Promise.resolve();
    finishWrite();
    await write;
    finishRender();
    expect((await slow).headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    expect(cache.lookup({ method: "GET", url: "/hall-of-fame", anonymous: true, acceptsGzip: true })).toBeNull();
    expect(renders()).toBe(3);
  });

  it("lets concurrent visitors of one address wait for a single render", async () => {
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowRender = async (request: Request) => {
      await gate;
      return render(request);
    };
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.handle(get("/map"), slowRender)));
    release();
    const responses = await answers;
    expect(renders()).toBe(1);
    expect(responses.map((r) => r.headers.get(PAGE_CACHE_STATUS_HEADER)).sort()).toEqual([...Array(19).fill("hit"), "miss"]);
    const nonces = new Set(responses.map((r) => nonceOf(r.headers.get("Content-Security-Policy"))));
    expect(nonces.size).toBe(20);
  });

  it("holds at most its limit of addresses and of bytes, dropping the oldest", async () => {
    const { render } = pageRenderer();
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 3 });
    for (const page of ["/?a=1", "/?a=2", "/?a=3", "/?a=4"]) await cache.handle(get(page), render);
    expect(cache.size).toBe(3);
    expect(cache.lookup({ method: "GET", url: "/?a=1", anonymous: true, acceptsGzip: false })).toBeNull();
    expect(cache.lookup({ method: "GET", url: "/?a=4", anonymous: true, acceptsGzip: false })).not.toBeNull();

    // Random query strings on a big page cannot make the cache grow without end.
    const onePage = cache.bytes / 3;
    const bounded = createPageCache({ ttlMs: 60_000, maxBytes: Math.floor(onePage * 2.5) });
    for (let i = 0; i < 10; i++) await bounded.handle(get(`/map?junk=${i}`), render);
    expect(bounded.size).toBe(2);
    expect(bounded.bytes).toBeLessThanOrEqual(onePage * 2.5);
    expect(bounded.lookup({ method: "GET", url: "/map?junk=9", anonymous: true, acceptsGzip: true })).not.toBeNull();
    await bounded.handle(post("/api/logout"), async () => new Response(null, { status: 204 }));
    expect(bounded.bytes).toBe(0);
  });

  it("compresses a copy only when it is first sent gzipped, so a page nobody asks for again costs no compression", async () => {
    const { render } = pageRenderer();
    const cache = createPageCache({ ttlMs: 60_000 });
    const html = await (await cache.handle(get("/jimmy/3"), render)).text();
    // The page as rendered, less its nonces: nothing compressed yet.
    const raw = cache.bytes;
    expect(raw).toBeLessThanOrEqual(Buffer.byteLength(html));
    await cache.handle(get("/jimmy/3"), render);
    cache.lookup({ method: "GET", url: "/jimmy/3", anonymous: true, acceptsGzip: false });
    expect(cache.bytes).toBe(raw);
    const first = cache.lookup({ method: "GET", url: "/jimmy/3", anonymous: true, acceptsGzip: true })!;
    const compressed = cache.bytes;
    expect(compressed).toBeGreaterThan(Buffer.byteLength(html));
    const second = cache.lookup({ method: "GET", url: "/jimmy/3", anonymous: true, acceptsGzip: true })!;
    expect(cache.bytes).toBe(compressed);
    expect(second.body.length).toBe(first.body.length);
    expect(scriptsOf(zlib.gunzipSync(second.body).toString()).page).toBe(scriptsOf(html).page);

    // The compressed parts count against the limit too: the oldest copy makes room.
    const bounded = createPageCache({ ttlMs: 60_000, maxBytes: raw * 2 + 10 });
    await bounded.handle(get("/jimmy/1"), render);
    await bounded.handle(get("/jimmy/2"), render);
    expect(bounded.size).toBe(2);
    bounded.lookup({ method: "GET", url: "/jimmy/2", anonymous: true, acceptsGzip: true });
    expect(bounded.size).toBe(1);
    expect(bounded.bytes).toBeLessThanOrEqual(raw * 2 + 10);
    expect(bounded.lookup({ method: "GET", url: "/jimmy/2", anonymous: true, acceptsGzip: true })).not.toBeNull();
  });

  it("reads its time to live from PAGE_CACHE_TTL_MS and refuses a bad one with a clear message", () => {
    expect(pageCacheTtlFromEnv(undefined)).toBe(1000);
    expect(pageCacheTtlFromEnv("")).toBe(1000);
    expect(pageCacheTtlFromEnv("0")).toBe(0);
    expect(pageCacheTtlFromEnv("2500")).toBe(2500);
    for (const bad of ["-1", "1.5", "soon", "60001"]) {
      expect(() => pageCacheTtlFromEnv(bad)).toThrow(/PAGE_CACHE_TTL_MS must be a whole number of milliseconds from 0 to 60000/);
    }
  });
});
