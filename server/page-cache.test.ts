import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { PAGE_CACHE_FORM_TOKEN_HEADER, PAGE_CACHE_NONCE_HEADER, PAGE_CACHE_PERSONAL_HEADER } from "../app/lib/page-cache";
import { MARK_CLOSE, MARK_OPEN } from "../app/lib/personal-template";
import {
  createPageCache,
  parseTemplate,
  preferredEncoding,
  PAGE_CACHE_STATUS_HEADER,
  type CachedAnswer,
  type Personalize,
  type RenderContext,
} from "./page-cache";

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
    const form = formToken
      ? `<form><input name="formToken" value="${token}"></form><script nonce="${nonce}">window.data={"formToken":"${token}"}</script>`
      : "";
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
    const cache = createPageCache({
      ttlMs: 1000,
      issueFormToken: () => `1700000009${String(++issued).padStart(3, "0")}.fresh-token-${issued}`,
    });
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
    expect(a.nonces).toEqual([
      nonceOf(first.headers.get("Content-Security-Policy")),
      nonceOf(first.headers.get("Content-Security-Policy")),
    ]);
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
    for (const request of [
      get("/", { Cookie: "jh_session=abc" }),
      get("/", { Authorization: "Bearer x" }),
      new Request("http://hunt.test/", { method: "HEAD" }),
    ]) {
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
    // Both ways in, while the render is under way: the copy it replaces, each answer with its own nonce, at once.
    const meanwhile = await cache.handle(get("/"), render);
    expect(meanwhile.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    expect(await meanwhile.text()).toContain("Render 1");
    const fast = cache.lookup({ method: "GET", url: "/", anonymous: true, acceptsGzip: false });
    expect(fast).not.toBeNull();
    expect(String(fast!.body)).toContain("Render 1");
    expect(nonceOf(meanwhile.headers.get("Content-Security-Policy"))).not.toBe(nonceOf(String(fast!.headers["content-security-policy"])));
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
    expect(cache.lookup({ method: "GET", url: "/", anonymous: true, acceptsGzip: true })).toBeNull();
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
});

// ---------------------------------------------------------------- personal page templates

const O = MARK_OPEN;
const C = MARK_CLOSE;

type Hunter = { firstName: string; likes: number[]; unread: number };
const HUNTERS: Record<string, Hunter> = {
  ann: { firstName: `Ann "<b>&</b>" \u2028 O'Hara`, likes: [1], unread: 3 },
  bob: { firstName: "Bob", likes: [2], unread: 0 },
};

/** The data script as Remix writes it: turbo-stream's JSON in a JSON string, HTML-escaped. */
const streamScript = (nonce: string, flat: string) =>
  `<script nonce="${nonce}">window.__remixContext.streamController.enqueue(${JSON.stringify(flat).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)});</script>`;

const likeForm = (id: number, liked: boolean) =>
  `<form action="/discoveries/${id}/like"><button aria-pressed="${liked}">${liked ? "Unlike" : "Like"}</button></form>`;
const accountHtml = (hunter: Hunter) =>
  `<span class="account">${hunter.firstName.replace(/&/g, "&amp;").replace(/</g, "&lt;")} (${hunter.unread})</span>`;

/**
 * A page that offers a personal template, as app/entry.server.tsx marks it:
 * rendered for a hunter it says "offered"; rendered as a template it holds
 * the markers of app/lib/personal-template.ts where the hunter's parts go.
 */
function personalPageRenderer({ offers = true } = {}) {
  let renders = 0;
  let templates = 0;
  let nonceCounter = 0;
  const render = async (request: Request, context?: RenderContext) => {
    const nonce = `P${++nonceCounter}xyzNONCE==`;
    const tag = context?.personalTemplate;
    const template = tag !== undefined;
    if (template) templates++;
    else renders++;
    const hunter = HUNTERS[/hunter=(\w+)/.exec(request.headers.get("Cookie") ?? "")?.[1] ?? ""];
    const value = (key: string, real: unknown) => (template ? `${O}${tag}:${key}${C}` : real);
    const choice = (key: string, variants: [string, string][], real: string) =>
      template
        ? `${variants.map(([name, html]) => `${O}${tag}?${key}=${name}${C}${html}`).join("")}${O}${tag}/${key}${C}`
        : variants.find(([name]) => name === real)![1];
    const cards = [1, 2]
      .map((id) => {
        const liked = Boolean(hunter?.likes.includes(id));
        return `<article><p>Card ${id}</p>${choice(
          `like.${id}`,
          [
            ["true", likeForm(id, true)],
            ["false", likeForm(id, false)],
          ],
          String(liked),
        )}</article>`;
      })
      .join("");
    const flat = JSON.stringify([
      "user",
      value("user.firstName", hunter?.firstName ?? null),
      "unread",
      value("user.unreadNotifications", hunter?.unread ?? 0),
      "likes",
      value("like.1", hunter?.likes.includes(1) ?? false),
      value("like.2", hunter?.likes.includes(2) ?? false),
    ]);
    const header = template ? `${O}${tag}:account${C}` : hunter ? accountHtml(hunter) : `<a href="/login">Sign In</a>`;
    const filler = Array.from({ length: 200 }, (_, i) => `<li>Discovery ${i}</li>`).join("");
    // A caption someone wrote to look like markers: without the template's tag it is only text.
    const caption = `<p>${O}:account${C} ${O}guess:user.firstName${C} ${O}?like.1=true${C}</p>`;
    const html = `<!DOCTYPE html><html><body><header>${header}</header><ul>${filler}</ul>${caption}${cards}<script nonce="${nonce}">window.a=1</script>${streamScript(nonce, flat)}</body></html>`;
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": `script-src 'nonce-${nonce}'` });
    headers.set(PAGE_CACHE_NONCE_HEADER, nonce);
    if (offers) headers.set(PAGE_CACHE_PERSONAL_HEADER, template ? "template" : "offered");
    return new Response(html, { headers });
  };
  return { render, renders: () => renders, templates: () => templates };
}

/** The app's side: a hunter's values for the keys, from their cookie. */
const personalize: Personalize = async (cookie, keys) => {
  const hunter = HUNTERS[/hunter=(\w+)/.exec(cookie)?.[1] ?? ""];
  if (!hunter) return null;
  const values: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === "account") values[key] = { html: accountHtml(hunter) };
    else if (key === "user.firstName") values[key] = hunter.firstName;
    else if (key === "user.unreadNotifications") values[key] = hunter.unread;
    else if (key.startsWith("like.")) values[key] = hunter.likes.includes(Number(key.slice(5)));
    else return null;
  }
  return values;
};

/** The loader data a page's stream script holds, decoded as the browser does. */
function streamData(html: string): unknown[] {
  const literal = /enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)?.[1];
  if (!literal) throw new Error("No stream script");
  return JSON.parse(JSON.parse(literal) as string) as unknown[];
}

function decoded(answer: CachedAnswer): string {
  const encoding = answer.headers["Content-Encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body).toString();
  if (encoding === "gzip") return zlib.gunzipSync(answer.body).toString();
  return answer.body.toString();
}

describe("personal page templates", () => {
  const hunterGet = (path: string, who: string) => get(path, { Cookie: `jh_session=x; hunter=${who}` });
  const personal = (
    cache: ReturnType<typeof createPageCache>,
    render: ReturnType<typeof personalPageRenderer>["render"],
    who: string,
    acceptEncoding: string | null = null,
    path = "/",
  ) => cache.personal({ url: path, cookie: `jh_session=x; hunter=${who}`, acceptEncoding, request: () => hunterGet(path, who), render });

  it("gives each signed-in hunter their own copy of the page's template once the page offers one: the same page as rendered for them, with a nonce of its own", async () => {
    const app = personalPageRenderer();
    const cache = createPageCache({ ttlMs: 1000, personalize });
    // Until a page rendered for a hunter says it offers a template, hunters get renders.
    expect(await personal(cache, app.render, "ann")).toBeNull();
    const rendered = await cache.handle(hunterGet("/", "ann"), app.render);
    expect(rendered.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("bypass");
    expect(rendered.headers.has(PAGE_CACHE_PERSONAL_HEADER)).toBe(false);
    const renderedHtml = await rendered.text();

    const ann = (await personal(cache, app.render, "ann"))!;
    expect(ann.headers[PAGE_CACHE_STATUS_HEADER]).toBe("personal");
    expect(ann.headers[PAGE_CACHE_NONCE_HEADER]).toBeUndefined();
    expect(ann.headers[PAGE_CACHE_PERSONAL_HEADER]).toBeUndefined();
    const annHtml = decoded(ann);
    const nonce = nonceOf(ann.headers["content-security-policy"] as string);
    expect(nonce).not.toBe(nonceOf(rendered.headers.get("Content-Security-Policy")));
    expect(scriptsOf(annHtml).nonces).toEqual([nonce, nonce]);
    // Byte for byte the page rendered for her, apart from the nonces.
    expect(scriptsOf(annHtml).page).toBe(scriptsOf(renderedHtml).page);
    expect(annHtml).toContain(`<p>${O}:account${C} ${O}guess:user.firstName${C} ${O}?like.1=true${C}</p>`);
    expect(annHtml.split(MARK_OPEN)).toHaveLength(4);
    expect(streamData(annHtml)).toEqual(["user", HUNTERS.ann!.firstName, "unread", 3, "likes", true, false]);

    const bobHtml = decoded((await personal(cache, app.render, "bob"))!);
    expect(streamData(bobHtml)).toEqual(["user", "Bob", "unread", 0, "likes", false, true]);
    expect(bobHtml).toContain(likeForm(2, true));
    expect(bobHtml).toContain(likeForm(1, false));
    expect(bobHtml).not.toContain("Ann");
    expect(scriptsOf(bobHtml).page).toBe(scriptsOf(await (await app.render(hunterGet("/", "bob"))).text()).page);
    // One template served both, rendered without anybody's cookie.
    expect(app.templates()).toBe(1);
    expect(cache.templates).toBe(1);
  });

  it("compresses each copy as the client takes it: brotli first, then gzip, else none", async () => {
    const app = personalPageRenderer();
    const cache = createPageCache({ ttlMs: 1000, personalize });
    await cache.handle(hunterGet("/", "ann"), app.render);
    const plain = (await personal(cache, app.render, "ann", null))!;
    expect(plain.headers["Content-Encoding"]).toBeUndefined();
    const withoutNonce = (answer: CachedAnswer) => scriptsOf(decoded(answer)).page;
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip;q=1, br;q=0", "gzip"],
      ["identity", undefined],
      ["*", "br"],
    ] as const) {
      const answer = (await personal(cache, app.render, "ann", accept))!;
      expect(answer.headers["Content-Encoding"], accept).toBe(encoding);
      expect(answer.headers["Vary"]).toBe("Accept-Encoding");
      expect(withoutNonce(answer), accept).toBe(withoutNonce(plain));
    }
    expect(preferredEncoding("br;q=0.5, gzip")).toBe("br");
    expect(preferredEncoding("gzip, *;q=0")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
  });

  it("leaves the page to be rendered when nobody is signed in, a value is missing or of the wrong kind, or the page offers no template", async () => {
    const app = personalPageRenderer();
    const cache = createPageCache({ ttlMs: 1000, personalize });
    await cache.handle(hunterGet("/", "ann"), app.render);
    expect(await personal(cache, app.render, "nobody")).toBeNull();

    const missing = createPageCache({
      ttlMs: 1000,
      personalize: async (cookie, keys) => ({ ...(await personalize(cookie, keys)), "like.2": undefined }),
    });
    await missing.handle(hunterGet("/", "ann"), app.render);
    expect(await personal(missing, app.render, "ann")).toBeNull();
    // Markup is taken only as { html }: a plain string (say, a name) never goes into the page unescaped.
    const unescaped = createPageCache({
      ttlMs: 1000,
      personalize: async (cookie, keys) => ({ ...(await personalize(cookie, keys)), account: "<script>alert(1)</script>" }),
    });
    await unescaped.handle(hunterGet("/", "ann"), app.render);
    expect(await personal(unescaped, app.render, "ann")).toBeNull();
    const noSuchVariant = createPageCache({
      ttlMs: 1000,
      personalize: async (cookie, keys) => ({ ...(await personalize(cookie, keys)), "like.1": "maybe" }),
    });
    await noSuchVariant.handle(hunterGet("/", "ann"), app.render);
    expect(await personal(noSuchVariant, app.render, "ann")).toBeNull();

    // A page that stops offering one (its template render does not say "template") is rendered from then on.
    const changing = personalPageRenderer();
    const cache2 = createPageCache({ ttlMs: 1000, personalize });
    await cache2.handle(hunterGet("/", "ann"), changing.render);
    const stopped = personalPageRenderer({ offers: false });
    expect(await personal(cache2, stopped.render, "ann")).toBeNull();
    expect(await personal(cache2, changing.render, "ann")).toBeNull();
    expect(cache2.templates).toBe(0);

    // A template render or a values lookup that fails leaves the page to be rendered, not an error.
    const failing = createPageCache({ ttlMs: 1000, personalize: async () => Promise.reject(new Error("database is locked")) });
    await failing.handle(hunterGet("/", "ann"), app.render);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await personal(failing, app.render, "ann")).toBeNull();
      const broken = createPageCache({ ttlMs: 1000, personalize });
      await broken.handle(hunterGet("/", "ann"), app.render);
      expect(await personal(broken, async () => Promise.reject(new Error("render failed")), "ann")).toBeNull();
      expect(await personal(broken, app.render, "ann")).not.toBeNull();
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      logged.mockRestore();
    }

    // Off with a time to live of 0, or when the app gives no values.
    for (const off of [createPageCache({ ttlMs: 0, personalize }), createPageCache({ ttlMs: 1000 })]) {
      await off.handle(hunterGet("/", "ann"), app.render);
      expect(await personal(off, app.render, "ann")).toBeNull();
    }
  });

  it("renders a template at most once a time to live, shares it between concurrent hunters, and drops it on a write", async () => {
    let clock = 0;
    const app = personalPageRenderer();
    const cache = createPageCache({ ttlMs: 1000, personalize, now: () => clock });
    await cache.handle(hunterGet("/", "ann"), app.render);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: typeof app.render = async (request, context) => {
      await gate;
      return app.render(request, context);
    };
    const answers = Promise.all(Array.from({ length: 10 }, (_, i) => personal(cache, slow, i % 2 ? "ann" : "bob")));
    release();
    expect((await answers).every((answer) => answer?.headers[PAGE_CACHE_STATUS_HEADER] === "personal")).toBe(true);
    expect(app.templates()).toBe(1);
    clock = 999;
    await personal(cache, app.render, "ann");
    expect(app.templates()).toBe(1);
    clock = 1000;
    await personal(cache, app.render, "ann");
    expect(app.templates()).toBe(2);

    await cache.handle(post("/discoveries/1/like"), async () => new Response(null, { status: 302, headers: { Location: "/" } }));
    expect(cache.templates).toBe(0);
    await personal(cache, app.render, "ann");
    expect(app.templates()).toBe(3);

    // A template whose render overlapped a write is used for that answer but not kept.
    let finishTemplate: () => void = () => {};
    const held: typeof app.render = (request, context) =>
      new Promise((resolve) => (finishTemplate = () => resolve(app.render(request, context))));
    await cache.handle(post("/api/logout"), async () => new Response(null, { status: 204 }));
    const during = personal(cache, held, "ann");
    await Promise.resolve();
    let finishWrite: () => void = () => {};
    const write = cache.handle(
      post("/jimmy/7"),
      () => new Promise<Response>((resolve) => (finishWrite = () => resolve(new Response("ok")))),
    );
    finishWrite();
    await write;
    await new Promise((resolve) => setTimeout(resolve, 0));
    finishTemplate();
    expect((await during)?.headers[PAGE_CACHE_STATUS_HEADER]).toBe("personal");
    expect(cache.templates).toBe(0);
  });

  it("refuses a template whose markers do not make sense, and takes only markers with its own tag", () => {
    const [nonce, tag] = ["NONCE", "T4g"];
    expect(parseTemplate(`<p>${O}T4g?like.1=true${C}<b>yes</b>`, nonce, tag)).toBeNull();
    expect(parseTemplate(`${O}T4g?like.1=true${C}<b nonce="NONCE">x</b>${O}T4g/like.1${C}`, nonce, tag)).toBeNull();
    expect(parseTemplate(`${O}T4g?like.1=true${C}a${O}T4g?like.2=true${C}b${O}T4g/like.2${C}`, nonce, tag)).toBeNull();
    expect(parseTemplate(`${O}T4g?like.1=true${C}a${O}T4g?like.1=true${C}b${O}T4g/like.1${C}`, nonce, tag)).toBeNull();
    expect(parseTemplate(`${O}T4g?like.1=true${C}a${O}T4g:account${C}b${O}T4g/like.1${C}`, nonce, tag)).toBeNull();
    expect(parseTemplate(`<p>${O}T4g/like.1${C}</p>`, nonce, tag)).toBeNull();
    expect(parseTemplate(`<p>${O}T4g:${C}</p>`, nonce, tag)).toBeNull();
    const pieces = parseTemplate(
      `<p nonce="NONCE">${O}T4g:account${C}${O}T4g?like.1=true${C}A${O}T4g?like.1=false${C}B${O}T4g/like.1${C}\\"${O}T4g:user.firstName${C}\\"</p>`,
      nonce,
      tag,
    )!;
    expect(pieces.map((piece) => piece.kind)).toEqual(["text", "nonce", "text", "html", "choice", "data", "text"]);
    // Markers without the tag, or with another, are text.
    const text = `<p>${O}:account${C}${O}other:account${C}${O}?like.1=true${C}${O}/like.1${C}</p>`;
    expect(parseTemplate(text, nonce, tag)).toEqual([{ kind: "text", text: Buffer.from(text) }]);
  });
});

describe("the page cache's internal headers", () => {
  it("never reach a signed-out visitor: not on the render that fills the cache, a copy from it, or the fast path", async () => {
    const app = personalPageRenderer();
    const cache = createPageCache({ ttlMs: 1000, personalize });
    const internal = (names: Iterable<string>) => [...names].filter((name) => /^x-page-cache-/i.test(name));
    const miss = await cache.handle(get("/"), app.render);
    const hit = await cache.handle(get("/"), app.render);
    expect(hit.headers.get(PAGE_CACHE_STATUS_HEADER)).toBe("hit");
    const fast = cache.lookup({ method: "GET", url: "/", anonymous: true, acceptsGzip: false });
    expect(fast).not.toBeNull();
    expect(internal(miss.headers.keys())).toEqual([]);
    expect(internal(hit.headers.keys())).toEqual([]);
    expect(internal(Object.keys(fast!.headers))).toEqual([]);
  });
});

describe("reading preferences and the anonymous page cache", () => {
  it("keeps one copy per reader's unit and time zone, and still renders for anyone with a session cookie", async () => {
    // The page says which preferences it was rendered for, as the Hall of Fame's distances and a page's dates do.
    let renders = 0;
    const render = async (request: Request) => {
      renders++;
      const nonce = `N${renders}NONCE==`;
      const said = `${request.headers.get("Cookie") ?? "no cookie"} / ${request.headers.get("Accept-Language") ?? "no language"}`;
      return new Response(`<html><body><p>${said}</p><script nonce="${nonce}">1</script></body></html>`, {
        headers: {
          "Content-Type": "text/html",
          "Content-Security-Policy": `script-src 'nonce-${nonce}'`,
          [PAGE_CACHE_NONCE_HEADER]: nonce,
        },
      });
    };
    const cache = createPageCache({ ttlMs: 60_000 });
    const body = async (headers: Record<string, string>) => (await cache.handle(get("/hall-of-fame", headers), render)).text();

    expect(await body({ "Accept-Language": "fr-FR,fr;q=0.9" })).toContain("no cookie / fr-FR");
    expect(await body({ "Accept-Language": "en-US" })).toContain("no cookie / en-US");
    // A German reader gets the French reader's copy: both read kilometres in UTC.
    expect(await body({ "Accept-Language": "de-DE" })).toContain("no cookie / fr-FR");
    expect(await body({ Cookie: "units=km; tz=America/Chicago" })).toContain("units=km; tz=America/Chicago");
    expect(await body({ Cookie: "tz=America/Chicago; units=km" })).toContain("units=km; tz=America/Chicago");
    expect(renders).toBe(3);
    // The fast path finds each copy under its own preferences.
    const fast = cache.lookup({ method: "GET", url: "/hall-of-fame", anonymous: true, variant: "km America/Chicago", acceptsGzip: false });
    expect(fast?.body.toString()).toContain("units=km; tz=America/Chicago");

    // A session (or any other cookie) is never served a shared copy.
    expect(await body({ Cookie: "tz=America/Chicago; __session=abc" })).toContain("__session=abc");
    expect(renders).toBe(4);
  });
});
