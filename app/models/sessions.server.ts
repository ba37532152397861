import type { SessionKind } from "#db/schema";
import type { Executor } from "~/infra/db.server";

export type SessionUser = {
  id: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  provider: string;
};

export async function insertSession(
  db: Executor,
  row: { idHash: string; kind: SessionKind; userId: number | null; createdAt: string; expiresAt: string; passwordAt?: string | null },
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
    })
    .execute();
}

/** The live session's user, or null when the session is unknown, expired or of another kind. */
export async function findSessionUser(db: Executor, idHash: string, now: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "users.id as id",
      "users.first_name as firstName",
      "users.last_name as lastName",
      "users.profile_image_url as profileImageUrl",
      "users.provider as provider",
    ])
    .where("sessions.id", "=", idHash)
    .where("sessions.kind", "=", "user")
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
  return row ?? null;
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
