/**
 * Load on loopback with autocannon: throughput and latency percentiles from
 * every response's own timing, and a bare node:http server to compare with.
 */
import http from "node:http";
import autocannon from "autocannon";

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
  /** Requests per second across all connections; unlimited when absent. */
  rate?: number;
  headers?: Record<string, string>;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
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
  failures += result.errors + result.timeouts;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / Math.max(result.duration, 0.001),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
  };
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
