/**
 * A hunter's email: their address and choices, and the emails their
 * watched Jimmys' news queues (issue 23, item 3). Emails are queued in the
 * same transaction as the news, as jobs (app/models/jobs.server.ts), and
 * sent outside the request (app/services/email-jobs.server.ts).
 */
import type { EmailFrequency } from "#db/schema";
import type { Executor } from "~/infra/db.server";
import { DIGEST_DELAY_MS, EMAILED_KINDS, JOB_KINDS } from "~/lib/email";
import { enqueueJob } from "./jobs.server";

/** Queues the email of each notification just created whose recipient wants one: at once, or in their next digest. */
export async function queueNotificationEmails(
  trx: Executor,
  created: readonly { id: number; user_id: number }[],
  now: Date,
): Promise<void> {
  if (created.length === 0) return;
  const recipients = await trx
    .selectFrom("users")
    .select(["id", "email_frequency"])
    .where("id", "in", [...new Set(created.map((n) => n.user_id))])
    .where("email", "is not", null)
    .where("email_frequency", "<>", "off")
    .execute();
  if (recipients.length === 0) return;
  const frequency = new Map(recipients.map((r) => [r.id, r.email_frequency]));
  const kinds = await trx
    .selectFrom("notifications")
    .select(["id", "kind"])
    .where(
      "id",
      "in",
      created.filter((n) => frequency.has(n.user_id)).map((n) => n.id),
    )
    .execute();
  const emailed = new Set(kinds.filter((n) => EMAILED_KINDS.includes(n.kind)).map((n) => n.id));
  for (const notification of created) {
    if (!emailed.has(notification.id)) continue;
    if (frequency.get(notification.user_id) === "each") {
      await enqueueJob(trx, {
        kind: JOB_KINDS.notificationEmail,
        key: `notification:${notification.id}`,
        payload: { notificationId: notification.id },
        now,
      });
    } else {
      // One digest waits per hunter; news arriving while it waits joins it.
      await enqueueJob(trx, {
        kind: JOB_KINDS.digestEmail,
        key: `digest:${notification.user_id}`,
        payload: { userId: notification.user_id },
        runAt: new Date(now.getTime() + DIGEST_DELAY_MS),
        now,
      });
    }
  }
}

export type EmailSettings = {
  email: string | null;
  frequency: EmailFrequency;
  watchFinds: boolean;
  /** An address waiting for confirmation, if any (the newest). */
  pendingEmail: string | null;
};

export async function emailSettingsOf(db: Executor, userId: number, now = new Date()): Promise<EmailSettings> {
  const user = await db
    .selectFrom("users")
    .select(["email", "email_frequency", "watch_finds"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom("email_changes")
    .select("new_email")
    .where("user_id", "=", userId)
    .where("expires_at", ">", now.toISOString())
    .orderBy("id", "desc")
    .executeTakeFirst();
  return {
    email: user.email,
    frequency: user.email_frequency,
    watchFinds: user.watch_finds === 1,
    pendingEmail: pending?.new_email ?? null,
  };
}

/** Saves the hunter's email choices. Switching email on starts it now: news from before is not sent. */
export async function saveEmailChoices(
  db: Executor,
  userId: number,
  choices: { frequency: EmailFrequency; watchFinds: boolean },
  now = new Date(),
): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({
      email_frequency: choices.frequency,
      watch_finds: choices.watchFinds ? 1 : 0,
      email_since: eb.case().when("email_frequency", "=", "off").then(now.toISOString()).else(eb.ref("email_since")).end(),
    }))
    .where("id", "=", userId)
    .execute();
}

/** The one-click unsubscribe: no more email (the hunter's news stays in the app). */
export async function stopEmails(db: Executor, userId: number): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ email_frequency: "off" })
    .where("id", "=", userId)
    .where("email_frequency", "<>", "off")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a new address waiting for confirmation; a newer request replaces an older one. */
export async function requestEmailChange(
  db: Executor,
  input: { userId: number; newEmail: string; tokenHash: string; now: Date; ttlMs: number },
): Promise<number> {
  await db.deleteFrom("email_changes").where("user_id", "=", input.userId).execute();
  const row = await db
    .insertInto("email_changes")
    .values({
      user_id: input.userId,
      new_email: input.newEmail,
      token_hash: input.tokenHash,
      created_at: input.now.toISOString(),
      expires_at: new Date(input.now.getTime() + input.ttlMs).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type EmailChange = { id: number; userId: number; newEmail: string; createdAt: string; expiresAt: string };

function selectEmailChanges(db: Executor) {
  return db.selectFrom("email_changes").select(["id", "user_id", "new_email", "created_at", "expires_at"]);
}

function toEmailChange(row: Awaited<ReturnType<ReturnType<typeof selectEmailChanges>["executeTakeFirst"]>>): EmailChange | null {
  return row ? { id: row.id, userId: row.user_id, newEmail: row.new_email, createdAt: row.created_at, expiresAt: row.expires_at } : null;
}

export async function emailChangeById(db: Executor, id: number): Promise<EmailChange | null> {
  return toEmailChange(await selectEmailChanges(db).where("id", "=", id).executeTakeFirst());
}

export async function emailChangeByTokenHash(db: Executor, tokenHash: string, now = new Date()): Promise<EmailChange | null> {
  return toEmailChange(
    await selectEmailChanges(db).where("token_hash", "=", tokenHash).where("expires_at", ">", now.toISOString()).executeTakeFirst(),
  );
}

/** The new address is its owner's: it replaces the provider's for good (a sign-in no longer changes it). */
export async function confirmEmailChange(db: Executor, change: EmailChange, now = new Date()): Promise<void> {
  await db
    .updateTable("users")
    .set({ email: change.newEmail, email_chosen: 1, updated_at: now.toISOString() })
    .where("id", "=", change.userId)
    .execute();
  await db.deleteFrom("email_changes").where("user_id", "=", change.userId).execute();
}

export type EmailRecipient = { id: number; email: string; firstName: string; frequency: EmailFrequency; emailSince: string | null };

export async function emailRecipient(db: Executor, userId: number): Promise<EmailRecipient | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "first_name", "email_frequency", "email_since"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row?.email) return null;
  return { id: row.id, email: row.email, firstName: row.first_name, frequency: row.email_frequency, emailSince: row.email_since };
}

/** Marks notifications as sent by email (a retried job finds them done and sends nothing twice). */
export async function markEmailed(db: Executor, ids: readonly number[], now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("notifications").set({ emailed_at: now.toISOString() }).where("id", "in", ids).execute();
}
