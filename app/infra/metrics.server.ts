/**
 * The figures `GET /metrics` answers in Prometheus's text format
 * (docs/operations.md, "What to alert on"). One set per process, kept on
 * globalThis: the server (server/app.ts) and the app's build both load this
 * file, each as a module of its own, and must count into the same metrics.
 * With several app processes (WEB_CONCURRENCY) the supervisor sums every
 * process's figures into one answer (server/workers.ts).
 *
 * Plain Node loads this file too (server/), so it imports nothing of the app.
 */
import fs from "node:fs";
import client from "prom-client";

/** Seconds: from a few milliseconds (a cached page) to the 30 s a slow upload may take. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds a write waited for the write lock: nothing, a queue of a few writes, up to the 5 s busy timeout. */
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const counter = <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new client.Counter<L>({ name, help, labelNames, registers: [registry] });
  const histogram = <L extends string = string>(name: string, help: string, buckets: number[], labelNames: readonly L[] = []) =>
    new client.Histogram<L>({ name, help, buckets, labelNames, registers: [registry] });
  const metrics = {
    registry,
    httpRequests: counter(
      "jimmy_http_requests_total",
      'Requests answered, by method, route pattern and status ("closed": the connection closed before an answer).',
      ["method", "route", "status"],
    ),
    httpDuration: histogram(
      "jimmy_http_request_duration_seconds",
      "Time from a request's arrival to the end of its answer, by method and route pattern.",
      LATENCY_BUCKETS,
      ["method", "route"],
    ),
    httpServerErrors: counter("jimmy_http_server_errors_total", "Answers with a 5xx status, by route pattern and status.", [
      "route",
      "status",
    ]),
    databaseBusy: counter(
      "jimmy_database_busy_total",
      "Writes that waited the whole busy timeout for another writer's lock and gave up (answered 503 with Retry-After).",
    ),
    databaseWait: histogram(
      "jimmy_database_write_wait_seconds",
      "How long a SQLite write waited for the write lock (this process's queue and other processes' locks) before it ran.",
      WAIT_BUCKETS,
    ),
    pageCache: counter(
      "jimmy_page_cache_requests_total",
      "Answers of the page cache: hit (served from a copy) or miss (rendered, and kept).",
      ["result"],
    ),
    jobAttempts: counter(
      "jimmy_job_attempts_total",
      "Background job attempts by kind and outcome: done, retry (failed, tried again later), failed (for good), deferred.",
      ["kind", "outcome"],
    ),
    mail: counter("jimmy_mail_total", "Email handed to the mail server (sent) or refused by it (failed).", ["outcome"]),
    uploadsRefused: counter("jimmy_uploads_refused_total", "Photo uploads and forms refused, by reason.", ["reason"]),
    backgroundFailures: counter(
      "jimmy_background_failures_total",
      "Background work that failed: sweep (temporary uploads), photo-removal (a deleted discovery's photos), jobs (the job runner's poll).",
      ["task"],
    ),
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

const globalForMetrics = globalThis as typeof globalThis & { __jimmyHuntMetrics?: Metrics };

/** This process's metrics, created on first use. */
export function metrics(): Metrics {
  globalForMetrics.__jimmyHuntMetrics ??= createMetrics();
  return globalForMetrics.__jimmyHuntMetrics;
}

/**
 * A gauge read when /metrics is asked for (the jobs waiting in the database,
 * the data directory's free space). `max` across processes: every process
 * reads the same figure, which a sum would multiply.
 */
export function registerSampledGauge(
  name: string,
  help: string,
  labelNames: string[],
  sample: () => Promise<Array<{ labels?: Record<string, string>; value: number }>>,
): void {
  const { registry } = metrics();
  if (registry.getSingleMetric(name)) return;
  new client.Gauge({
    name,
    help,
    labelNames,
    aggregator: "max",
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const { labels, value } of await sample()) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      } catch {
        // A database that does not answer leaves the gauge empty; /healthz and the 503 counters tell.
      }
    },
  });
}

/** The free space of the file system holding `dir` (the database and local photos). */
export function registerDiskGauge(dir: string): void {
  registerSampledGauge("jimmy_data_dir_free_bytes", "Free space on the file system of DATA_DIR.", [], async () => {
    const stats = await fs.promises.statfs(dir);
    return [{ value: stats.bavail * stats.bsize }];
  });
}
