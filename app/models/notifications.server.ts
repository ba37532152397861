import type { NotificationKind } from "#db/schema";
import { type Translate, translator } from "~/lib/language";
import { milestoneText } from "~/lib/milestones";
import type { DistanceUnit } from "~/lib/reader-preferences";
import { milestonesOfDiscoveries } from "./milestones.server";
import { ANONYMOUS_NAME } from "~/lib/comments";
import { fullName } from "~/lib/format";
import type { Executor } from "~/infra/db.server";
import { queueNotificationEmails } from "./email.server";

/** Someone liked one of the recipient's discoveries. Liking, unliking and liking again notifies once. */
export async function notifyLike(
  trx: Executor,
  input: { recipientId: number; actorId: number; discoveryId: number; jimmyId: number; now?: Date },
): Promise<void> {
  const already = await trx
    .selectFrom("notifications")
    .select("id")
    .where("user_id", "=", input.recipientId)
    .where("kind", "=", "like")
    .where("actor_user_id", "=", input.actorId)
    .where("discovery_id", "=", input.discoveryId)
    .executeTakeFirst();
  if (already) return;
  await trx
    .insertInto("notifications")
    .values({
      user_id: input.recipientId,
      kind: "like",
      actor_user_id: input.actorId,
      jimmy_id: input.jimmyId,
      discovery_id: input.discoveryId,
      created_at: (input.now ?? new Date()).toISOString(),
    })
    .execute();
}

/** An unlike takes back the news of the like, unless the owner has already seen it. */
export async function retractLikeNotification(trx: Executor, input: { actorId: number; discoveryId: number }): Promise<void> {
  await trx
    .deleteFrom("notifications")
    .where("kind", "=", "like")
    .where("actor_user_id", "=", input.actorId)
    .where("discovery_id", "=", input.discoveryId)
    .where("read_at", "is", null)
    .execute();
}

/** Tells the Jimmy's watchers (but the commenter) of a new comment on its page. */
export async function notifyComment(
  trx: Executor,
  input: { jimmyId: number; commentId: number; actorUserId: number | null; actorName: string | null; now?: Date },
): Promise<void> {
  await notifyWatchers(trx, {
    kind: "comment",
    jimmyId: input.jimmyId,
    exclude: input.actorUserId === null ? [] : [input.actorUserId],
    actorUserId: input.actorUserId,
    actorName: input.actorName,
    commentId: input.commentId,
    discoveryId: null,
    now: input.now,
  });
}

/** Tells the Jimmy's watchers (but its finder) that someone has found it (again, or for the first time). */
export async function notifyRediscovery(
  trx: Executor,
  input: { jimmyId: number; discoveryId: number; finderId: number; now?: Date },
): Promise<void> {
  await notifyWatchersOfDiscovery(trx, "rediscovery", { ...input, hunterId: input.finderId });
}

/** Tells the hunter whose discovery reached a milestone, and the Jimmy's watchers. */
export async function notifyMilestone(
  trx: Executor,
  input: { jimmyId: number; discoveryId: number; hunterId: number; reachedAt: string },
): Promise<void> {
  const told = await trx
    .insertInto("notifications")
    .values({
      user_id: input.hunterId,
      kind: "milestone",
      jimmy_id: input.jimmyId,
      discovery_id: input.discoveryId,
      created_at: input.reachedAt,
    })
    .returning(["id", "user_id"])
    .execute();
  await queueNotificationEmails(trx, told, new Date());
  await notifyWatchersOfDiscovery(trx, "milestone", { ...input, now: new Date(input.reachedAt) });
}

/** Tells the Jimmy's watchers (but whoever made it so) that it is now "possibly missing". */
export async function notifyMissing(trx: Executor, input: { jimmyId: number; actorUserId: number | null; now?: Date }): Promise<void> {
  await notifyWatchers(trx, {
    kind: "missing",
    jimmyId: input.jimmyId,
    exclude: input.actorUserId === null ? [] : [input.actorUserId],
    actorUserId: input.actorUserId,
    actorName: null,
    commentId: null,
    discoveryId: null,
    now: input.now,
  });
}

/** Tells the Jimmy's watchers, but the hunter, what the hunter's discovery did: found it, or reached a milestone. */
function notifyWatchersOfDiscovery(
  trx: Executor,
  kind: "rediscovery" | "milestone",
  input: { jimmyId: number; discoveryId: number; hunterId: number; now?: Date },
): Promise<void> {
  return notifyWatchers(trx, {
    kind,
    jimmyId: input.jimmyId,
    exclude: [input.hunterId],
    actorUserId: input.hunterId,
    actorName: null,
    commentId: null,
    discoveryId: input.discoveryId,
    now: input.now,
  });
}

async function notifyWatchers(
  trx: Executor,
  input: {
    kind: NotificationKind;
    jimmyId: number;
    exclude: number[];
    actorUserId: number | null;
    actorName: string | null;
    commentId: number | null;
    discoveryId: number | null;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  const createdAt = now.toISOString();
  const created = await trx
    .insertInto("notifications")
    .columns(["user_id", "kind", "actor_user_id", "actor_name", "jimmy_id", "discovery_id", "comment_id", "created_at"])
    .expression((eb) => {
      let watchers = eb
        .selectFrom("watches as w")
        .where("w.jimmy_id", "=", input.jimmyId)
        .where("w.watching", "=", 1)
        .select((s) => [
          "w.user_id",
          // Typed casts: PostgreSQL cannot infer a parameter's type in a select list.
          s.cast(s.val(input.kind), "text").as("kind"),
          s.cast(s.val(input.actorUserId), "integer").as("actor_user_id"),
          s.cast(s.val(input.actorName), "text").as("actor_name"),
          s.cast(s.val(input.jimmyId), "integer").as("jimmy_id"),
          s.cast(s.val(input.discoveryId), "integer").as("discovery_id"),
          s.cast(s.val(input.commentId), "integer").as("comment_id"),
          s.cast(s.val(createdAt), "text").as("created_at"),
        ]);
      if (input.exclude.length) watchers = watchers.where("w.user_id", "not in", input.exclude);
      return watchers;
    })
    .returning(["id", "user_id"])
    .execute();
  await queueNotificationEmails(trx, created, now);
}

/** The number behind the header bell; served by the (user_id, read_at, created_at) index. */
export async function countUnreadNotifications(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type NotificationView = {
  id: number;
  kind: NotificationKind;
  actorName: string;
  serialNumber: number | null;
  /** Where the notification leads: the discovery or comment on its Jimmy's page. */
  href: string;
  /** A short quote of the comment, for comment notifications. */
  excerpt: string | null;
  createdAt: string;
  unread: boolean;
  /** The discovery it is about is the recipient's own (a milestone their find reached). */
  aboutYourDiscovery: boolean;
  /** The discovery it is about is the Jimmy's first. */
  firstFind: boolean;
};

export const NOTIFICATIONS_PAGE_SIZE = 30;
const EXCERPT_LENGTH = 120;

/** A hunter's notifications, newest first, continuing before the id `beforeId` when given. */
export async function listNotifications(
  db: Executor,
  userId: number,
  options: {
    beforeId?: number | null;
    limit?: number;
    huntName: string;
    /** For email: only these notifications, or only those not yet emailed since this time, of these kinds. */
    ids?: readonly number[];
    notEmailedSince?: string;
    kinds?: readonly NotificationKind[];
    /** The reader's words and unit, for a milestone's text (English and miles when not given). */
    t?: Translate;
    units?: DistanceUnit;
  },
): Promise<{ notifications: NotificationView[]; nextBeforeId: number | null }> {
  const limit = options.limit ?? NOTIFICATIONS_PAGE_SIZE;
  let query = db
    .selectFrom("notifications as n")
    .leftJoin("users as actor", "actor.id", "n.actor_user_id")
    .leftJoin("jimmys as j", "j.id", "n.jimmy_id")
    .leftJoin("comments as c", "c.id", "n.comment_id")
    .leftJoin("discoveries as about", "about.id", "n.discovery_id")
    .select([
      "n.id",
      "n.kind",
      "n.actor_name",
      "n.discovery_id",
      "n.comment_id",
      "n.created_at",
      "n.read_at",
      "actor.first_name",
      "actor.last_name",
      "j.serial_number",
      "c.content",
      "c.is_admin",
      "about.user_id as about_user_id",
      "about.is_first as about_is_first",
    ])
    .where("n.user_id", "=", userId);
  if (options.beforeId) query = query.where("n.id", "<", options.beforeId);
  if (options.ids) query = query.where("n.id", "in", options.ids.length ? options.ids : [0]);
  if (options.notEmailedSince !== undefined) {
    query = query.where("n.emailed_at", "is", null).where("n.created_at", ">=", options.notEmailedSince);
  }
  if (options.kinds) query = query.where("n.kind", "in", options.kinds);
  const rows = await query
    .orderBy("n.id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  // A milestone's words come from the milestones its discovery reached (one notification for them all).
  const reached = await milestonesOfDiscoveries(
    db,
    page.filter((row) => row.kind === "milestone" && row.discovery_id !== null).map((row) => row.discovery_id!),
  );
  const milestoneWords = new Map<number, string[]>();
  for (const m of reached)
    milestoneWords.set(m.discoveryId, [
      ...(milestoneWords.get(m.discoveryId) ?? []),
      milestoneText(m, options.units, options.t ?? translator("en")),
    ]);
  return {
    notifications: page.map((row) => {
      const jimmyHref = row.serial_number === null ? "/" : `/jimmy/${row.serial_number}`;
      const anchor =
        row.comment_id !== null ? `#comment-${row.comment_id}` : row.discovery_id !== null ? `#discovery-${row.discovery_id}` : "";
      const actorName =
        row.kind === "comment"
          ? row.is_admin === 1
            ? options.huntName
            : row.actor_name?.trim() || ANONYMOUS_NAME
          : row.first_name !== null
            ? fullName(row.first_name, row.last_name ?? "")
            : "A former hunter";
      const content =
        row.kind === "milestone"
          ? (milestoneWords.get(row.discovery_id ?? 0)?.join(" · ") ?? null)
          : (row.content?.replace(/\s+/g, " ").trim() ?? null);
      return {
        id: row.id,
        kind: row.kind,
        actorName,
        serialNumber: row.serial_number,
        href: `${jimmyHref}${anchor}`,
        excerpt: content === null ? null : content.length > EXCERPT_LENGTH ? `${content.slice(0, EXCERPT_LENGTH - 1)}…` : content,
        createdAt: row.created_at,
        unread: row.read_at === null,
        aboutYourDiscovery: row.about_user_id === userId,
        firstFind: row.about_is_first === 1,
      };
    }),
    nextBeforeId: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/**
 * Marks the hunter's notifications up to `upToId` read, so one that arrives
 * while the list is on screen stays unread until it has been seen.
 */
export async function markNotificationsRead(db: Executor, userId: number, upToId: number, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .where("id", "<=", upToId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whose a notification is, and whether it was emailed already; undefined once it is gone. */
export function notificationEmailState(db: Executor, notificationId: number) {
  return db.selectFrom("notifications").select(["user_id", "emailed_at"]).where("id", "=", notificationId).executeTakeFirst();
}
