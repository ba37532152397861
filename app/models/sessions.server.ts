import type { SessionKind } from "#db/schema";
import { compiledOnce, type Executor } from "~/infra/db.server";

export type SessionUser = {
  id: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  provider: string;
  /** Their notifications not read yet (the count beside the bell), read in the same statement. */
  unreadNotifications: number;
};

/** A session is marked as used at most this often, so reading pages rarely writes. */
export const SESSION_SEEN_EVERY_MS = 5 * 60_000;

export async function insertSession(
  db: Executor,
  row: {
    idHash: string;
    kind: SessionKind;
    userId: number | null;
    createdAt: string;
    expiresAt: string;
    passwordAt?: string | null;
    userAgent?: string | null;
  },
) {
  await db
    .insertInto("sessions")
    .values({
      id: row.idHash,
      kind: row.kind,
      user_id: row.userId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      password_at: row.passwordAt ?? null,
      user_agent: row.userAgent ? row.userAgent.slice(0, 300) : null,
      last_seen_at: row.createdAt,
    })
    .execute();
}

/**
 * The session's hunter and their unread count in one statement, built and
 * compiled once per database: every signed-in page runs it.
 */
const sessionUserQuery = compiledOnce((db: Executor, idHash: string, now: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select((eb) => [
      "users.id as id",
      "users.first_name as firstName",
      "users.last_name as lastName",
      "users.profile_image_url as profileImageUrl",
      "users.provider as provider",
      "sessions.last_seen_at as lastSeenAt",
      eb
        .selectFrom("notifications")
        .select((count) => count.fn.countAll<number>().as("n"))
        .whereRef("notifications.user_id", "=", "users.id")
        .where("notifications.read_at", "is", null)
        .as("unreadNotifications"),
    ])
    .where("sessions.id", "=", idHash)
    .where("sessions.kind", "=", "user")
    .where("sessions.expires_at", ">", now),
);

/**
 * The live session's user, or null when the session is unknown, expired or
 * of another kind. Marks the session as used, in the background, when it
 * was last marked more than SESSION_SEEN_EVERY_MS ago (unless `touch` is false).
 */
export async function findSessionUser(db: Executor, idHash: string, now: string, { touch = true } = {}): Promise<SessionUser | null> {
  const [found] = (await sessionUserQuery(db, idHash, now)).rows;
  if (!found) return null;
  const { lastSeenAt, unreadNotifications, ...rest } = found;
  const user: SessionUser = { ...rest, unreadNotifications: Number(unreadNotifications ?? 0) };
  const due = new Date(new Date(now).getTime() - SESSION_SEEN_EVERY_MS).toISOString();
  if (touch && (lastSeenAt === null || lastSeenAt < due)) {
    // Not waited for: reading a page never waits on a write (a held lock would
    // make it wait, then fail), and "last used" may lag a page. Guarded, so
    // requests arriving together write it once.
    db.updateTable("sessions")
      .set({ last_seen_at: now })
      .where("id", "=", idHash)
      .where((eb) => eb.or([eb("last_seen_at", "is", null), eb("last_seen_at", "<", due)]))
      .execute()
      .catch(() => undefined);
  }
  return user;
}

export type DeviceSession = { idHash: string; userAgent: string | null; createdAt: string; lastSeenAt: string };

/** A hunter's live sessions (their signed-in devices), the most recently used first. */
export async function listUserSessions(db: Executor, userId: number, now: string): Promise<DeviceSession[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "user_agent", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("kind", "=", "user")
    .where("expires_at", ">", now)
    .execute();
  return rows
    .map((r) => ({ idHash: r.id, userAgent: r.user_agent, createdAt: r.created_at, lastSeenAt: r.last_seen_at ?? r.created_at }))
    .sort((a, b) => (a.lastSeenAt < b.lastSeenAt ? 1 : a.lastSeenAt > b.lastSeenAt ? -1 : 0));
}

/** Ends one of a hunter's sessions (never anyone else's); whether there was one. */
export async function deleteUserSession(db: Executor, userId: number, idHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom("sessions")
    .where("id", "=", idHash)
    .where("user_id", "=", userId)
    .where("kind", "=", "user")
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of a hunter but `keepIdHash`; how many. */
export async function deleteOtherUserSessions(db: Executor, userId: number, keepIdHash: string): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("kind", "=", "user")
    .where("id", "!=", keepIdHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findLiveSession(db: Executor, idHash: string, kind: SessionKind, now: string) {
  return (
    (await db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", idHash)
      .where("kind", "=", kind)
      .where("expires_at", ">", now)
      .executeTakeFirst()) ?? null
  );
}

export async function deleteSession(db: Executor, idHash: string) {
  await db.deleteFrom("sessions").where("id", "=", idHash).execute();
}

export async function deleteExpiredSessions(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Moves a live session's end to `expiresAt` (an idle timeout sliding on activity). */
export async function extendSession(db: Executor, idHash: string, expiresAt: string, now: string): Promise<void> {
  await db.updateTable("sessions").set({ expires_at: expiresAt }).where("id", "=", idHash).where("expires_at", ">", now).execute();
}

/** Records that the password was just typed again in this live session. */
export async function markSessionPassword(db: Executor, idHash: string, at: string): Promise<void> {
  await db.updateTable("sessions").set({ password_at: at }).where("id", "=", idHash).where("expires_at", ">", at).execute();
}
