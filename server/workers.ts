import cluster, { type Worker } from "node:cluster";
import { answerMetricsAsks } from "./metrics.ts";

/** How much longer than each process's own stop time (STOP_TIMEOUT_MS) the supervisor waits for them all. */
const STOP_GRACE_MS = 5000;
/** A process that dies is replaced after this pause, so a crash loop cannot spin a CPU. */
const RESTART_DELAY_MS = 1000;

/**
 * The primary process of `npm start` with WEB_CONCURRENCY above 1: it serves
 * nothing itself, starts the app processes one after another (the first
 * applies any pending migration before the next one opens the database),
 * replaces a process that dies, and on SIGTERM or SIGINT lets each one drain
 * (server/listen.ts) before it exits. The processes share the listening
 * socket (node:cluster); everything they must agree on lives in the
 * database (docs/deployment.md, "One machine, every core").
 */
export async function superviseWorkers(count: number, stopTimeoutMs: number): Promise<void> {
  let stopping = false;
  // /metrics in any app process answers the whole group's figures (server/metrics.ts).
  answerMetricsAsks();
  const stopLimitMs = stopTimeoutMs + STOP_GRACE_MS;
  const startOne = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork();
      const failed = (code: number | null) => reject(new Error(`app process ${worker.process.pid} exited (${code}) before it listened`));
      worker.once("exit", failed);
      worker.once("listening", () => {
        worker.off("exit", failed);
        resolve(worker);
      });
    });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      setTimeout(() => {
        console.error(`[jimmy-hunt] app processes still running after ${stopLimitMs / 1000} s; stopping them`);
        process.exit(1);
      }, stopLimitMs).unref();
    });
  }
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[jimmy-hunt] app process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(
      () =>
        void startOne().then(
          (replacement) => console.log(`[jimmy-hunt] app process ${replacement.process.pid} replaced ${worker.process.pid}`),
          () => undefined,
        ),
      RESTART_DELAY_MS,
    );
  });

  try {
    for (let i = 0; i < count && !stopping; i++) await startOne();
  } catch (error) {
    // A process that cannot even start (a failed migration, a broken build) will not start on a retry either.
    console.error(`[jimmy-hunt] ${(error as Error).message}; stopping`);
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    process.exitCode = 1;
    return;
  }
  console.log(`[jimmy-hunt] ${count} app processes running`);
}
