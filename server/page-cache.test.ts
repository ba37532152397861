import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_SHARED_HEADER } from "../app/lib/page-cache";
import { acceptsGzip, createPageCache, PAGE_CACHE_STATUS_HEADER, sharedCacheControl, type Lookup } from "./page-cache";

/**
 * A page as the app renders it for a signed-out visitor: marked shared, its
 * scripts allowed by hash, with a counter so each render is told apart.
 */
function pageRenderer({ shared = true, status = 200, setCookie = false } = {}) {
  let renders = 0;
  const render = async (request: Request) => {
    renders++;
    const headers = new Headers({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `script-src 'self' 'sha256-render${renders}'`,
      "X-Content-Type-Options": "nosniff",
      Vary: "Cookie, Accept-Language",
    });
    if (shared) headers.set(PAGE_CACHE_SHARED_HEADER, "1");
    if (setCookie) headers.append("Set-Cookie", "jh_flash=; Max-Age=0");
    // Long enough that gzip has real work.
    const filler = Array.from({ length: 400 }, (_, i) => `<li>Discovery ${i} in ${new URL(request.url).pathname}</li>`).join("");
    const html = `<!DOCTYPE html><html><body><h1>Render ${renders}</h1><ul>${filler}</ul><script>window.a=${renders}</script></body></html>`;
    return new Response(html, { status, headers });
  };
  return { render, renders: () => renders };
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://hunt.test${path}`, { headers });
const post = (path: string) => new Request(`http://hunt.test${path}`, { method: "POST", body: "x=1" });
const lookup = (url: string, rest: Partial<Lookup> = {}): Lookup => ({
  method: "GET",
  url,
  variant: "",
  acceptsGzip: false,
  ifNoneMatch: null,
  ...rest,
});

describe("the shared page store", () => {
  it("renders a signed-out visitor's page once and gives everyone the same bytes, ETag and public Cache-Control", async () => {
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000 });
    const first = await cache.handle(get("/"), render);
    const second = await cache.handle(get("/"), render);
    const fast = cache.lookup(lookup("/"))!;
    expect(renders()).toBe(1);
    expect(first.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    expect(second.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    expect(fast.headers[PAGE_CACHE_STATUS_HEADER]).toBe("hit");
    const body = Buffer.from(await first.arrayBuffer());
    expect(Buffer.from(await second.arrayBuffer()).equals(body)).toBe(true);
    expect(fast.body.equals(body)).toBe(true);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(second.headers.get("ETag")).toBe(etag);
    expect(fast.headers.ETag).toBe(etag);
    for (const cacheControl of [first.headers.get("Cache-Control"), second.headers.get("Cache-Control"), fast.headers["Cache-Control"]]) {
      expect(cacheControl).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=5");
    }
    // The policy was computed from the page's own scripts once: the same for every answer.
    expect(second.headers.get("Content-Security-Policy")).toBe(first.headers.get("Content-Security-Policy"));
    expect(fast.headers["content-security-policy"]).toBe(first.headers.get("Content-Security-Policy"));
    expect(first.headers.get("Vary")).toBe("Cookie, Accept-Language");
    for (const response of [first, second]) {
      expect(response.headers.has(PAGE_CACHE_SHARED_HEADER)).toBe(false);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    expect(Object.keys(fast.headers).some((name) => name.toLowerCase() === PAGE_CACHE_SHARED_HEADER.toLowerCase())).toBe(false);
  });

  it("answers If-None-Match naming the copy with a 304 and no body, on both ways in", async () => {
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000 });
    const etag = (await cache.handle(get("/hall-of-fame"), render)).headers.get("ETag")!;
    const notModified = await cache.handle(get("/hall-of-fame", { "If-None-Match": etag }), render);
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("ETag")).toBe(etag);
    expect(notModified.headers.get("Cache-Control")).toContain("public");
    const fast = cache.lookup(lookup("/hall-of-fame", { ifNoneMatch: `"other", W/${etag}` }))!;
    expect(fast.status).toBe(304);
    expect(fast.body.length).toBe(0);
    expect(cache.lookup(lookup("/hall-of-fame", { ifNoneMatch: '"other"' }))!.status).toBe(200);
    expect(renders()).toBe(1);
  });

  it("sends the gzip encoding made once per copy, with an ETag of its own, and revalidates it", async () => {
    const { render } = pageRenderer();
    const cache = createPageCache({ ttlMs: 60_000 });
    const plain = await cache.handle(get("/jimmy/3"), render);
    const html = await plain.text();
    const raw = cache.bytes;
    expect(raw).toBe(Buffer.byteLength(html));
    const first = cache.lookup(lookup("/jimmy/3", { acceptsGzip: true }))!;
    expect(first.headers["Content-Encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(first.body).toString()).toBe(html);
    expect(first.body.length).toBeLessThan(Buffer.byteLength(html) / 3);
    expect(first.headers.ETag).not.toBe(plain.headers.get("ETag"));
    const compressed = cache.bytes;
    expect(compressed).toBe(raw + first.body.length);
    const second = cache.lookup(lookup("/jimmy/3", { acceptsGzip: true }))!;
    expect(second.body.equals(first.body)).toBe(true);
    expect(cache.bytes).toBe(compressed);
    expect(cache.lookup(lookup("/jimmy/3", { acceptsGzip: true, ifNoneMatch: first.headers.ETag as string }))!.status).toBe(304);
    // A rendered answer through handle takes gzip the same way.
    const viaHandle = await cache.handle(get("/jimmy/3", { "Accept-Encoding": "gzip, deflate, br" }), render);
    expect(viaHandle.headers.get("Content-Encoding")).toBe("gzip");
    expect(Buffer.from(await viaHandle.arrayBuffer()).equals(first.body)).toBe(true);
  });

  it("never serves or keeps a copy for a request with a cookie or credentials, nor for HEAD", async () => {
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000 });
    for (const request of [
      get("/", { Cookie: "jh_session=abc" }),
      get("/", { Authorization: "Bearer x" }),
      new Request("http://hunt.test/", { method: "HEAD" }),
    ]) {
      const response = await cache.handle(request, render);
      expect(response.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("bypass");
      expect(response.headers.get("Cache-Control")).not.toContain("public");
    }
    expect(cache.size).toBe(0);
    await cache.handle(get("/"), render);
    await cache.handle(get("/", { Cookie: "jh_session=abc" }), render);
    expect(renders()).toBe(5);
    expect(cache.lookup(lookup("/", { variant: null }))).toBeNull();
    expect(cache.lookup(lookup("/", { method: "HEAD" }))).toBeNull();
  });

  it("keeps only pages the app rendered shared, that answered 200 and set no cookie; the others are never public", async () => {
    const cache = createPageCache({ ttlMs: 1000 });
    for (const options of [{ shared: false }, { status: 404 }, { setCookie: true }]) {
      const { render, renders } = pageRenderer(options);
      await cache.handle(get("/"), render);
      const again = await cache.handle(get("/"), render);
      expect(renders()).toBe(2);
      expect(again.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("bypass");
      expect(again.headers.has(PAGE_CACHE_SHARED_HEADER)).toBe(false);
      expect(again.headers.has("ETag")).toBe(false);
      expect(again.headers.get("Cache-Control") ?? "").not.toContain("public");
    }
    expect(cache.size).toBe(0);
  });

  it("renders again once a copy is older than the time to live, with a new ETag", async () => {
    let clock = 1_000_000;
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000, now: () => clock });
    const etag = (await cache.handle(get("/"), render)).headers.get("ETag");
    clock += 999;
    expect((await cache.handle(get("/"), render)).headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    clock += 1;
    expect(cache.lookup(lookup("/"))).toBeNull();
    // A visitor revalidating an older copy gets the new one in full.
    const fresh = await cache.handle(get("/", { "If-None-Match": etag! }), render);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    expect(await fresh.text()).toContain("Render 2");
    expect(fresh.headers.get("ETag")).not.toBe(etag);
    expect(renders()).toBe(2);
  });

  it("sends the expiring copy while its replacement renders, instead of making visitors wait for it", async () => {
    let clock = 1_000_000;
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 1000, now: () => clock });
    await cache.handle(get("/"), render);
    clock += 1000;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const renewing = cache.handle(get("/"), async (request) => {
      await gate;
      return render(request);
    });
    const meanwhile = await cache.handle(get("/"), render);
    expect(meanwhile.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    expect(await meanwhile.text()).toContain("Render 1");
    expect(String(cache.lookup(lookup("/"))!.body)).toContain("Render 1");
    release();
    expect(await (await renewing).text()).toContain("Render 2");
    expect(await (await cache.handle(get("/"), render)).text()).toContain("Render 2");
    expect(renders()).toBe(2);

    // Once the render is done (here, failed), an expired copy is never sent again.
    clock += 1000;
    const failing = cache.handle(get("/"), async () => {
      await Promise.resolve();
      throw new Error("database gone");
    });
    await expect(failing).rejects.toThrow("database gone");
    expect(cache.lookup(lookup("/"))).toBeNull();
  });

  it("is off with a time to live of 0: nothing kept, and a shared page is not declared public", async () => {
    const { render, renders } = pageRenderer();
    const cache = createPageCache({ ttlMs: 0 });
    const first = await cache.handle(get("/"), render);
    await cache.handle(get("/"), render);
    expect(renders()).toBe(2);
    expect(first.headers.has(PAGE_CACHE_STATUS_HEADER)).toBe(false);
    expect(first.headers.has(PAGE_CACHE_SHARED_HEADER)).toBe(false);
    expect(first.headers.get("Cache-Control")).toBe("no-cache");
    expect(cache.lookup(lookup("/"))).toBeNull();
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
    const slow = cache.handle(
      get("/hall-of-fame"),
      (request) => new Promise<Response>((resolve) => (finishRender = () => resolve(render(request)))),
    );
    let finishWrite: () => void = () => {};
    const write = cache.handle(
      post("/jimmy/7"),
      () => new Promise<Response>((resolve) => (finishWrite = () => resolve(new Response("ok")))),
    );
    await Promise.resolve();
    finishWrite();
    await write;
    finishRender();
    expect((await slow).headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("miss");
    expect(cache.lookup(lookup("/hall-of-fame"))).toBeNull();
    expect(renders()).toBe(3);
  });

  it("lets concurrent visitors of one address wait for a single render, and gives them all the same bytes", async () => {
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
    expect(new Set(await Promise.all(responses.map((r) => r.text()))).size).toBe(1);
    expect(new Set(responses.map((r) => r.headers.get("ETag"))).size).toBe(1);
  });

  it("holds at most its limit of addresses and of bytes, dropping the oldest", async () => {
    const { render } = pageRenderer();
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 3 });
    for (const page of ["/?a=1", "/?a=2", "/?a=3", "/?a=4"]) await cache.handle(get(page), render);
    expect(cache.size).toBe(3);
    expect(cache.lookup(lookup("/?a=1"))).toBeNull();
    expect(cache.lookup(lookup("/?a=4"))).not.toBeNull();

    // Random query strings on a big page cannot make the store grow without end; gzip copies count too.
    const onePage = cache.bytes / 3;
    const bounded = createPageCache({ ttlMs: 60_000, maxBytes: Math.floor(onePage * 2.5) });
    for (let i = 0; i < 10; i++) await bounded.handle(get(`/map?junk=${i}`), render);
    expect(bounded.size).toBe(2);
    expect(bounded.bytes).toBeLessThanOrEqual(onePage * 2.5);
    expect(bounded.lookup(lookup("/map?junk=9", { acceptsGzip: true }))).not.toBeNull();
    expect(bounded.lookup(lookup("/map?junk=7"))).toBeNull();
    await bounded.handle(post("/api/logout"), async () => new Response(null, { status: 204 }));
    expect(bounded.bytes).toBe(0);
  });
});

describe("reading preferences and the shared page store", () => {
  it("keeps one copy per reader's unit and time zone, and still renders for anyone with a session cookie", async () => {
    // The page says which preferences it was rendered for, as the Hall of Fame's distances and a page's dates do.
    let renders = 0;
    const render = async (request: Request) => {
      renders++;
      const said = `${request.headers.get("Cookie") ?? "no cookie"} / ${request.headers.get("Accept-Language") ?? "no language"}`;
      return new Response(`<html><body><p>${said}</p><script>1</script></body></html>`, {
        headers: { "Content-Type": "text/html", [PAGE_CACHE_SHARED_HEADER]: "1" },
      });
    };
    const cache = createPageCache({ ttlMs: 60_000 });
    const answer = (headers: Record<string, string>) => cache.handle(get("/hall-of-fame", headers), render);
    const body = async (headers: Record<string, string>) => (await answer(headers)).text();

    expect(await body({ "Accept-Language": "fr-FR,fr;q=0.9" })).toContain("no cookie / fr-FR");
    expect(await body({ "Accept-Language": "en-US" })).toContain("no cookie / en-US");
    // A German reader gets a copy of their own, in German.
    expect(await body({ "Accept-Language": "de-DE" })).toContain("no cookie / de-DE");
    // A Dutch reader gets the Swedish reader's copy: the hunt speaks neither, and both read kilometres in UTC.
    expect(await body({ "Accept-Language": "sv-SE" })).toContain("no cookie / sv-SE");
    expect(await body({ "Accept-Language": "nl-NL" })).toContain("no cookie / sv-SE");
    expect(await body({ Cookie: "units=km; tz=America/Chicago" })).toContain("units=km; tz=America/Chicago");
    expect(await body({ Cookie: "tz=America/Chicago; units=km" })).toContain("units=km; tz=America/Chicago");
    expect(renders).toBe(5);
    // Each copy has an ETag of its own: one variant's tag does not validate another's copy.
    const swedish = (await answer({ "Accept-Language": "sv-SE" })).headers.get("ETag")!;
    expect((await answer({ "Accept-Language": "en-US", "If-None-Match": swedish })).status).toBe(200);
    expect((await answer({ "Accept-Language": "nl-NL", "If-None-Match": swedish })).status).toBe(304);
    // The fast path finds each copy under its own preferences.
    const fast = cache.lookup(lookup("/hall-of-fame", { variant: "km America/Chicago" }));
    expect(fast?.body.toString()).toContain("units=km; tz=America/Chicago");

    // A session (or any other cookie) is never served a shared copy.
    expect(await body({ Cookie: "tz=America/Chicago; __session=abc" })).toContain("__session=abc");
    expect(renders).toBe(6);
  });
});

describe("what a copy is sent in", () => {
  it("reads gzip from Accept-Encoding, by name or by *, unless its weight is 0", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it("says how long a proxy may keep a copy: the time to live, whole seconds, at least one", () => {
    expect(sharedCacheControl(1000)).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=5");
    expect(sharedCacheControl(2500)).toBe("public, max-age=0, s-maxage=3, stale-while-revalidate=5");
    expect(sharedCacheControl(100)).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=5");
  });
});
