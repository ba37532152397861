import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer } from "../support/app-server";
import { E2E_QR_SECRET } from "../support/e2e-data";
import { CookieJar, ensureProductionBuild } from "./support";
import { oversizePhoto, ROTATED_GPS_JPEG } from "../support/photos";
import { createTestDb, type TestDb } from "../support/test-db";
import { mintJimmys } from "~/models/jimmys.server";
import { checkCodeFor } from "~/services/qr.server";

// Debian's nginx in front of the production app, configured by the very file
// docs/deployment.md tells operators to copy (docs/nginx.conf): it keeps the
// public pages the app marks `s-maxage`, and never a page that is someone's own.

const SERIAL = 4343;
const PAGE = `/jimmy/${SERIAL}`;
const BURST = 2_000;
const CONCURRENCY = 50;
/** The burst is spread over this long (or longer, on a slow machine), so that the copy expires several times during it. */
const BURST_MS = 6_000;

/** Replaces `from` in `text`, which must hold it exactly once. */
function replaceOnce(text: string, from: string, to: string): string {
  expect(from).not.toBe("");
  expect(text.split(from).length - 1).toBe(1);
  return text.replace(from, to);
}

/** nginx, on a loopback port, in front of `upstreamPort`, with docs/nginx.conf and everything it writes under a temporary directory. */
async function startNginx(port: number, upstreamPort: number) {
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => fs.existsSync(candidate));
  if (!nginx) throw new Error("nginx is not installed: apt-get install nginx-light (.ci/run does)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-hunt-nginx-"));
  const temp = (name: string) => path.join(dir, name);
  let site = fs.readFileSync(path.resolve("docs/nginx.conf"), "utf8");
  site = replaceOnce(site, "/var/cache/nginx/jimmy-hunt", temp("cache"));
  site = replaceOnce(site, "server 127.0.0.1:3000;", `server 127.0.0.1:${upstreamPort};`);
  site = replaceOnce(site, "listen 80;", `listen 127.0.0.1:${port};`);
  fs.writeFileSync(temp("jimmy-hunt.conf"), site);
  fs.writeFileSync(
    temp("nginx.conf"),
    // Started by root (as in CI's container), nginx would run its worker as `nobody`, who may not write here.
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${temp("nginx.pid")};
error_log ${temp("error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  include ${temp("jimmy-hunt.conf")};
}
`,
  );
  const child: ChildProcess = spawn(nginx, ["-p", dir, "-e", temp("error.log"), "-c", temp("nginx.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const errorLog = () => (fs.existsSync(temp("error.log")) ? fs.readFileSync(temp("error.log"), "utf8") : "");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${errorLog()}`);
    const up = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      const log = `${stderr}${errorLog()}`;
      await stop();
      throw new Error(`nginx did not answer: ${log.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseURL, stop };
}

let t: TestDb;
let app: Awaited<ReturnType<typeof startAppServer>>;
let proxy: Awaited<ReturnType<typeof startNginx>>;

/** A request through nginx, as a browser with `jar` (or a visitor without cookies) sends it. */
async function call(jar: CookieJar | null, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (jar?.header()) headers.set("Cookie", jar.header());
  const response = await fetch(`${proxy.baseURL}${pathname}`, { ...init, headers, redirect: "manual" });
  jar?.take(response);
  return response;
}

const postJson = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

async function signIn(firstName: string) {
  const jar = new CookieJar();
  const response = await call(jar, "/login", { method: "POST", body: new URLSearchParams({ firstName, lastName: "Proxy" }) });
  expect(response.status).toBe(302);
  expect(jar.has("jh_session")).toBe(true);
  return jar;
}

/** A valid JPEG of about `bytes`: the fixture photo with comment segments before its image data. */
function photoOfSize(bytes: number): Buffer {
  const photo = fs.readFileSync(ROTATED_GPS_JPEG);
  const segments: Buffer[] = [];
  for (let total = photo.length; total < bytes; total += 65_537) {
    const segment = Buffer.alloc(65_537, 0x20);
    segment.writeUInt16BE(0xfffe, 0); // COM
    segment.writeUInt16BE(65_535, 2); // its length, the two length bytes included
    segments.push(segment);
  }
  return Buffer.concat([photo.subarray(0, 2), ...segments, photo.subarray(2)]);
}

async function upload(jar: CookieJar, photo: Buffer) {
  const form = new FormData();
  form.set("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "jimmy.jpg");
  return call(jar, "/api/upload", { method: "POST", body: form });
}

/** How many requests for the Jimmy page the app has answered, from its own /metrics (asked directly, not through nginx). */
async function pageRequestsAtApp(): Promise<number> {
  const text = await (await fetch(`${app.baseURL}/metrics`)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("jimmy_http_requests_total{") && line.includes('route="/jimmy/:serial"'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

/** What the page says about whose it is: the account link's title, the bell's label, the like button's label. */
function personalParts(html: string) {
  return {
    account: /title="([^"]*): your account"/.exec(html)?.[1] ?? null,
    bell: /aria-label="(Notifications, [^"]*)"/.exec(html)?.[1] ?? null,
    like: /aria-label="((?:Un)?[Ll]ike \(\d+ likes?\))"/.exec(html)?.[1] ?? null,
  };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

describe("nginx with docs/nginx.conf in front of the app", () => {
  beforeAll(async () => {
    const started = performance.now();
    ensureProductionBuild();
    t = await createTestDb({ dialect: "sqlite" });
    await mintJimmys(t.db, SERIAL, SERIAL);
    const proxyPort = await freePort();
    app = await startAppServer({ DATABASE_URL: t.url, PUBLIC_URL: `http://127.0.0.1:${proxyPort}`, TRUSTED_PROXY: "127.0.0.1" });
    proxy = await startNginx(proxyPort, app.port);
    console.log(`nginx test: app and nginx up in ${seconds(started)} s`);
  }, 600_000);
  afterAll(async () => {
    await proxy?.stop();
    await app?.stop();
    await t?.cleanup();
  });

  it(`lets at most 1% of a burst of ${BURST} signed-out visits to a Jimmy page reach the app`, async () => {
    const first = await call(null, PAGE);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/^public, .*s-maxage=\d+/);
    await first.arrayBuffer();
    const before = await pageRequestsAtApp();
    const started = performance.now();
    let sent = 0;
    let ok = 0;
    const fromCache = new Map<string, number>();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent < BURST) {
          const due = started + (sent * BURST_MS) / BURST;
          sent++;
          if (performance.now() < due) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
          const response = await call(null, PAGE);
          const html = await response.text();
          if (response.status === 200 && html.includes(`Jimmy #${SERIAL}`)) ok++;
          const status = response.headers.get("x-proxy-cache") ?? "(none)";
          fromCache.set(status, (fromCache.get(status) ?? 0) + 1);
        }
      }),
    );
    const reached = (await pageRequestsAtApp()) - before;
    console.log(
      `nginx burst: ${ok}/${BURST} pages in ${seconds(started)} s, ${reached} reached the app; nginx said ${JSON.stringify(Object.fromEntries(fromCache))}`,
    );
    expect(ok).toBe(BURST);
    // The copy expired during the burst and was fetched again, by a handful of requests.
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThanOrEqual(BURST / 100);
  }, 300_000);

  it("gives each of two signed-in hunters, alternating, only their own page: name, like and unread count", async () => {
    const started = performance.now();
    const ottilie = await signIn("Ottilie");
    const bartholomew = await signIn("Bartholomew");
    const wilhelmina = await signIn("Wilhelmina");
    // Ottilie watches the Jimmy…
    const watched = await call(ottilie, `${PAGE}/watch`, { method: "POST", body: new URLSearchParams({ intent: "watch" }) });
    expect(watched.status).toBe(302);
    // …Wilhelmina reports it with a phone-sized photo (over nginx's default 1 MB body limit), which tells Ottilie…
    const uploaded = await upload(wilhelmina, photoOfSize(3 * 1024 * 1024));
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { tempPath } = (await uploaded.json()) as { tempPath: string };
    const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", SERIAL).executeTakeFirstOrThrow();
    const reported = await call(
      wilhelmina,
      "/api/discoveries",
      postJson({ jimmyId: jimmy.id, tempPath, caption: "On the ferry railing", checkCode: checkCodeFor(SERIAL, E2E_QR_SECRET) }),
    );
    expect(reported.status).toBe(201);
    const { id: discoveryId } = (await reported.json()) as { id: number };
    // …and Bartholomew likes it.
    const liked = await call(bartholomew, `/api/discoveries/${discoveryId}/like`, { method: "POST" });
    expect(await liked.json()).toEqual({ isLiked: true, likeCount: 1 });

    // The Jimmy's page and All Discoveries (whose cards have the like button), in turns.
    for (let round = 0; round < 4; round++) {
      for (const [pathname, like] of [
        [PAGE, null],
        ["/discoveries", true],
      ] as const) {
        for (const [jar, expected] of [
          [ottilie, { account: "Ottilie Proxy", bell: "Notifications, 1 unread", like: like && "Like (1 like)" }],
          [bartholomew, { account: "Bartholomew Proxy", bell: "Notifications, none unread", like: like && "Unlike (1 like)" }],
        ] as const) {
          const response = await call(jar, pathname);
          expect(response.status).toBe(200);
          expect(response.headers.get("cache-control")).toMatch(/private/);
          expect(response.headers.get("x-proxy-cache")).toBe("BYPASS");
          expect(personalParts(await response.text()), `${expected.account} on ${pathname}`).toEqual(expected);
        }
        // A signed-out visitor in between gets the shared page: nobody's account, bell or like.
        const visitor = await call(null, pathname);
        expect(visitor.headers.get("cache-control")).toMatch(/^public/);
        const html = await visitor.text();
        expect(personalParts(html), `a visitor on ${pathname}`).toEqual({ account: null, bell: null, like: like && "Like (1 like)" });
        expect(html).not.toContain("Ottilie");
        expect(html).not.toContain("Bartholomew");
      }
    }
    console.log(`nginx test: two hunters alternating in ${seconds(started)} s`);
  }, 60_000);

  it("passes a photo over 10 MB to the app, which refuses it with its own message", async () => {
    const hunter = await signIn("Philippa");
    const refused = await upload(hunter, oversizePhoto());
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toMatch(/smaller than 10MB/);
  });

  it("keeps no shared copy from someone with a message for the next page: signing out says so", async () => {
    // The home page is in nginx's cache…
    await (await call(null, "/")).arrayBuffer();
    expect((await call(null, "/")).headers.get("x-proxy-cache")).toMatch(/HIT|UPDATING|STALE|REVALIDATED/);
    // …but the page after signing out carries the app's message for it, not the shared copy.
    const hunter = await signIn("Leopold");
    const signedOut = await call(hunter, "/api/logout", { method: "POST" });
    expect(signedOut.status).toBe(302);
    expect(hunter.has("jh_session")).toBe(false);
    const next = await call(hunter, signedOut.headers.get("location")!);
    expect(next.headers.get("x-proxy-cache")).toBe("BYPASS");
    expect(await next.text()).toContain("See you on the next hunt!");
  });

  it("serves visitors with only reading preferences from the cache, and anyone with another cookie from the app", async () => {
    const through = async (cookie: string) => {
      const response = await call(null, PAGE, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      return { status: response.status, cacheControl: response.headers.get("cache-control"), proxy: response.headers.get("x-proxy-cache") };
    };
    for (const cookie of ["units=km", "tz=Europe/Paris; units=km"]) {
      await through(cookie);
      expect(await through(cookie), cookie).toMatchObject({ status: 200, cacheControl: expect.stringMatching(/^public/) });
      expect((await through(cookie)).proxy, cookie).toMatch(/HIT|UPDATING|STALE|REVALIDATED/);
    }
    for (const cookie of ["jh_admin=forged", "units=km; jh_flash=x", "__Host-jh_session=forged"]) {
      expect(await through(cookie), cookie).toMatchObject({ status: 200, proxy: "BYPASS" });
    }
  });

  it("shows a comment to signed-out visitors within s-maxage and stale-while-revalidate", async () => {
    const page = await call(null, PAGE);
    await page.arrayBuffer();
    const control = page.headers.get("cache-control") ?? "";
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(control)?.[1]);
    const stale = Number(/stale-while-revalidate=(\d+)/.exec(control)?.[1] ?? 0);
    expect(sMaxAge).toBeGreaterThan(0);
    const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", SERIAL).executeTakeFirstOrThrow();
    const commenter = await signIn("Constance");
    const text = "Spotted him from the ferry, waving";
    const posted = await call(commenter, `/api/jimmys/${jimmy.id}/comments`, postJson({ content: text }));
    expect(posted.status).toBe(201);
    const postedAt = performance.now();
    // nginx counts whole seconds: a copy may live up to a second more than it says.
    const bound = (sMaxAge + stale + 2) * 1000;
    let seen = false;
    while (!seen && performance.now() - postedAt < bound) {
      seen = (await (await call(null, PAGE)).text()).includes(text);
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`nginx test: the comment showed to signed-out visitors after ${seconds(postedAt)} s (bound ${bound / 1000} s)`);
    expect(seen, `the comment was not visible through nginx within ${bound} ms`).toBe(true);
  }, 60_000);
});
