/**
 * Security at the edges (docs/security.md): the headers on every answer, the
 * comment limit's Retry-After, control characters in typed text, the request
 * log, and the demo sign-in kept to this machine and to identities of its own.
 */
import net from "node:net";
import os from "node:os";
import { expect, test, type APIResponse } from "@playwright/test";
import { HONEYPOT_FIELD } from "../../app/lib/comments";
import { issueFormToken } from "../../app/services/comment-guard.server";
import { RATE_LIMITS } from "../../app/services/rate-limit.server";
import { E2E_SESSION_SECRET } from "../support/e2e-data";
import { startAppServer } from "../support/app-server";
import { query, queryOne } from "./db";
import { signInByRequest, uniqueName } from "./helpers";
import { appRoutes, routeUrl, type RouteSamples } from "./routes";
import { useOwnAddress } from "./social";

function demoSamples(): RouteSamples {
  const jimmy = queryOne<{ serial_number: number; id: number }>("select serial_number, id from jimmys where serial_number = 5");
  return {
    serial: jimmy.serial_number,
    jimmyId: jimmy.id,
    discoveryId: queryOne<{ id: number }>("select id from discoveries where jimmy_id = ? order by id limit 1", jimmy.id).id,
    commentId: queryOne<{ id: number }>("select id from comments order by id limit 1").id,
  };
}

function expectProtected(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], `${what} → ${response.status()}`).toBe("nosniff");
  expect(headers["referrer-policy"], `${what} → ${response.status()}`).toBe("strict-origin-when-cross-origin");
  expect(
    Object.keys(headers).filter((name) => /^x-page-cache-/i.test(name)),
    `${what}: internal headers`,
  ).toEqual([]);
}

test.describe("headers on every answer", () => {
  test("every route, static file, error and refusal answers with nosniff and a Referrer-Policy, whatever its type or status", async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const samples = demoSamples();
    const statuses = new Set<number>();
    const types = new Set<string>();
    const check = async (what: string, send: () => Promise<APIResponse>) => {
      const response = await send();
      statuses.add(response.status());
      types.add((response.headers()["content-type"] ?? "none").split(";")[0]!);
      expectProtected(response, what);
    };
    for (const route of appRoutes()) {
      const url = routeUrl(route, samples);
      await check(`GET ${url}`, () => request.get(url, { maxRedirects: 0 }));
      if (route.hasAction) await check(`POST ${url}`, () => request.post(url, { form: {}, maxRedirects: 0 }));
    }
    const extra: [string, () => Promise<APIResponse>][] = [
      ["/healthz", () => request.get("/healthz")],
      ["a public file", () => request.get("/favicon.svg")],
      ["an asset that does not exist", () => request.get("/assets/nope-123.js")],
      ["a data request", () => request.get(`/jimmy/${samples.serial}.data`)],
      ["an address that does not decode", () => request.get("/jimmy/%E0%A4%A")],
      ["a cross-site post", () => request.post("/login", { headers: { Origin: "https://evil.example" }, form: {} })],
      ["a wrong method", () => request.get(`/api/admin/discoveries/${samples.discoveryId}`)],
      ["a HEAD request", () => request.head("/api/stats")],
      ["an OPTIONS request", () => request.fetch("/api/stats", { method: "OPTIONS" })],
    ];
    for (const [what, send] of extra) await check(what, send);
    // The walk met the kinds of answers the issue listed, not just pages.
    expect([...types]).toEqual(expect.arrayContaining(["text/html", "application/json", "text/plain", "image/svg+xml"]));
    expect([...statuses]).toEqual(expect.arrayContaining([200, 302, 400, 403, 404, 405]));
  });
});

test.describe("comments", () => {
  test("a signed-in hunter's comment limit counts the hunter on every door: the JSON API's 429 and then the page's form say when to try again in Retry-After", async ({
    context,
  }) => {
    await useOwnAddress(context);
    await signInByRequest(context.request, uniqueName("Limit"));
    const { id: jimmyId, serial_number: serial } = queryOne<{ id: number; serial_number: number }>(
      "select id, serial_number from jimmys where serial_number = 7",
    );
    const { max } = RATE_LIMITS.commentPerHunter;
    const answers: APIResponse[] = [];
    for (let i = 0; i <= max; i++) {
      answers.push(
        await context.request.post(`/api/jimmys/${jimmyId}/comments`, { data: { content: `Limit check ${uniqueName("c")} ${i}` } }),
      );
    }
    expect(answers.slice(0, max).map((answer) => answer.status())).toEqual(Array.from({ length: max }, () => 201));
    const limited = answers[max]!;
    expect(limited.status()).toBe(429);
    const wait = Number(limited.headers()["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(((await limited.json()) as { message: string }).message).toMatch(/Please wait \d+ minutes? and try again/);

    const form = await context.request.post(`/jimmy/${serial}`, {
      form: {
        content: `Form limit check ${uniqueName("c")}`,
        [HONEYPOT_FIELD]: "",
        formToken: issueFormToken(new Date(Date.now() - 30_000), [E2E_SESSION_SECRET]),
      },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(429);
    expect(Number(form.headers()["retry-after"])).toBeGreaterThan(0);
  });

  test("NUL and other control characters typed into a comment or its author's name are not stored; tabs and line breaks are", async ({
    context,
  }) => {
    await useOwnAddress(context);
    const { serial_number: serial } = queryOne<{ serial_number: number }>("select serial_number from jimmys where serial_number = 8");
    const marker = uniqueName("ctl");
    const response = await context.request.post(`/jimmy/${serial}`, {
      form: {
        content: `${marker}\u0000 says\u001b[2J hi\u0085\tthere\nfriend\u007f`,
        authorName: "Ni\u0000ck\u0007",
        [HONEYPOT_FIELD]: "",
        formToken: issueFormToken(new Date(Date.now() - 30_000), [E2E_SESSION_SECRET]),
      },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text()).toBe(302);
    const stored = query<{ content: string; author_name: string }>(
      "select content, author_name from comments where content like ?",
      `${marker}%`,
    );
    expect(stored).toEqual([{ content: `${marker} says[2J hi\tthere\nfriend`, author_name: "Nick" }]);
  });
});

test.describe("the demo sign-in", () => {
  test("signing in with a seeded hunter's name or subject makes a hunter of its own, and the seeded one keeps their name", async ({
    request,
  }) => {
    const seeded = queryOne<{ id: number; first_name: string; last_name: string; provider_subject: string }>(
      "select id, first_name, last_name, provider_subject from users where provider = 'demo' order by id limit 1",
    );
    const asName = await signInByRequest(request, seeded.first_name, seeded.last_name);
    const asSubject = await signInByRequest(request, seeded.provider_subject, "");
    expect(asName).not.toBe(seeded.id);
    expect(asSubject).not.toBe(seeded.id);
    const after = queryOne<{ first_name: string; last_name: string }>("select first_name, last_name from users where id = ?", seeded.id);
    expect(after).toEqual({ first_name: seeded.first_name, last_name: seeded.last_name });
  });

  test("a request naming a LAN address or another name as its Host is refused, and gets no session", async ({ request, baseURL }) => {
    const port = new URL(baseURL!).port;
    for (const host of [`192.168.1.20:${port}`, `attacker.example:${port}`, `rebind.attacker.example`]) {
      const signIn = await request.post("/login", {
        headers: { Host: host, Origin: `http://${host}` },
        form: { firstName: uniqueName("Lan"), lastName: "Tester", redirectTo: "/" },
        maxRedirects: 0,
      });
      expect(signIn.status(), host).toBe(421);
      expect(await signIn.text()).toMatch(/only at a loopback address/);
      expect(
        signIn.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie"),
        host,
      ).toEqual([]);
      expect((await request.get("/", { headers: { Host: host } })).status(), host).toBe(421);
    }
  });
});

test.describe("a demo server of its own", () => {
  test("listens only on loopback, logs each request as a JSON line with time, request id, client address, method, route, path, status and duration, and LOG_REQUESTS=0 silences it", async () => {
    test.setTimeout(120_000);
    const app = await startAppServer({ DEMO_SIGN_IN: "true", TRUSTED_PROXY: "127.0.0.1" });
    try {
      const response = await fetch(`${app.baseURL}/api/stats?secret=never-logged`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      expect(response.status).toBe(200);
      await expect.poll(() => app.output()).toMatch(/"path":"\/api\/stats"/);
      const line = app
        .output()
        .split("\n")
        .find((entry) => entry.includes('"path":"/api/stats"'))!;
      expect(JSON.parse(line)).toMatchObject({
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        msg: "request",
        reqId: response.headers.get("X-Request-Id"),
        client: "203.0.113.9",
        method: "GET",
        route: "/api/stats",
        status: 200,
        ms: expect.any(Number),
      });
      expect(line).not.toContain("never-logged");

      // Another interface of this machine (a LAN address) finds nothing listening.
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .filter((address) => address && !address.internal && address.family === "IPv4")
        .map((address) => address!.address);
      for (const address of outside) {
        const reached = await new Promise<boolean>((resolve) => {
          const socket = net.connect({ host: address, port: app.port, timeout: 2000 });
          socket.once("connect", () => (socket.destroy(), resolve(true)));
          socket.once("error", () => resolve(false));
          socket.once("timeout", () => (socket.destroy(), resolve(false)));
        });
        expect(reached, `${address}:${app.port}`).toBe(false);
      }
      expect(app.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:/);
    } finally {
      await app.stop();
    }

    const quiet = await startAppServer({ LOG_REQUESTS: "0" });
    try {
      expect((await fetch(`${quiet.baseURL}/api/stats`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(quiet.output()).not.toMatch(/\/api\/stats|\/healthz/);
    } finally {
      await quiet.stop();
    }
  });
});
