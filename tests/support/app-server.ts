import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { E2E_QR_SECRET } from "./e2e-data";

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits for a server just spawned to answer /healthz (a minute at most); fails with what it wrote to stderr if it exits first. */
export async function untilHealthy(child: ChildProcess, baseURL: string, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app server exited: ${stderr()}`);
    const ready = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`The app server did not start: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs a command to its end, failing with what it wrote to stderr. */
function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"], env });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${stderr}`))));
  });
}

export type AppServerOptions = {
  /** Load the demo hunt (scripts/seed.ts) into the data directory before the server starts. */
  seedDemo?: boolean;
  /** An ISO date the seed and the server take for "now" when they start (tests/support/shifted-clock.ts). */
  clockStart?: string;
};

/**
 * Another instance of the production build, on a loopback port of its own and
 * an empty data directory, configured by `env` (e.g. S3 storage). For browser
 * tests that need a configuration the shared test server does not have.
 */
export async function startAppServer(env: Record<string, string>, options: AppServerOptions = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-hunt-app-"));
  const baseURL = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    // One process, whose memory and log the tests read; a test of several passes WEB_CONCURRENCY in `env`.
    WEB_CONCURRENCY: "1",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    SESSION_SECRET: "app-server-secret-0123456789abcdef0123456789",
    QR_SECRET: E2E_QR_SECRET,
    DEMO_SIGN_IN: "true",
    ...env,
  };
  const clockArgs = options.clockStart ? ["--import", "./tests/support/shifted-clock.ts"] : [];
  if (options.clockStart) serverEnv.SHIFTED_CLOCK_START = options.clockStart;
  if (options.seedDemo) {
    await runToEnd(path.resolve("node_modules/.bin/tsx"), [...clockArgs, "scripts/seed.ts"], { ...serverEnv, SEED_QUIET: "1" });
  }
  const child = spawn(process.execPath, [...clockArgs, "server/prod.ts", "build/server/index.js"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: serverEnv,
  });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  await untilHealthy(child, baseURL, () => stderr);
  const databasePath = path.join(dataDir, "jimmy-hunt.sqlite");
  return {
    baseURL,
    port,
    databasePath,
    /** What the server has written to its standard output so far (its request log). */
    output: () => stdout,
    /** The server's process id, to read its memory (/proc/<pid>/status). */
    pid: child.pid!,
    /** Runs `work` on the server's SQLite file through a connection of its own, as another process would. */
    withDb<T>(work: (db: Database.Database) => T): T {
      const db = new Database(databasePath);
      db.pragma("busy_timeout = 5000");
      try {
        return work(db);
      } finally {
        db.close();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
