import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema";
import type { Executor } from "~/infra/db.server";
import { msg } from "~/lib/language";

/** How long a key is remembered; a repeat after this is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A key as the store knows it: whose it is, the key itself, what it was sent
 * with, and (`request`, from requestHash) what exactly the request asked.
 */
export type IdempotencyGuard = {
  scope: string;
  key: string;
  kind: "report" | "comment" | "like" | "flag" | "missing";
  request?: string;
};

export const IDEMPOTENCY_KEY_REUSED_TEXT = msg("This idempotency key was already used for a different request. Send a new key.");

/** The key was first used for another request; the new one is refused rather than answered with the first's result. */
export class IdempotencyKeyReusedError extends Error {
  override name = "IdempotencyKeyReusedError";
  constructor() {
    super(IDEMPOTENCY_KEY_REUSED_TEXT);
  }
}

/** The fields in one order whatever order they came in: the same request always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, field]) => field !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, field]) => [name, canonical(field)]),
    );
  }
  return value;
}

/**
 * What a request asked, as a hash: its method, its path and the fields that
 * define it (the caller chooses them: what the request would create, not how
 * it travelled). A key sent again with another hash is a different request.
 */
export function requestHash(method: string, path: string, fields: Record<string, unknown>): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([method.toUpperCase(), path, canonical(fields)]))
    .digest("base64url");
}

/** Thrown inside a guarded transaction when the key was already recorded: carries the first answer, and rolls the transaction back. */
export class IdempotentReplay<T> extends Error {
  override name = "IdempotentReplay";
  constructor(readonly result: T) {
    super("This request was already recorded.");
  }
}

const cutoff = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();

async function storedResult<T>(db: Executor, guard: IdempotencyGuard, now: Date): Promise<T | null> {
  const row = await db
    .selectFrom("idempotency_keys")
    .select(["kind", "result", "request_hash"])
    .where("scope", "=", guard.scope)
    .where("key", "=", guard.key)
    .where("created_at", ">=", cutoff(now))
    .executeTakeFirst();
  if (!row) return null;
  if (row.kind !== guard.kind) throw new IdempotencyKeyReusedError();
  // A key stored before requests were hashed (null) replays as it always did.
  if (row.request_hash !== null && guard.request !== undefined && row.request_hash !== guard.request) {
    throw new IdempotencyKeyReusedError();
  }
  return JSON.parse(row.result) as T;
}

/**
 * The first answer recorded under this key, or null if the key is new (or
 * expired). A cheap look before any work: a repeat must not, for example,
 * trip over the upload its first request already used.
 */
export async function findIdempotentResult<T>(db: Executor, guard: IdempotencyGuard, now = new Date()): Promise<T | null> {
  return storedResult<T>(db, guard, now);
}

/**
 * Runs `write` inside `trx` under the key. The key is claimed first (insert …
 * on conflict do nothing), in the same transaction as the write, so a crash
 * can never leave a key without its row or a row without its key. A second
 * request with the same key waits at the claim while the first is in flight
 * (PostgreSQL blocks on the unique key; SQLite runs one write transaction at
 * a time), then finds the key taken and throws IdempotentReplay with the
 * first answer; if the first rolled back, the second claims the key and
 * writes. Without a guard, just runs `write`.
 */
export async function guardedWrite<T>(
  trx: Transaction<Database>,
  guard: IdempotencyGuard | null,
  write: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  if (!guard) return write();
  // An expired key may be used again.
  await trx
    .deleteFrom("idempotency_keys")
    .where("scope", "=", guard.scope)
    .where("key", "=", guard.key)
    .where("created_at", "<", cutoff(now))
    .execute();
  const claimed = await trx
    .insertInto("idempotency_keys")
    .values({
      scope: guard.scope,
      key: guard.key,
      kind: guard.kind,
      result: "null",
      request_hash: guard.request ?? null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (!claimed) {
    const first = await storedResult<T>(trx, guard, now);
    throw new IdempotentReplay(first);
  }
  const result = await write();
  await trx
    .updateTable("idempotency_keys")
    .set({ result: JSON.stringify(result ?? null) })
    .where("scope", "=", guard.scope)
    .where("key", "=", guard.key)
    .execute();
  return result;
}

/**
 * A transaction whose write runs under the key (see guardedWrite); a repeat
 * answers the first result, and `replayed` says it was one.
 */
export async function guardedTransaction<T>(
  db: Kysely<Database>,
  guard: IdempotencyGuard | null,
  write: (trx: Transaction<Database>) => Promise<T>,
  now = new Date(),
): Promise<{ result: T; replayed: boolean }> {
  try {
    const result = await db.transaction().execute((trx) => guardedWrite(trx, guard, () => write(trx), now));
    return { result, replayed: false };
  } catch (error) {
    if (error instanceof IdempotentReplay) return { result: error.result as T, replayed: true };
    throw error;
  }
}

/** Forgets expired keys; run now and then (the upload sweeper does). Returns how many went. */
export async function pruneIdempotencyKeys(db: Executor, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("idempotency_keys").where("created_at", "<", cutoff(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
