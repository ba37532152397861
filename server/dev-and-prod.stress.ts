/**
 * `npm run dev` and `npm start` take the same path: the same Express app
 * (server/app.ts), so a page carries the same protective headers and a
 * browser's cross-site POST is refused the same way by both, while a
 * same-origin form POST goes through. Both run as real processes, the way a
 * developer and an operator start them; the production one needs the build
 * (npm run build), which is why this runs with the stress suite.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../tests/support/app-server";
import { E2E_QR_SECRET } from "../tests/support/e2e-data";

const root = path.resolve(import.meta.dirname, "..");

type Server = { name: string; baseURL: string; child: ChildProcess; dataDir: string; output: () => string };

async function start(name: string, script: string, nodeEnv: "development" | "production"): Promise<Server> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `jimmy-hunt-${name}-`));
  const child = spawn("npm", ["run", "--silent", script], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SESSION_SECRET: "dev-and-prod-secret-0123456789abcdef0123456789",
      QR_SECRET: E2E_QR_SECRET,
      DEMO_SIGN_IN: "true",
      LOG_REQUESTS: "false",
    },
    // Its own process group, so stopping it stops npm's child too.
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${output}`);
    if (
      await fetch(`${baseURL}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`${name} did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { name, baseURL, child, dataDir, output: () => output };
}

async function stop(server: Server | undefined) {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    process.kill(-server.child.pid!, "SIGTERM");
    await exited;
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** The headers that protect a page, the CSP's per-request nonce masked. */
function protectiveHeaders(response: Response) {
  const names = [
    "content-security-policy",
    "x-frame-options",
    "referrer-policy",
    "x-content-type-options",
    "cross-origin-opener-policy",
    "permissions-policy",
    "strict-transport-security",
  ];
  // A nonce differs per answer; a shared page's script hashes differ with the scripts each server inlines (ADR 022).
  const policy = (value: string) => value.replace(/'nonce-[^']+'/g, "'nonce-…'").replace(/( 'sha256-[^']+')+/g, " 'sha256-…'");
  return Object.fromEntries(names.map((name) => [name, response.headers.get(name) === null ? null : policy(response.headers.get(name)!)]));
}

function signIn(server: Server, headers: Record<string, string>) {
  return fetch(`${server.baseURL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ firstName: "Ada", lastName: "Lovelace", redirectTo: "/" }),
  });
}

describe("the development and the production server", () => {
  let dev: Server | undefined;
  let prod: Server | undefined;

  beforeAll(async () => {
    [dev, prod] = await Promise.all([start("dev", "dev", "development"), start("prod", "start", "production")]);
  });
  afterAll(async () => {
    await Promise.all([stop(dev), stop(prod)]);
  });

  it("send a page with the same protective headers", async () => {
    const fromDev = await fetch(`${dev!.baseURL}/privacy-policy`);
    const fromProd = await fetch(`${prod!.baseURL}/privacy-policy`);
    expect(fromDev.status).toBe(200);
    expect(fromProd.status).toBe(200);
    const headers = protectiveHeaders(fromProd);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(protectiveHeaders(fromDev)).toEqual(headers);
  });

  it("refuse a browser's cross-site form POST the same way", async () => {
    const refusals = await Promise.all(
      [dev!, prod!].map(async (server) => {
        const response = await signIn(server, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
        return { status: response.status, body: await response.text(), cookie: response.headers.get("set-cookie") };
      }),
    );
    expect(refusals[0]!.status).toBe(403);
    expect(refusals[0]!.body).toContain("came from another site");
    expect(refusals[0]!.cookie).toBeNull();
    expect(refusals[1]).toEqual(refusals[0]);
  });

  it("take a same-origin form POST: the hunter is signed in", async () => {
    for (const server of [dev!, prod!]) {
      const response = await signIn(server, { Origin: server.baseURL, "Sec-Fetch-Site": "same-origin" });
      expect(response.status, server.name).toBe(302);
      expect(response.headers.get("location"), server.name).toBe("/");
      expect(response.headers.get("set-cookie"), server.name).toBeTruthy();
    }
  });
});
