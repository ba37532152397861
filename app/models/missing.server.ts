/**
 * "It wasn't there": hunters' reports that a Jimmy is gone from its last
 * place, and the "possibly missing" status they lead to (issue 23, item 5).
 *
 * - One report per hunter per Jimmy counts; a second from the same hunter
 *   adds nothing.
 * - Reports from MISSING_REPORTS_NEEDED different hunters, or an admin's
 *   word, make a discovered Jimmy "possibly missing" (`status = 'missing'`).
 * - The next find clears the reports and the status (insertDiscovery), as
 *   does an admin.
 * - The Jimmy's watchers are told when it becomes possibly missing.
 */
import type { Kysely } from "kysely";
import type { Database, JimmyStatus } from "#db/schema";
import type { Executor } from "~/infra/db.server";
import { MISSING_REPORTS_NEEDED } from "~/lib/missing";
import { guardedTransaction, type IdempotencyGuard } from "./idempotency.server";
import { notifyMissing } from "./notifications.server";

export type MissingReportResult =
  | { ok: true; alreadyReported: boolean; reports: number; status: JimmyStatus; becameMissing: boolean }
  | { ok: false; reason: "not_found" | "not_placed" };

/**
 * Records that `userId` went to the Jimmy's last place and it wasn't there.
 * Only a Jimmy that has been found (discovered or already possibly missing)
 * can be reported: a hidden one has no last place, a retired one is out of
 * the hunt.
 */
export async function reportMissing(
  db: Kysely<Database>,
  input: { jimmyId: number; userId: number; note: string | null; now?: Date; idempotency?: IdempotencyGuard | null },
): Promise<MissingReportResult> {
  const now = input.now ?? new Date();
  const { result } = await guardedTransaction(
    db,
    input.idempotency ?? null,
    async (trx): Promise<MissingReportResult> => {
      // Locks the Jimmy's row first (a write that changes nothing), so two hunters reporting at
      // once on PostgreSQL take turns and the second sees the first's report.
      const jimmy = await trx
        .updateTable("jimmys")
        .set((eb) => ({ status: eb.ref("status") }))
        .where("id", "=", input.jimmyId)
        .returning(["status"])
        .executeTakeFirst();
      if (!jimmy) return { ok: false, reason: "not_found" };
      if (jimmy.status !== "discovered" && jimmy.status !== "missing") return { ok: false, reason: "not_placed" };
      const inserted = await trx
        .insertInto("missing_reports")
        .values({ jimmy_id: input.jimmyId, user_id: input.userId, note: input.note, created_at: now.toISOString() })
        .onConflict((oc) => oc.columns(["jimmy_id", "user_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      const reports = await countReports(trx, input.jimmyId);
      let status = jimmy.status;
      if (status === "discovered" && reports >= MISSING_REPORTS_NEEDED) {
        status = "missing";
        await trx.updateTable("jimmys").set({ status }).where("id", "=", input.jimmyId).execute();
        await notifyMissing(trx, { jimmyId: input.jimmyId, actorUserId: input.userId, now });
      }
      return { ok: true, alreadyReported: inserted === undefined, reports, status, becameMissing: status !== jimmy.status };
    },
    now,
  );
  return result;
}

async function countReports(db: Executor, jimmyId: number): Promise<number> {
  const row = await db
    .selectFrom("missing_reports")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("jimmy_id", "=", jimmyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The Jimmy is where it should be after all (found again, or an admin says
 * so): its reports go and "possibly missing" becomes discovered. Returns
 * whether there was anything to clear.
 */
export async function clearMissing(trx: Executor, jimmyId: number): Promise<boolean> {
  // The Jimmy's row first, as every writer of a Jimmy takes it (reportMissing, the derived
  // figures), so two writers never wait on each other in a circle.
  const jimmy = await trx
    .updateTable("jimmys")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("id", "=", jimmyId)
    .returning(["status"])
    .executeTakeFirst();
  if (!jimmy) return false;
  if (jimmy.status === "missing") await trx.updateTable("jimmys").set({ status: "discovered" }).where("id", "=", jimmyId).execute();
  const gone = await trx.deleteFrom("missing_reports").where("jimmy_id", "=", jimmyId).executeTakeFirst();
  return jimmy.status === "missing" || Number(gone.numDeletedRows) > 0;
}

/** An admin's word that a found Jimmy is gone, whatever the reports say; its watchers are told. False when it was not a discovered Jimmy. */
export async function confirmMissing(trx: Executor, jimmyId: number, now = new Date()): Promise<boolean> {
  const result = await trx
    .updateTable("jimmys")
    .set({ status: "missing" })
    .where("id", "=", jimmyId)
    .where("status", "=", "discovered")
    .executeTakeFirst();
  const confirmed = Number(result.numUpdatedRows) > 0;
  if (confirmed) await notifyMissing(trx, { jimmyId, actorUserId: null, now });
  return confirmed;
}

/** What a Jimmy's page and its report form say: how many hunters reported it gone, and whether `userId` is one. */
export async function missingReportsOf(
  db: Executor,
  jimmyId: number,
  userId: number | null,
): Promise<{ reports: number; reportedByYou: boolean }> {
  const rows = await db.selectFrom("missing_reports").select("user_id").where("jimmy_id", "=", jimmyId).execute();
  return { reports: rows.length, reportedByYou: userId !== null && rows.some((r) => r.user_id === userId) };
}

export type MissingQueueEntry = {
  serialNumber: number;
  status: JimmyStatus;
  location: string | null;
  locatedAt: string | null;
  reports: number;
  notes: string[];
  lastReportedAt: string | null;
};

/**
 * The admin's queue: every Jimmy with reports, the most recently reported
 * first, then those marked possibly missing without any. Read from the
 * reports and from the status index, never every Jimmy.
 */
export async function listMissingQueue(db: Executor, limit = 50): Promise<MissingQueueEntry[]> {
  const [reported, marked] = await Promise.all([
    db
      .selectFrom("missing_reports as m")
      .innerJoin("jimmys as j", "j.id", "m.jimmy_id")
      .select(["j.id", "j.serial_number", "j.status", "j.location", "j.located_at", "m.note", "m.created_at"])
      .orderBy("m.created_at", "desc")
      .orderBy("m.id", "desc")
      .execute(),
    db
      .selectFrom("jimmys")
      .select(["id", "serial_number", "status", "location", "located_at"])
      .where("status", "=", "missing")
      .orderBy("serial_number")
      .limit(limit)
      .execute(),
  ]);
  const entries = new Map<number, MissingQueueEntry>();
  const entryOf = (row: { id: number; serial_number: number; status: JimmyStatus; location: string | null; located_at: string | null }) => {
    let entry = entries.get(row.id);
    if (!entry) {
      entry = {
        serialNumber: row.serial_number,
        status: row.status,
        location: row.location,
        locatedAt: row.located_at,
        reports: 0,
        notes: [],
        lastReportedAt: null,
      };
      entries.set(row.id, entry);
    }
    return entry;
  };
  for (const row of reported) {
    const entry = entryOf(row);
    entry.reports += 1;
    entry.lastReportedAt ??= row.created_at;
    if (row.note) entry.notes.push(row.note);
  }
  for (const row of marked) entryOf(row);
  return [...entries.values()].slice(0, limit);
}
