/**
 * Load on loopback: throughput at full speed with autocannon, latency at a
 * given rate with requests that arrive as independent visitors' do, and a
 * bare node:http server to compare with.
 */
import http from "node:http";
import { spawn } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { mulberry32 } from "#db/seed/seed";
import type { PacedAnswer, PacedRequest } from "./paced";

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses outside 2xx, and connection errors or timeouts. */
  failures: number;
};

export type LoadOptions = {
  connections: number;
  durationSeconds: number;
  /** Stops early after this many requests. */
  maxRequests: number;
  /**
   * Requests per second, arriving as independent visitors' do (see `paced`);
   * as fast as the connections go when absent.
   */
  rate?: number;
  headers?: Record<string, string>;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Throughput and percentiles of every response's latency (ms) over `seconds`. */
function summary(latencies: number[], seconds: number, failures: number): LoadResult {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / Math.max(seconds, 0.001),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
  };
}

export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  if (options.rate) return paced(url, { ...options, rate: options.rate });
  const latencies: number[] = [];
  let failures = 0;
  let finish: (error: Error | null, result: autocannon.Result) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (error, result) => (error ? reject(error) : resolve(result));
  });
  const instance = autocannon(
    {
      url,
      connections: options.connections,
      duration: options.durationSeconds,
      maxOverallRequests: Math.max(options.maxRequests, options.connections),
      ...(options.rate ? { overallRate: options.rate } : {}),
      headers: options.headers ?? {},
      timeout: 30,
    },
    (error, result) => finish(error, result),
  );
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode > 299) failures++;
  });
  const result = await done;
  return summary(latencies, result.duration, failures + result.errors + result.timeouts);
}

/**
 * `rate` requests a second, each sent at its own moment as independent
 * visitors arrive (exponential gaps between arrivals, a Poisson process; the
 * same seed each run), over at most `connections` keep-alive connections,
 * from a process of its own (paced.ts). A request's latency runs from the
 * moment it was due, so time spent waiting for a free connection or behind a
 * busy server counts against the page.
 *
 * autocannon's rate limit is not this: each connection sends back to back
 * until it has made its share of the second, then waits for the next second,
 * so "half the maximum" is full speed half of each second, and a request is
 * timed from when it was sent, whatever it waited for before.
 */
async function paced(url: string, options: LoadOptions & { rate: number }): Promise<LoadResult> {
  const random = mulberry32(0x5eed);
  const arrivals: number[] = [];
  const end = options.durationSeconds * 1000;
  for (let due = 0; due < end && arrivals.length < options.maxRequests; due += (-Math.log(1 - random()) / options.rate) * 1000) {
    arrivals.push(due);
  }
  const request: PacedRequest = { url, connections: options.connections, headers: options.headers ?? {}, arrivals };
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "paced.ts")], { stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.stdin.end(JSON.stringify(request));
  const code = await exited;
  if (code !== 0) throw new Error(`the paced load's sender exited with ${code}`);
  const { latencies, failures, elapsed } = JSON.parse(output) as PacedAnswer;
  return summary(latencies, elapsed / 1000, failures);
}

export type CapturedResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET, bytes exactly as they came over the wire (not decompressed). */
export function getRaw(url: string, headers: Record<string, string>): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The headers the bare server repeats: the same type and encoding as the app's answer. */
export function bareHeaders(page: CapturedResponse): Record<string, string> {
  const headers: Record<string, string> = { "Content-Type": String(page.headers["content-type"] ?? "text/html") };
  if (page.headers["content-encoding"]) headers["Content-Encoding"] = String(page.headers["content-encoding"]);
  if (page.headers.vary) headers.Vary = String(page.headers.vary);
  return headers;
}
