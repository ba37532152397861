/**
 * The job table: slow or outside work (sending email) done outside the
 * request by whichever app process claims it first.
 *
 * A claim takes a due job and holds it until `locked_until`; a process that
 * dies holding one lets it fall due again when the lease ends. On PostgreSQL
 * the claim skips rows another process is claiming (FOR UPDATE SKIP LOCKED),
 * so two processes never take the same job; SQLite runs one write at a time,
 * which gives the same guarantee.
 */
import { isPostgres } from "#db/migrations/dialect";
import type { Executor } from "~/infra/db.server";

export type Job = { id: number; kind: string; key: string | null; payload: unknown; attempts: number };

/**
 * Adds a job, due at `runAt`. With a `key`, nothing is added while a job with
 * that key is still pending: returns false then.
 */
export async function enqueueJob(
  db: Executor,
  input: { kind: string; key?: string | null; payload: unknown; runAt?: Date; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const result = await db
    .insertInto("jobs")
    .values({
      kind: input.kind,
      key: input.key ?? null,
      payload: JSON.stringify(input.payload),
      run_at: (input.runAt ?? now).toISOString(),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Claims the job due longest, holding it for `leaseMs`; null when none is due. Counts the attempt. */
export async function claimJob(db: Executor, input: { now?: Date; leaseMs: number }): Promise<Job | null> {
  const now = input.now ?? new Date();
  const at = now.toISOString();
  const due = db
    .selectFrom("jobs")
    .select("id")
    .where("finished_at", "is", null)
    .where("run_at", "<=", at)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
    .orderBy("run_at")
    .orderBy("id")
    .limit(1);
  // Looking first is a read: with nothing due, the poll never takes SQLite's write lock, which every form's write would queue behind.
  if (!(await due.executeTakeFirst())) return null;
  const row = await db
    .updateTable("jobs")
    .set((eb) => ({
      locked_until: new Date(now.getTime() + input.leaseMs).toISOString(),
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "=", isPostgres(db) ? due.forUpdate().skipLocked() : due)
    // A lease taken between the subquery and the update (SQLite never interleaves; this is PostgreSQL's guard).
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
    .where("finished_at", "is", null)
    .returning(["id", "kind", "key", "payload", "attempts"])
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, kind: row.kind, key: row.key, payload: JSON.parse(row.payload) as unknown, attempts: row.attempts };
}

/** The job is over: done, or failed for good (`error` says why). */
export async function finishJob(
  db: Executor,
  id: number,
  outcome: { done: true } | { done: false; error: string },
  now = new Date(),
): Promise<void> {
  await db
    .updateTable("jobs")
    .set({
      finished_at: now.toISOString(),
      outcome: outcome.done ? "done" : "failed",
      last_error: outcome.done ? null : outcome.error.slice(0, 1000),
      locked_until: null,
    })
    .where("id", "=", id)
    .execute();
}

/** The attempt failed and the job is tried again at `runAt`. */
export async function retryJob(db: Executor, id: number, input: { error: string; runAt: Date }): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ run_at: input.runAt.toISOString(), last_error: input.error.slice(0, 1000), locked_until: null })
    .where("id", "=", id)
    .execute();
}

/** The job could not run yet, through no fault of its own (the hunt's mail cap): due again at `runAt`, the attempt not counted. */
export async function deferJob(db: Executor, id: number, input: { reason: string; runAt: Date }): Promise<void> {
  await db
    .updateTable("jobs")
    .set((eb) => ({
      run_at: input.runAt.toISOString(),
      last_error: input.reason.slice(0, 1000),
      locked_until: null,
      attempts: eb("attempts", "-", 1),
    }))
    .where("id", "=", id)
    .execute();
}

/** How many jobs of each kind are not finished (due, running or waiting for a retry). */
export async function countWaitingJobs(db: Executor): Promise<Array<{ kind: string; count: number }>> {
  const rows = await db
    .selectFrom("jobs")
    .select(["kind", (eb) => eb.fn.countAll<number>().as("count")])
    .where("finished_at", "is", null)
    .groupBy("kind")
    .execute();
  return rows.map((row) => ({ kind: row.kind, count: Number(row.count) }));
}

/** Finished jobs are kept a while for the operator to look at, then removed (on the upload sweeper's beat). */
export async function pruneFinishedJobs(db: Executor, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom("jobs").where("finished_at", "<", olderThan.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
