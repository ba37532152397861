import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer } from "../support/app-server";
import { createTestDb, type TestDb } from "../support/test-db";
import { mintJimmys } from "~/models/jimmys.server";

// Debian's nginx in front of the production app, configured by the very file
// docs/deployment.md tells operators to copy (docs/nginx.conf): it keeps the
// public pages the app marks `s-maxage`, and never a signed-in hunter's.

const SERIAL = 4343;
const PAGE = `/jimmy/${SERIAL}`;
const BURST = 2_000;
const CONCURRENCY = 50;

/** The production build this test runs, built first when it is missing. */
function ensureProductionBuild() {
  if (!fs.existsSync(path.resolve("build/server/index.js"))) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

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
  let site = fs.readFileSync(path.resolve("docs/nginx.conf"), "utf8");
  site = replaceOnce(site, "/var/cache/nginx/jimmy-hunt", path.join(dir, "cache"));
  site = replaceOnce(site, "server 127.0.0.1:3000;", `server 127.0.0.1:${upstreamPort};`);
  site = replaceOnce(site, "listen 80;", `listen 127.0.0.1:${port};`);
  fs.writeFileSync(path.join(dir, "jimmy-hunt.conf"), site);
  const temp = (name: string) => path.join(dir, name);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
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
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${fs.readFileSync(temp("error.log"), "utf8")}`);
    const up = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The cookies a browser would keep, by name. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

let t: TestDb;
let app: Awaited<ReturnType<typeof startAppServer>>;
let proxy: Awaited<ReturnType<typeof startNginx>>;

async function call(jar: CookieJar | null, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (jar) headers.set("Cookie", jar.header());
  const response = await fetch(`${proxy.baseURL}${pathname}`, { ...init, headers, redirect: "manual" });
  jar?.take(response);
  return response;
}

async function signIn(firstName: string) {
  const jar = new CookieJar();
  const response = await call(jar, "/login", { method: "POST", body: new URLSearchParams({ firstName, lastName: "Proxy" }) });
  expect(response.status).toBe(302);
  return jar;
}

/** How many GETs of the Jimmy page the app has answered, from its own /metrics (asked directly, not through nginx). */
async function pageRequestsAtApp(): Promise<number> {
  const text = await (await fetch(`${app.baseURL}/metrics`)).text();
  return text
    .split("\n")
    .filter(
      (line) => line.startsWith("jimmy_http_requests_total{") && line.includes('method="GET"') && line.includes('route="/jimmy/:serial"'),
    )
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

describe("nginx with docs/nginx.conf in front of the app", () => {
  beforeAll(async () => {
    ensureProductionBuild();
    t = await createTestDb({ dialect: "sqlite" });
    await mintJimmys(t.db, SERIAL, SERIAL);
    const proxyPort = await freePort();
    app = await startAppServer({ DATABASE_URL: t.url, PUBLIC_URL: `http://127.0.0.1:${proxyPort}`, TRUSTED_PROXY: "127.0.0.1" });
    proxy = await startNginx(proxyPort, app.port);
  }, 600_000);
  afterAll(async () => {
    await proxy?.stop();
    await app?.stop();
    await t?.cleanup();
  });

  it(`lets at most 1% of a burst of ${BURST} signed-out visits to a Jimmy page reach the app`, async () => {
    const first = await call(null, PAGE);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toMatch(/public.*s-maxage=/);
    const before = await pageRequestsAtApp();
    let sent = 0;
    let ok = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent < BURST) {
          sent++;
          const response = await call(null, PAGE);
          await response.arrayBuffer();
          if (response.status === 200) ok++;
        }
      }),
    );
    const reached = (await pageRequestsAtApp()) - before;
    console.log(`nginx burst: ${ok}/${BURST} answered 200, ${reached} reached the app`);
    expect(ok).toBe(BURST);
    expect(reached).toBeLessThanOrEqual(BURST / 100);
  }, 300_000);

  it("gives each of two signed-in hunters, alternating, only their own page", async () => {
    const ottilie = await signIn("Ottilie");
    const bartholomew = await signIn("Bartholomew");
    for (let round = 0; round < 5; round++) {
      for (const [jar, own, other] of [
        [ottilie, "Ottilie", "Bartholomew"],
        [bartholomew, "Bartholomew", "Ottilie"],
      ] as const) {
        const response = await call(jar, PAGE);
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toMatch(/private/);
        expect(response.headers.get("x-proxy-cache")).toBe("BYPASS");
        const html = await response.text();
        expect(html).toContain(own);
        expect(html).not.toContain(other);
      }
    }
    // And a signed-out visitor in between sees neither.
    const anonymous = await (await call(null, PAGE)).text();
    expect(anonymous).not.toContain("Ottilie");
    expect(anonymous).not.toContain("Bartholomew");
  });

  it("shows a comment to signed-out visitors within s-maxage and stale-while-revalidate", async () => {
    const page = await call(null, PAGE);
    const control = page.headers.get("cache-control") ?? "";
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(control)?.[1]);
    const stale = Number(/stale-while-revalidate=(\d+)/.exec(control)?.[1] ?? 0);
    expect(sMaxAge).toBeGreaterThan(0);
    const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", SERIAL).executeTakeFirstOrThrow();
    const commenter = await signIn("Constance");
    const text = "Spotted him from the ferry, waving";
    const posted = await call(commenter, `/api/jimmys/${jimmy.id}/comments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ content: text }),
    });
    expect(posted.status).toBe(201);
    const postedAt = Date.now();
    const bound = (sMaxAge + stale + 3) * 1000;
    let seen = false;
    while (!seen && Date.now() - postedAt < bound) {
      seen = (await (await call(null, PAGE)).text()).includes(text);
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen, `the comment was not visible through nginx within ${bound} ms`).toBe(true);
  }, 60_000);
});
