/**
 * Runs the job table's work outside requests (app/models/jobs.server.ts):
 * each app process claims due jobs one at a time, so several processes
 * share the work and no job runs twice at once. A failed attempt is tried
 * again later, each wait twice the last (30 s, 1 min, 2 min, … up to 6 h),
 * until MAX_ATTEMPTS; a failure that another attempt cannot fix ends the
 * job at once.
 */
import type { DB } from "~/infra/db.server";
import { metrics, registerSampledGauge } from "~/infra/metrics.server";
import { claimJob, countWaitingJobs, deferJob, finishJob, retryJob, type Job } from "~/models/jobs.server";

export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60_000;
/** A job's claim lasts this long; a process that dies mid-job lets another take it over after. */
export const JOB_LEASE_MS = 5 * 60_000;

/** Thrown by a handler when trying again would not help (an address the mail server refuses for good). */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** Thrown by a handler when the job may not run before `runAt` (a cap shared by the whole hunt): it waits, and it is no failed attempt. */
export class JobDeferredError extends Error {
  override name = "JobDeferredError";
  constructor(
    message: string,
    readonly runAt: Date,
  ) {
    super(message);
  }
}

export type JobHandler = (job: Job, context: { db: DB; now: Date }) => Promise<void>;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** Runs every due job, one after another, until none is due (or `stopping` says so); returns how many ran. */
export async function runDueJobs(
  db: DB,
  handlers: Record<string, JobHandler>,
  clock: () => Date = () => new Date(),
  stopping: () => boolean = () => false,
): Promise<number> {
  let ran = 0;
  const attempts = metrics().jobAttempts;
  for (;;) {
    if (stopping()) return ran;
    const job = await claimJob(db, { now: clock(), leaseMs: JOB_LEASE_MS });
    if (!job) return ran;
    ran++;
    const handler = handlers[job.kind];
    if (!handler) {
      await finishJob(db, job.id, { done: false, error: `No handler for jobs of kind "${job.kind}"` }, clock());
      attempts.inc({ kind: job.kind, outcome: "failed" });
      continue;
    }
    try {
      await handler(job, { db, now: clock() });
      await finishJob(db, job.id, { done: true }, clock());
      attempts.inc({ kind: job.kind, outcome: "done" });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof JobDeferredError) {
        await deferJob(db, job.id, { reason: message, runAt: error.runAt });
        attempts.inc({ kind: job.kind, outcome: "deferred" });
        continue;
      }
      if (error instanceof PermanentJobError || job.attempts >= MAX_ATTEMPTS) {
        console.error(`Job ${job.id} (${job.kind}) failed for good after ${job.attempts} attempt(s): ${message}`);
        await finishJob(db, job.id, { done: false, error: message }, clock());
        attempts.inc({ kind: job.kind, outcome: "failed" });
      } else {
        await retryJob(db, job.id, { error: message, runAt: new Date(clock().getTime() + retryDelayMs(job.attempts)) });
        attempts.inc({ kind: job.kind, outcome: "retry" });
      }
    }
  }
}

const globalForJobs = globalThis as typeof globalThis & { __jimmyHuntJobs?: { stop(): Promise<void> } };

/**
 * Looks for due jobs every `pollMs` in the background (once per process).
 * Also offers /metrics the jobs waiting in the database, by kind.
 */
export function startJobRunner(db: () => DB, handlers: () => Record<string, JobHandler>, pollMs: number): void {
  if (globalForJobs.__jimmyHuntJobs) return;
  registerSampledGauge("jimmy_jobs_waiting", "Jobs not yet finished (due, running or waiting for a retry), by kind.", ["kind"], async () =>
    (await countWaitingJobs(db())).map(({ kind, count }) => ({ labels: { kind }, value: count })),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      await runDueJobs(db(), handlers(), undefined, () => stopped);
    } catch (error) {
      // The database was busy or away: the jobs stay due for the next tick.
      metrics().backgroundFailures.inc({ task: "jobs" });
      console.error("Running jobs failed:", error instanceof Error ? error.message : error);
    }
    if (!stopped) {
      timer = setTimeout(() => (running = tick()), pollMs);
      timer.unref();
    }
  };
  timer = setTimeout(() => (running = tick()), Math.min(pollMs, 1000));
  timer.unref();
  globalForJobs.__jimmyHuntJobs = {
    // The job under way finishes (its lease would hand it to another process after JOB_LEASE_MS otherwise); no other starts.
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Stops the job runner of this process once its job under way is over (server/listen.ts, on SIGTERM). */
export async function stopJobRunner(): Promise<void> {
  await globalForJobs.__jimmyHuntJobs?.stop();
}
