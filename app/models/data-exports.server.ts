import type { DataExportStatus } from "#db/schema";
import type { Executor } from "~/infra/db.server";

export type DataExport = {
  id: number;
  userId: number;
  requestedBy: "hunter" | "admin";
  status: DataExportStatus;
  storageKey: string | null;
  size: number | null;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
};

function toExport(r: {
  id: number;
  user_id: number;
  requested_by: "hunter" | "admin";
  status: DataExportStatus;
  storage_key: string | null;
  size: number | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
}): DataExport {
  return {
    id: r.id,
    userId: r.user_id,
    requestedBy: r.requested_by,
    status: r.status,
    storageKey: r.storage_key,
    size: r.size,
    createdAt: r.created_at,
    readyAt: r.ready_at,
    expiresAt: r.expires_at,
  };
}

/**
 * A new archive to build for a hunter; its id, or null when one of theirs is
 * already being prepared: the unique index data_exports_one_pending refuses
 * a second pending row, however many requests arrive at once.
 */
export async function createDataExport(
  db: Executor,
  input: { userId: number; requestedBy: "hunter" | "admin"; now: Date },
): Promise<number | null> {
  const row = await db
    .insertInto("data_exports")
    .values({ user_id: input.userId, requested_by: input.requestedBy, status: "pending", created_at: input.now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A hunter's newest archive: the one being prepared, when there is one (no newer row can be made while it is). */
export async function latestDataExport(db: Executor, userId: number): Promise<DataExport | null> {
  const row = await db.selectFrom("data_exports").selectAll().where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirst();
  return row ? toExport(row) : null;
}

/** Deletes a hunter's archives older than `exportId` (replaced by it); the storage keys they held. */
export async function deleteEarlierDataExports(db: Executor, userId: number, exportId: number): Promise<string[]> {
  const rows = await db
    .deleteFrom("data_exports")
    .where("user_id", "=", userId)
    .where("id", "<", exportId)
    .returning("storage_key")
    .execute();
  return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
}

export async function findDataExport(db: Executor, id: number): Promise<DataExport | null> {
  const row = await db.selectFrom("data_exports").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toExport(row) : null;
}

/** A hunter's archives, newest first (the last ten). */
export async function listDataExports(db: Executor, userId: number): Promise<DataExport[]> {
  const rows = await db.selectFrom("data_exports").selectAll().where("user_id", "=", userId).orderBy("id", "desc").limit(10).execute();
  return rows.map(toExport);
}

export async function markDataExportReady(
  db: Executor,
  id: number,
  input: { storageKey: string; size: number; readyAt: Date; expiresAt: Date },
) {
  await db
    .updateTable("data_exports")
    .set({
      status: "ready",
      storage_key: input.storageKey,
      size: input.size,
      ready_at: input.readyAt.toISOString(),
      expires_at: input.expiresAt.toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

export async function setDataExportStatus(db: Executor, id: number, status: DataExportStatus) {
  await db
    .updateTable("data_exports")
    .set({ status, ...(status === "expired" || status === "failed" ? { storage_key: null } : {}) })
    .where("id", "=", id)
    .execute();
}

/** The stored archives of a hunter (to delete with their account). */
export async function storedExportKeys(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("data_exports")
    .select("storage_key")
    .where("user_id", "=", userId)
    .where("storage_key", "is not", null)
    .execute();
  return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []));
}
