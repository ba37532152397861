import { afterEach, describe, expect, it } from "vitest";
import { makeUser } from "../../tests/support/fixtures";
import { startSmtpServer } from "../../tests/support/smtp-server";
import { testDbPerTest } from "../../tests/support/test-db";
import { requestAddressConfirmation } from "./email-change.server";
import { emailJobHandlers } from "./email-jobs.server";
import { runDueJobs } from "./jobs.server";
import { createSmtpMailer } from "./mail.server";
import { RATE_LIMITS, rateLimitedText } from "./rate-limit.server";

const t = testDbPerTest();
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
const NOW = new Date("2026-03-01T12:00:00.000Z");
const DAY = 24 * 60 * 60_000;

afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const queuedConfirmations = async () =>
  (await t.db.selectFrom("jobs").select("id").where("kind", "=", "email-confirmation").execute()).length;

describe("asking for a new address", () => {
  it("queues five confirmations a day per hunter, even asked all at once; the sixth is refused with when to try again", async () => {
    expect(RATE_LIMITS.emailChangePerHunter).toEqual({ max: 5, windowMs: DAY });
    const ann = await makeUser(t.db, "Ann");
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        requestAddressConfirmation(t.db, { userId: ann.id, newEmail: `stranger${i}@example.com`, now: NOW }),
      ),
    );
    expect(outcomes.filter((o) => o.queued)).toHaveLength(5);
    expect(await queuedConfirmations()).toBe(5);
    const refused = outcomes.find((o) => !o.queued);
    if (!refused || refused.queued) throw new Error("expected a refusal");
    expect(refused.refusedBy).toBe("emailChangePerHunter");
    expect(refused.limit.retryAfterSeconds).toBe(DAY / 1000);
    expect(rateLimitedText(refused.refusedBy, refused.limit)).toBe(
      "You've asked for a lot of confirmation emails in a short time. Please wait 24 hours and try again.",
    );
    // Another hunter is not held back, and Ann may ask again the next day.
    const bob = await makeUser(t.db, "Bob");
    expect((await requestAddressConfirmation(t.db, { userId: bob.id, newEmail: "bob@example.com", now: NOW })).queued).toBe(true);
    expect(
      (await requestAddressConfirmation(t.db, { userId: ann.id, newEmail: "ann@example.com", now: new Date(NOW.getTime() + DAY) })).queued,
    ).toBe(true);
  });

  it("mails one address three confirmations a day whoever asks, in any letter case, and keeps no address in the limits table", async () => {
    expect(RATE_LIMITS.emailChangePerAddress).toEqual({ max: 3, windowMs: DAY });
    const ann = await makeUser(t.db, "Ann");
    const bob = await makeUser(t.db, "Bob");
    const asks = [
      [ann.id, "victim@example.com"],
      [ann.id, "Victim@Example.com"],
      [bob.id, "victim@example.com"],
      [bob.id, "VICTIM@example.com"],
    ] as const;
    const outcomes = [];
    for (const [userId, newEmail] of asks) outcomes.push(await requestAddressConfirmation(t.db, { userId, newEmail, now: NOW }));
    expect(outcomes.map((o) => o.queued)).toEqual([true, true, true, false]);
    expect(outcomes[3]).toMatchObject({ refusedBy: "emailChangePerAddress" });
    expect(await queuedConfirmations()).toBe(3);
    const keys = (await t.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    expect(keys.join(" ")).not.toMatch(/victim/i);
  });

  it("sends the new address a fixed text: no name or anything else the requester chose", async () => {
    smtp = await startSmtpServer();
    const spammer = await makeUser(t.db, "WIN $500 NOW", "visit spam.example");
    await t.db.updateTable("users").set({ first_name: "Hi\r\nBcc: x@example.com\r\nWIN $500 NOW" }).where("id", "=", spammer.id).execute();
    await requestAddressConfirmation(t.db, { userId: spammer.id, newEmail: "stranger@example.com", now: NOW });
    await runDueJobs(t.db, emailJobHandlers(createSmtpMailer({ smtpUrl: smtp.url, from: "hunt@example.com" })), () => NOW);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["stranger@example.com"]);
    expect(mail!.parsed.subject).toBe("Confirm your email address for Jimmy Hunt");
    const link = /http:\/\/localhost:3000\/account\/email\/\S+/.exec(mail!.parsed.text ?? "")?.[0];
    expect(mail!.parsed.text).toBe(
      [
        "Hello,",
        "",
        "Someone (we hope you) asked Jimmy Hunt to send your news to this address.",
        "To confirm it, open this link within 24 hours:",
        link,
        "",
        "If it wasn't you, ignore this email: nothing changes.",
      ].join("\n"),
    );
    for (const part of [mail!.parsed.text ?? "", String(mail!.parsed.html)]) {
      expect(part).not.toMatch(/WIN|spam\.example|Bcc/);
    }
  });
});
