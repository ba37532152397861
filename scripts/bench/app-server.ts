/**
 * The production server as the bench runs it (scripts/bench.ts and
 * scripts/bench/profile.ts): `npm start`'s entry on the build in build/, a data
 * directory of its own, the demo sign-in on, no request log.
 */
import fs from "node:fs";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { freePort, untilHealthy } from "../../tests/support/app-server";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The bench app's QR_SECRET: the upload measurement types the label's code as a hunter would. */
export const BENCH_QR_SECRET = "bench-qr-secret-0123456789abcdef0123456789";

/** `pid`: the server process, whose CPU time scripts/bench/render-cost.ts reads. */
export type AppServer = { baseURL: string; dataDir: string; pid: number; stop: () => Promise<void> };

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Starts the server on `dataDir`; `nodeArgs` go to Node before the entry (e.g.
 * --cpu-prof); `root` is the checkout whose build/ it serves (this one by
 * default; another, with its own node_modules, to compare two builds);
 * `processes` is its WEB_CONCURRENCY (one by default, so `pid` is the process
 * that serves).
 */
export async function startApp(
  dataDir: string,
  { nodeArgs = [], root = ROOT, processes = 1 }: { nodeArgs?: string[]; root?: string; processes?: number } = {},
): Promise<AppServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, "server/prod.ts", "build/server/index.js"], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      WEB_CONCURRENCY: String(processes),
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
      QR_SECRET: BENCH_QR_SECRET,
      DEMO_SIGN_IN: "true",
      // A request log line per request would measure the terminal, not the app.
      LOG_REQUESTS: "false",
    },
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await untilHealthy(child, baseURL, () => stderr);
  return { baseURL, dataDir, pid: child.pid!, stop: () => stopChild(child) };
}

/**
 * A hunter's session cookie, from the demo sign-in the bench's server has on:
 * pages loaded with it are rendered for that hunter (their name, their likes,
 * their notifications), as every page a signed-in hunter opens is.
 */
export async function signedInCookie(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ firstName: "Bench", lastName: "Hunter", redirectTo: "/" }),
  });
  // The welcome message's cookie is left out: the pages would use it up.
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((cookie) => !/flash/i.test(cookie));
  if (response.status !== 302 || cookies.length === 0)
    throw new Error(`The demo sign-in answered ${response.status} without a session cookie`);
  return cookies.join("; ");
}

/**
 * The baseline (scripts/bench/bare-server.ts): a bare node:http server
 * answering every request with `body` and `headers`, the body kept in `dir`.
 */
/** A server script in a process of its own that prints its port once it listens (bare-server.ts, remix-floor.ts). */
async function startPrintingPort(
  name: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ baseURL: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"], env });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`The ${name} exited (${code})`)));
  });
  return { baseURL: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
}

export async function startBare(
  body: Buffer,
  headers: Record<string, string>,
  dir: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const bodyFile = path.join(dir, "bare-body");
  fs.writeFileSync(bodyFile, body);
  const { baseURL, stop } = await startPrintingPort("bare server", ["scripts/bench/bare-server.ts", bodyFile, JSON.stringify(headers)]);
  return { url: `${baseURL}/`, stop };
}

/**
 * Remix alone on a saved page (scripts/bench/remix-floor.ts): a minimal Remix
 * server sending that page, its markup and its loader data, with none of the
 * app's code; `pid` for its CPU time.
 */
export async function startRemixFloor(htmlFile: string): Promise<{ baseURL: string; pid: number; stop: () => Promise<void> }> {
  return startPrintingPort("Remix floor server", [...process.execArgv, "scripts/bench/remix-floor.ts", htmlFile], {
    ...process.env,
    NODE_ENV: "production",
  });
}
