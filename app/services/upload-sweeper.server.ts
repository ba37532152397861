import { pruneIdempotencyKeys } from "~/models/idempotency.server";
import { pruneFinishedJobs } from "~/models/jobs.server";
import { pruneUsedScanProofs } from "~/models/scan-proofs.server";
import { getDb } from "~/infra/db.server";
import { getStorage } from "~/infra/storage.server";
import { metrics } from "~/infra/metrics.server";
import { sweepUploads } from "./uploads.server";

/** Expired uploads live at most an hour; sweeping every 15 minutes keeps storage close to that. */
export const SWEEP_INTERVAL_MS = 15 * 60_000;
const FINISHED_JOBS_KEPT_MS = 30 * 24 * 60 * 60_000;

const globalForSweeper = globalThis as typeof globalThis & { __jimmyHuntSweeper?: ReturnType<typeof setInterval> };

/**
 * Removes abandoned temporary uploads (and expired idempotency keys) in the background, once shortly after
 * start and then periodically. Several processes may sweep at once: every
 * step is idempotent. A failed sweep (storage down) is logged and retried
 * on the next tick.
 */
export function startUploadSweeper(): void {
  if (globalForSweeper.__jimmyHuntSweeper) return;
  const sweep = () => {
    sweepUploads(getDb(), getStorage()).catch((error: unknown) => {
      metrics().backgroundFailures.inc({ task: "sweep" });
      console.error("Sweeping temporary uploads failed:", error);
    });
    // Expired idempotency keys go on the same beat.
    pruneIdempotencyKeys(getDb()).catch((error: unknown) => console.error("Pruning idempotency keys failed:", error));
    pruneUsedScanProofs(getDb()).catch((error: unknown) => console.error("Pruning used scan proofs failed:", error));
    // Finished jobs (sent email) are kept a month for the operator to look at.
    pruneFinishedJobs(getDb(), new Date(Date.now() - FINISHED_JOBS_KEPT_MS)).catch((error: unknown) =>
      console.error("Pruning finished jobs failed:", error),
    );
  };
  setTimeout(sweep, 30_000).unref();
  globalForSweeper.__jimmyHuntSweeper = setInterval(sweep, SWEEP_INTERVAL_MS);
  globalForSweeper.__jimmyHuntSweeper.unref();
}
