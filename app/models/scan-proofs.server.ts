import type { Database } from "#db/schema";
import type { Transaction } from "kysely";
import type { Executor } from "~/infra/db.server";

/** A scan proof as the store keeps it: its hash (the proof itself is a credential) and when it expires. */
export type SpentScanProof = { hash: string; expiresAt: string };

/** The scan proof was already used for a discovery: it proves possession once. */
export class ScanProofUsedError extends Error {
  override name = "ScanProofUsedError";
}

/** Whether a discovery was already recorded with this proof. */
export async function isScanProofUsed(db: Executor, hash: string): Promise<boolean> {
  const row = await db.selectFrom("used_scan_proofs").select("proof_hash").where("proof_hash", "=", hash).executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the proof used, inside the transaction that records the discovery,
 * so a failed report leaves it unused. Two reports racing with one proof:
 * the primary key lets one through, and the other gets ScanProofUsedError.
 */
export async function spendScanProof(trx: Transaction<Database>, proof: SpentScanProof): Promise<void> {
  const spent = await trx
    .insertInto("used_scan_proofs")
    .values({ proof_hash: proof.hash, expires_at: proof.expiresAt })
    .onConflict((oc) => oc.column("proof_hash").doNothing())
    .returning("proof_hash")
    .executeTakeFirst();
  if (!spent) throw new ScanProofUsedError("This scan of the label was already used for a discovery.");
}

/** Forgets proofs that have expired (they are refused for that alone). Returns how many went. */
export async function pruneUsedScanProofs(db: Executor, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("used_scan_proofs").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
