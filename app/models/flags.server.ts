import type { Kysely } from "kysely";
import type { Database, FlagReason } from "#db/schema";
import type { FlagTargetKind } from "~/lib/flags";
import { buildPhoto, type PhotoUrl } from "~/lib/photos";
import { guardedTransaction, type IdempotencyGuard } from "./idempotency.server";

export type FlagTarget = { kind: FlagTargetKind; id: number };

export type NewFlag = {
  target: FlagTarget;
  reason: FlagReason;
  note: string | null;
  userId: number | null;
  clientAddress: string;
  now?: Date;
  idempotency?: IdempotencyGuard | null;
};

export type AddFlagResult = { ok: true; flagId: number; alreadyFlagged: boolean } | { ok: false; reason: "not_found" };

const targetColumn = (kind: FlagTargetKind) => (kind === "discovery" ? "discovery_id" : "comment_id");

/**
 * Records a flag on a discovery or comment. The same flagger (the hunter, or a
 * visitor's address) flagging the same thing again while it is still open
 * adds nothing: the first flag stands (`alreadyFlagged`). Not found when the
 * discovery or comment no longer exists.
 */
export async function addFlag(db: Kysely<Database>, flag: NewFlag): Promise<AddFlagResult> {
  const now = flag.now ?? new Date();
  const column = targetColumn(flag.target.kind);
  const { result } = await guardedTransaction(
    db,
    flag.idempotency ?? null,
    async (trx): Promise<AddFlagResult> => {
      const exists =
        flag.target.kind === "discovery"
          ? await trx.selectFrom("discoveries").select("id").where("id", "=", flag.target.id).executeTakeFirst()
          : await trx.selectFrom("comments").select("id").where("id", "=", flag.target.id).executeTakeFirst();
      if (!exists) return { ok: false, reason: "not_found" };
      let earlier = trx.selectFrom("flags").select("id").where(column, "=", flag.target.id).where("resolved_at", "is", null);
      earlier =
        flag.userId !== null
          ? earlier.where("user_id", "=", flag.userId)
          : earlier.where("user_id", "is", null).where("client_address", "=", flag.clientAddress);
      const first = await earlier.executeTakeFirst();
      if (first) return { ok: true, flagId: first.id, alreadyFlagged: true };
      const row = await trx
        .insertInto("flags")
        .values({
          discovery_id: flag.target.kind === "discovery" ? flag.target.id : null,
          comment_id: flag.target.kind === "comment" ? flag.target.id : null,
          reason: flag.reason,
          note: flag.note,
          user_id: flag.userId,
          client_address: flag.clientAddress,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true, flagId: row.id, alreadyFlagged: false };
    },
    now,
  );
  return result;
}

export type FlagGroup = {
  target: FlagTarget;
  serialNumber: number;
  /** What was flagged, as the admin needs to judge it. */
  content: { caption: string; photoSrc: string; author: string } | { text: string; author: string };
  count: number;
  reasons: { reason: FlagReason; count: number }[];
  notes: string[];
  firstFlaggedAt: string;
  lastFlaggedAt: string;
};

/**
 * The open flags, one group per flagged discovery or comment (however many
 * people flagged it), most flagged first, then oldest first.
 */
export async function listOpenFlagGroups(db: Kysely<Database>, photoUrl: PhotoUrl, limit = 50): Promise<FlagGroup[]> {
  const rows = await db
    .selectFrom("flags as f")
    .leftJoin("discoveries as d", "d.id", "f.discovery_id")
    .leftJoin("users as du", "du.id", "d.user_id")
    .leftJoin("comments as c", "c.id", "f.comment_id")
    .leftJoin("jimmys as dj", "dj.id", "d.jimmy_id")
    .leftJoin("jimmys as cj", "cj.id", "c.jimmy_id")
    .select([
      "f.discovery_id",
      "f.comment_id",
      "f.reason",
      "f.note",
      "f.created_at",
      "d.caption",
      "d.photo_key",
      "d.photo_variants",
      "d.photo_width",
      "d.photo_height",
      "du.first_name",
      "du.last_name",
      "c.content",
      "c.author_name",
      "c.is_admin",
      "dj.serial_number as discovery_serial",
      "cj.serial_number as comment_serial",
    ])
    .where("f.resolved_at", "is", null)
    .orderBy("f.created_at", "asc")
    .orderBy("f.id", "asc")
    .execute();
  const groups = new Map<string, FlagGroup>();
  for (const row of rows) {
    const target: FlagTarget =
      row.discovery_id !== null ? { kind: "discovery", id: row.discovery_id } : { kind: "comment", id: row.comment_id! };
    const key = `${target.kind}:${target.id}`;
    let group = groups.get(key);
    if (!group) {
      const content: FlagGroup["content"] =
        target.kind === "discovery"
          ? {
              caption: row.caption ?? "",
              photoSrc: buildPhoto(row.photo_key ?? "", row.photo_variants ?? "", row.photo_width ?? 0, row.photo_height ?? 0, photoUrl)
                .src,
              author: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim(),
            }
          : { text: row.content ?? "", author: row.is_admin === 1 ? "The hunt (admin)" : row.author_name?.trim() || "Anonymous Hunter" };
      group = {
        target,
        serialNumber: row.discovery_serial ?? row.comment_serial ?? 0,
        content,
        count: 0,
        reasons: [],
        notes: [],
        firstFlaggedAt: row.created_at,
        lastFlaggedAt: row.created_at,
      };
      groups.set(key, group);
    }
    group.count += 1;
    group.lastFlaggedAt = row.created_at;
    const counted = group.reasons.find((r) => r.reason === row.reason);
    if (counted) counted.count += 1;
    else group.reasons.push({ reason: row.reason, count: 1 });
    if (row.note) group.notes.push(row.note);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.firstFlaggedAt.localeCompare(b.firstFlaggedAt)).slice(0, limit);
}

/** How many open flags a discovery or comment has, and why (for the audit log). */
export async function openFlagSummary(db: Kysely<Database>, target: FlagTarget): Promise<{ count: number; reasons: FlagReason[] }> {
  const rows = await db
    .selectFrom("flags")
    .select("reason")
    .where(targetColumn(target.kind), "=", target.id)
    .where("resolved_at", "is", null)
    .execute();
  return { count: rows.length, reasons: [...new Set(rows.map((r) => r.reason))] };
}

/** Dismisses every open flag of a discovery or comment; answers how many there were. */
export async function dismissFlags(db: Kysely<Database>, target: FlagTarget, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("flags")
    .set({ resolved_at: now.toISOString(), resolution: "dismissed" })
    .where(targetColumn(target.kind), "=", target.id)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
