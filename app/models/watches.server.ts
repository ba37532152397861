/**
 * Watching a Jimmy (issue 23, item 3): the hunters told of its news (found
 * again, a comment, a milestone, reported missing). Finders watch what they
 * find unless they turned that off (users.watch_finds); turning one Jimmy
 * off is remembered (watching = 0), so finding it again does not watch it
 * again behind the hunter's back.
 */
import type { Executor } from "~/infra/db.server";

export async function setWatching(db: Executor, input: { userId: number; jimmyId: number; watching: boolean; now?: Date }): Promise<void> {
  const at = (input.now ?? new Date()).toISOString();
  const watching = input.watching ? 1 : 0;
  await db
    .insertInto("watches")
    .values({ user_id: input.userId, jimmy_id: input.jimmyId, watching, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(["user_id", "jimmy_id"]).doUpdateSet({ watching, updated_at: at }))
    .execute();
}

/** A find watches its Jimmy for its hunter, unless they turned watching finds off or turned this Jimmy off before. */
export async function watchFoundJimmy(db: Executor, input: { userId: number; jimmyId: number; at: string }): Promise<void> {
  await db
    .insertInto("watches")
    .columns(["user_id", "jimmy_id", "watching", "created_at", "updated_at"])
    .expression((eb) =>
      eb
        .selectFrom("users")
        .select((s) => [
          "users.id",
          s.cast(s.val(input.jimmyId), "integer").as("jimmy_id"),
          s.cast(s.val(1), "integer").as("watching"),
          s.cast(s.val(input.at), "text").as("created_at"),
          s.cast(s.val(input.at), "text").as("updated_at"),
        ])
        .where("users.id", "=", input.userId)
        .where("users.watch_finds", "=", 1),
    )
    .onConflict((oc) => oc.columns(["user_id", "jimmy_id"]).doNothing())
    .execute();
}

export type WatchState = { watching: boolean; watchers: number };

/** Whether `userId` watches the Jimmy, and how many hunters do. */
export async function watchStateOf(db: Executor, jimmyId: number, userId: number | null): Promise<WatchState> {
  const rows = await db.selectFrom("watches").select("user_id").where("jimmy_id", "=", jimmyId).where("watching", "=", 1).execute();
  return { watching: userId !== null && rows.some((row) => row.user_id === userId), watchers: rows.length };
}

export type WatchedJimmy = { serialNumber: number; name: string; status: string; since: string };

/** The Jimmys a hunter watches, by number, for their settings. */
export async function watchedJimmysOf(db: Executor, userId: number): Promise<WatchedJimmy[]> {
  const rows = await db
    .selectFrom("watches as w")
    .innerJoin("jimmys as j", "j.id", "w.jimmy_id")
    .select(["j.serial_number", "j.name", "j.status", "w.updated_at"])
    .where("w.user_id", "=", userId)
    .where("w.watching", "=", 1)
    .orderBy("j.serial_number")
    .execute();
  return rows.map((row) => ({ serialNumber: row.serial_number, name: row.name, status: row.status, since: row.updated_at }));
}
