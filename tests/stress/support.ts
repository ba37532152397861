import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { freePort } from "../support/app-server";
import { E2E_QR_SECRET, labelCheckCode } from "../support/e2e-data";

export const STRESS_SESSION_SECRET = "stress-session-secret-0123456789abcdef0123";

export function freshDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `jimmy-hunt-stress-${label}-`));
}

export type AppProcess = {
  baseURL: string;
  child: ChildProcess;
  /** Ends the process with SIGKILL (no cleanup at all) and waits until it is gone. */
  crash(): Promise<void>;
  stop(): Promise<void>;
  stderr(): string;
};

/**
 * The production build (server/prod.ts) on `dataDir`, which outlives the
 * process so that a crashed server can be started again on the same files.
 */
export async function startApp(dataDir: string, env: Record<string, string> = {}, port?: number): Promise<AppProcess> {
  const listenPort = port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${listenPort}`;
  const child = spawn(process.execPath, ["server/prod.ts", "build/server/index.js"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      WEB_CONCURRENCY: "1",
      PORT: String(listenPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SESSION_SECRET: STRESS_SESSION_SECRET,
      QR_SECRET: E2E_QR_SECRET,
      DEMO_SIGN_IN: "true",
      LOG_REQUESTS: "false",
      ...env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The app server exited: ${stderr}`);
    const ready = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`The app server did not start: ${stderr}`);
    await sleep(50);
  }
  return {
    baseURL,
    child,
    stderr: () => stderr,
    async crash() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function openDb(dataDir: string): Database.Database {
  const db = new Database(path.join(dataDir, "jimmy-hunt.sqlite"), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

/** The serial of each Jimmy minted here, by id: a report names the Jimmy by id and proves possession with its label's code. */
const serialOfJimmy = new Map<number, number>();

/** Hidden Jimmys #serial.. for hunters to report; returns their ids. */
export function mintJimmys(dataDir: string, firstSerial: number, count: number): number[] {
  const db = openDb(dataDir);
  try {
    const insert = db.prepare("insert into jimmys (serial_number, name, status, minted_at) values (?, ?, 'hidden', ?) returning id");
    return Array.from({ length: count }, (_, i) => {
      const { id } = insert.get(firstSerial + i, `Jimmy #${firstSerial + i}`, new Date().toISOString()) as { id: number };
      serialOfJimmy.set(id, firstSerial + i);
      return id;
    });
  } finally {
    db.close();
  }
}

export { labelCheckCode };

/** A small real JPEG (decoding and re-encoding it is the work every report does). */
export async function samplePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .composite([
      { input: Buffer.from('<svg width="480" height="360"><circle cx="240" cy="180" r="120" fill="#2a6"/></svg>'), top: 0, left: 0 },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Reports one identity makes before the next upload signs in as another:
 * the per-hunter limit (10 reports in 10 minutes, docs/security.md) is a
 * real hunter's pace, and these tests need many more writes than that.
 */
const REPORTS_PER_IDENTITY = 10;

/** A hunter signed in through the demo sign-in, speaking the JSON API like a mobile client. */
export class Hunter {
  private cookie = "";
  private identity = 0;
  private uploads = 0;
  constructor(
    public baseURL: string,
    readonly name: string,
    /** Sign in as a fresh identity every REPORTS_PER_IDENTITY uploads; only for a hunter that does one thing at a time. */
    private readonly rotateIdentities = false,
  ) {}

  async signIn(): Promise<void> {
    const response = await fetch(`${this.baseURL}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.baseURL },
      body: new URLSearchParams({ firstName: this.identity === 0 ? this.name : `${this.name} ${this.identity}`, lastName: "Stress" }),
      redirect: "manual",
    });
    const session = response.headers.getSetCookie().find((c) => c.startsWith("jh_session="));
    if (response.status !== 302 || !session) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
    this.cookie = session.split(";")[0]!;
  }

  /** The Cookie header value of this hunter's session. */
  get sessionCookie(): string {
    return this.cookie;
  }

  request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set("Cookie", this.cookie);
    headers.set("Origin", this.baseURL);
    return fetch(`${this.baseURL}${pathname}`, { ...init, headers, redirect: "manual" });
  }

  /** Each upload starts a report; with rotateIdentities, every REPORTS_PER_IDENTITY of them as a fresh identity. */
  async upload(photo: Buffer): Promise<Response> {
    if (this.rotateIdentities && this.uploads > 0 && this.uploads % REPORTS_PER_IDENTITY === 0) {
      this.identity += 1;
      await this.signIn();
    }
    this.uploads += 1;
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "find.jpg");
    return this.request("/api/upload", { method: "POST", body: form });
  }

  /** Without `place` the report names no location (so it does not wait for the geography data to load). */
  async report(jimmyId: number, tempPath: string, caption: string, place?: { latitude: number; longitude: number }): Promise<Response> {
    return this.request("/api/discoveries", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        jimmyId,
        tempPath,
        caption,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        checkCode: labelCheckCode(serialOfJimmy.get(jimmyId)!),
      }),
    });
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarize(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Every file under the photos directory, as storage keys (partial writes included, so none can hide). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/** What a case tried and found, in the suite's output. */
export function log(message: string): void {
  console.log(`[stress] ${message}`);
}
