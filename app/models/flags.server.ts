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
  /** How many of the flags came from signed-in hunters, and how many from visitors. */
  hunters: number;
  guests: number;
  reasons: { reason: FlagReason; count: number }[];
  notes: string[];
  firstFlaggedAt: string;
  lastFlaggedAt: string;
};

/**
 * How the queue ranks what is flagged (docs/security.md, "Flag queue"). A
 * signed-in hunter's flag counts 1 and a visitor's 0.2, and visitors' flags
 * on one thing count at most 0.8 together: a new address costs nothing, an
 * account does, so no number of addresses outweighs one hunter. The most
 * serious reason given multiplies that, and an entry gains up to a fifth more
 * as its oldest flag waits two weeks, which cannot lift visitors alone above
 * one hunter's flag of the same reason (0.8 × 1.2 < 1). Ties: oldest first.
 */
export const FLAG_WEIGHTS = {
  hunter: 1,
  guest: 0.2,
  guestsAtMost: 0.8,
  reason: { private_information: 3, inappropriate: 2, not_a_jimmy: 1, spam: 0.5 } satisfies Record<FlagReason, number>,
  ageBonus: 0.2,
  ageFullMs: 14 * 24 * 60 * 60_000,
} as const;

export const FLAG_QUEUE_PAGE_SIZE = 20;

type RankedGroup = { target: FlagTarget; weight: number; firstFlaggedAt: string };

/** Every open group's place in the queue, highest first; one summary row per group and reason, read in one query. */
async function rankOpenFlagGroups(db: Kysely<Database>, now: Date): Promise<RankedGroup[]> {
  const rows = await db
    .selectFrom("flags")
    .select((eb) => [
      "discovery_id",
      "comment_id",
      "reason",
      eb.fn.countAll<number | string>().as("flags"),
      eb.fn.sum<number | string>(eb.case().when("user_id", "is", null).then(1).else(0).end()).as("guests"),
      eb.fn.min("created_at").as("first_at"),
    ])
    .where("resolved_at", "is", null)
    .groupBy(["discovery_id", "comment_id", "reason"])
    .execute();
  const groups = new Map<string, { target: FlagTarget; hunters: number; guests: number; severity: number; firstFlaggedAt: string }>();
  for (const row of rows) {
    const target: FlagTarget =
      row.discovery_id !== null ? { kind: "discovery", id: row.discovery_id } : { kind: "comment", id: row.comment_id! };
    const key = `${target.kind}:${target.id}`;
    const group = groups.get(key) ?? { target, hunters: 0, guests: 0, severity: 0, firstFlaggedAt: row.first_at };
    const guests = Number(row.guests);
    group.guests += guests;
    group.hunters += Number(row.flags) - guests;
    group.severity = Math.max(group.severity, FLAG_WEIGHTS.reason[row.reason]);
    if (row.first_at < group.firstFlaggedAt) group.firstFlaggedAt = row.first_at;
    groups.set(key, group);
  }
  const w = FLAG_WEIGHTS;
  return [...groups.values()]
    .map((g) => {
      const waited = Math.min(1, Math.max(0, now.getTime() - Date.parse(g.firstFlaggedAt)) / w.ageFullMs);
      const flaggers = g.hunters * w.hunter + Math.min(g.guests * w.guest, w.guestsAtMost);
      return { target: g.target, firstFlaggedAt: g.firstFlaggedAt, weight: flaggers * g.severity * (1 + w.ageBonus * waited) };
    })
    .sort(
      (a, b) =>
        b.weight - a.weight ||
        a.firstFlaggedAt.localeCompare(b.firstFlaggedAt) ||
        a.target.kind.localeCompare(b.target.kind) ||
        a.target.id - b.target.id,
    );
}

export type FlagQueuePage = { groups: FlagGroup[]; total: number; page: number; pages: number };

/**
 * One page of the open flags, one group per flagged discovery or comment
 * (however many people flagged it), ranked by FLAG_WEIGHTS. A page past the
 * last shows the last, so deciding the last entry of a page lands on a page
 * with entries.
 */
export async function listOpenFlagGroups(
  db: Kysely<Database>,
  photoUrl: PhotoUrl,
  { page = 1, pageSize = FLAG_QUEUE_PAGE_SIZE, now = new Date() }: { page?: number; pageSize?: number; now?: Date } = {},
): Promise<FlagQueuePage> {
  const ranked = await rankOpenFlagGroups(db, now);
  const pages = Math.max(1, Math.ceil(ranked.length / pageSize));
  const shown = Math.min(Math.max(1, page), pages);
  const onPage = ranked.slice((shown - 1) * pageSize, shown * pageSize);
  const discoveryIds = onPage.filter((g) => g.target.kind === "discovery").map((g) => g.target.id);
  const commentIds = onPage.filter((g) => g.target.kind === "comment").map((g) => g.target.id);
  if (onPage.length === 0) return { groups: [], total: ranked.length, page: shown, pages };
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
      "f.user_id",
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
    .where((eb) =>
      eb.or([
        ...(discoveryIds.length > 0 ? [eb("f.discovery_id", "in", discoveryIds)] : []),
        ...(commentIds.length > 0 ? [eb("f.comment_id", "in", commentIds)] : []),
      ]),
    )
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
        hunters: 0,
        guests: 0,
        reasons: [],
        notes: [],
        firstFlaggedAt: row.created_at,
        lastFlaggedAt: row.created_at,
      };
      groups.set(key, group);
    }
    group.count += 1;
    if (row.user_id === null) group.guests += 1;
    else group.hunters += 1;
    group.lastFlaggedAt = row.created_at;
    const counted = group.reasons.find((r) => r.reason === row.reason);
    if (counted) counted.count += 1;
    else group.reasons.push({ reason: row.reason, count: 1 });
    if (row.note) group.notes.push(row.note);
  }
  return {
    groups: onPage.flatMap((g) => groups.get(`${g.target.kind}:${g.target.id}`) ?? []),
    total: ranked.length,
    page: shown,
    pages,
  };
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
