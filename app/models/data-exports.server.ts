import type { DataExportStatus } from "#db/schema";
import type { Executor } from "~/infra/db.server";
import { DISCOVERY_PLACE_COLUMNS } from "./cards.server";

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

/** Every row the hunt holds about a hunter, for the archive of their data; null without such a hunter. */
export async function hunterDataRows(db: Executor, userId: number) {
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const discoveries = await db
    .selectFrom("discoveries as d")
    .innerJoin("jimmys as j", "j.id", "d.jimmy_id")
    .select([
      "d.id",
      "j.serial_number",
      "d.caption",
      ...DISCOVERY_PLACE_COLUMNS,
      "d.is_first",
      "d.like_count",
      "d.created_at",
      "d.photo_key",
      "d.photo_variants",
    ])
    .where("d.user_id", "=", userId)
    .orderBy("d.id")
    .execute();
  const [comments, likes, notifications, watches, flags, missing, sessions] = await Promise.all([
    db
      .selectFrom("comments as c")
      .innerJoin("jimmys as j", "j.id", "c.jimmy_id")
      .select(["c.id", "j.serial_number", "c.author_name", "c.content", "c.created_at", "c.edited_at"])
      .where("c.user_id", "=", userId)
      .orderBy("c.id")
      .execute(),
    db.selectFrom("likes").select(["discovery_id", "created_at"]).where("user_id", "=", userId).orderBy("created_at").execute(),
    db
      .selectFrom("notifications as n")
      .leftJoin("jimmys as j", "j.id", "n.jimmy_id")
      .select([
        "n.id",
        "n.kind",
        "n.actor_name",
        "j.serial_number",
        "n.discovery_id",
        "n.comment_id",
        "n.created_at",
        "n.read_at",
        "n.emailed_at",
      ])
      .where("n.user_id", "=", userId)
      .orderBy("n.id")
      .execute(),
    db
      .selectFrom("watches as w")
      .innerJoin("jimmys as j", "j.id", "w.jimmy_id")
      .select(["j.serial_number", "w.watching", "w.created_at", "w.updated_at"])
      .where("w.user_id", "=", userId)
      .execute(),
    db
      .selectFrom("flags")
      .select(["id", "discovery_id", "comment_id", "reason", "note", "created_at", "resolved_at"])
      .where("user_id", "=", userId)
      .execute(),
    db
      .selectFrom("missing_reports as m")
      .innerJoin("jimmys as j", "j.id", "m.jimmy_id")
      .select(["j.serial_number", "m.note", "m.created_at"])
      .where("m.user_id", "=", userId)
      .execute(),
    db
      .selectFrom("sessions")
      .select(["user_agent", "created_at", "last_seen_at", "expires_at"])
      .where("user_id", "=", userId)
      .where("kind", "=", "user")
      .execute(),
  ]);
  return { user, discoveries, comments, likes, notifications, watches, flags, missing, sessions };
}
