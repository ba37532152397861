/**
 * A hunter asks for a new address: it is recorded, and a confirmation goes
 * to it through the job table. Each request mails an address that has not
 * said it wants anything from the hunt, so it is limited twice: per hunter,
 * and per address whoever asks (RATE_LIMITS), both counted in the database.
 */
import crypto from "node:crypto";
import type { DB } from "~/infra/db.server";
import { EMAIL_CHANGE_TTL_MS, JOB_KINDS } from "~/lib/email";
import { requestEmailChange } from "~/models/email.server";
import { enqueueJob } from "~/models/jobs.server";
import { emailChangeToken, tokenHash } from "./email-links.server";
import { consumeHunterLimit, consumeRateLimit, type RateLimitName, type RateLimitResult } from "./rate-limit.server";

export type EmailChangeOutcome = { queued: true } | { queued: false; refusedBy: RateLimitName; limit: RateLimitResult };

/** The rate-limit subject of an address: its hash, so the table never holds anyone's address. */
function addressSubject(address: string): string {
  return crypto.createHash("sha256").update(address.trim().toLowerCase()).digest("hex").slice(0, 32);
}

/** Records the new address and queues its confirmation, unless the hunter or the address has had its share of them. */
export async function requestAddressConfirmation(
  db: DB,
  input: { userId: number; newEmail: string; now?: Date },
): Promise<EmailChangeOutcome> {
  const now = input.now ?? new Date();
  const perHunter = await consumeHunterLimit(db, "emailChangePerHunter", input.userId, now);
  if (!perHunter.allowed) return { queued: false, refusedBy: "emailChangePerHunter", limit: perHunter };
  const perAddress = await consumeRateLimit(db, "emailChangePerAddress", addressSubject(input.newEmail), now);
  if (!perAddress.allowed) return { queued: false, refusedBy: "emailChangePerAddress", limit: perAddress };
  const change = { userId: input.userId, newEmail: input.newEmail, createdAt: now.toISOString() };
  await db.transaction().execute(async (trx) => {
    const id = await requestEmailChange(trx, {
      ...change,
      tokenHash: tokenHash(emailChangeToken(change)),
      now,
      ttlMs: EMAIL_CHANGE_TTL_MS,
    });
    await enqueueJob(trx, { kind: JOB_KINDS.emailConfirmation, key: `email-change:${id}`, payload: { changeId: id }, now });
  });
  return { queued: true };
}
