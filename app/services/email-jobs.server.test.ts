import { afterEach, describe, expect, it } from "vitest";
import { rawHeader, startSmtpServer } from "../../tests/support/smtp-server";
import { makeDiscovery, makeJimmy, makeUser } from "../../tests/support/fixtures";
import { testDbPerTest, testDialect } from "../../tests/support/test-db";
import { openPostgres, openSqlite, type DB } from "~/infra/db.server";
import { DIGEST_DELAY_MS } from "~/lib/email";
import { registerCatalogue } from "~/lib/language";
import { compileMessage } from "~/lib/messages";
import { saveEmailChoices, stopEmails } from "~/models/email.server";
import { notifyComment, notifyRediscovery } from "~/models/notifications.server";
import { setUserLanguage, userLanguage } from "~/models/users.server";
import { setWatching } from "~/models/watches.server";
import { checkUnsubscribeToken, unsubscribeToken } from "./email-links.server";
import { emailJobHandlers } from "./email-jobs.server";
import { retryDelayMs, runDueJobs } from "./jobs.server";
import { createSmtpMailer } from "./mail.server";
import { requestAddressConfirmation } from "./email-change.server";
import { RATE_LIMITS } from "./rate-limit.server";

const t = testDbPerTest();
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
const NOW = new Date("2026-03-01T12:00:00.000Z");

afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

/** A hunter with an address and the given email choice. */
async function hunter(firstName: string, frequency: "off" | "each" | "daily") {
  const user = await makeUser(t.db, firstName);
  await t.db
    .updateTable("users")
    .set({ email: `${firstName.toLowerCase()}@example.com` })
    .where("id", "=", user.id)
    .execute();
  await saveEmailChoices(t.db, user.id, { frequency, watchFinds: true }, new Date(NOW.getTime() - 60_000));
  return user;
}

/** A Jimmy first found by `finder` (who therefore watches it), found again by `other`: news for the finder. */
async function foundAgain(serial: number, finderId: number, otherId: number, at = NOW) {
  const jimmy = await makeJimmy(t.db, serial);
  await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: finderId, createdAt: "2026-02-01T12:00:00.000Z", isFirst: true });
  const again = await makeDiscovery(t.db, { jimmyId: jimmy.id, userId: otherId, createdAt: at.toISOString() });
  await t.db
    .transaction()
    .execute((trx) => notifyRediscovery(trx, { jimmyId: jimmy.id, discoveryId: again.id, finderId: otherId, now: at }));
  return jimmy;
}

const pendingJobs = () => t.db.selectFrom("jobs").selectAll().where("finished_at", "is", null).execute();

describe("email of a watched Jimmy's news", () => {
  it("reaches a watcher who asked for each piece of news, once, with a working one-click unsubscribe", async () => {
    smtp = await startSmtpServer();
    const ann = await hunter("Ann", "each");
    const bob = await hunter("Bob", "off");
    await foundAgain(301, ann.id, bob.id);

    const handlers = emailJobHandlers(createSmtpMailer({ smtpUrl: smtp.url, from: "Jimmy Hunt <hunt@example.com>" }));
    expect(await runDueJobs(t.db, handlers, () => NOW)).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(["ann@example.com"]);
    expect(mail!.parsed.subject).toBe(`Bob ${bob.last_name} found Jimmy #301 again`);
    expect(mail!.parsed.text).toContain("http://localhost:3000/jimmy/301#discovery-");
    expect(mail!.parsed.html).toContain("Unsubscribe from all email");
    // RFC 8058: the link, and the header that says one POST to it is enough.
    const unsubscribe = /^<(.+)>$/.exec(rawHeader(mail!, "List-Unsubscribe") ?? "")?.[1];
    const token = /^http:\/\/localhost:3000\/email\/unsubscribe\/([^/]+)\/one-click$/.exec(unsubscribe ?? "")?.[1];
    expect(checkUnsubscribeToken(token ?? "", NOW)).toEqual({ kind: "valid", userId: ann.id });
    // The text links the page that asks first.
    expect(mail!.parsed.text).toContain(`Unsubscribe from all email: http://localhost:3000/email/unsubscribe/${token}`);
    expect(mail!.parsed.text).not.toContain("one-click");
    expect(rawHeader(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(checkUnsubscribeToken(unsubscribeToken(ann.id))).toEqual({ kind: "valid", userId: ann.id });
    expect(checkUnsubscribeToken(`${bob.id}.${unsubscribeToken(ann.id).split(".")[1]}`)).toEqual({ kind: "not-ours" });

    // Nothing is sent twice; Bob chose no email, and his own find is no news to him.
    expect(await runDueJobs(t.db, handlers, () => new Date(NOW.getTime() + 60 * 60_000))).toBe(0);
    expect(smtp.received).toHaveLength(1);

    // Unsubscribed, the next news stays in the app.
    expect(await stopEmails(t.db, ann.id)).toBe(true);
    const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", 301).executeTakeFirstOrThrow();
    await t.db
      .transaction()
      .execute((trx) =>
        notifyComment(trx, { jimmyId: jimmy.id, commentId: null as never, actorUserId: bob.id, actorName: "Bob", now: NOW }),
      );
    expect(await pendingJobs()).toEqual([]);
  });

  it("is sent once when two app processes run the queue at the same time", async () => {
    smtp = await startSmtpServer();
    const finders = [];
    for (let i = 0; i < 6; i++) finders.push(await hunter(`Finder${i}`, "each"));
    const other = await hunter("Other", "off");
    for (const [i, finder] of finders.entries()) {
      await foundAgain(400 + i, finder.id, other.id);
      await foundAgain(500 + i, finder.id, other.id);
    }
    expect(await pendingJobs()).toHaveLength(12);

    const second: DB = testDialect === "postgres" ? openPostgres(t.url) : openSqlite(t.url.replace(/^file:/, ""));
    try {
      const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: "hunt@example.com" });
      const [a, b] = await Promise.all([
        runDueJobs(t.db, emailJobHandlers(mailer), () => NOW),
        runDueJobs(second, emailJobHandlers(mailer), () => NOW),
      ]);
      expect(a + b).toBe(12);
    } finally {
      await second.destroy();
    }
    expect(smtp.received).toHaveLength(12);
    const subjects = smtp.received.map((m) => `${m.to[0]} ${m.parsed.subject}`);
    expect(new Set(subjects).size).toBe(12);
    expect(await pendingJobs()).toEqual([]);
  });

  it("is tried again later when the mail server says to, and sent once it accepts", async () => {
    smtp = await startSmtpServer({ refuse: { count: 2, code: 451 } });
    const ann = await hunter("Ann", "each");
    const bob = await hunter("Bob", "off");
    await foundAgain(302, ann.id, bob.id);
    const handlers = emailJobHandlers(createSmtpMailer({ smtpUrl: smtp.url, from: "hunt@example.com" }));

    await runDueJobs(t.db, handlers, () => NOW);
    expect(smtp.refused).toBe(1);
    let [job] = await pendingJobs();
    expect(job!.attempts).toBe(1);
    expect(job!.last_error).toMatch(/Try again later/);
    expect(job!.run_at).toBe(new Date(NOW.getTime() + retryDelayMs(1)).toISOString());
    // Not before its time.
    expect(await runDueJobs(t.db, handlers, () => new Date(NOW.getTime() + 1000))).toBe(0);

    const later = new Date(NOW.getTime() + retryDelayMs(1));
    await runDueJobs(t.db, handlers, () => later);
    [job] = await pendingJobs();
    expect(job!.attempts).toBe(2);
    expect(job!.run_at).toBe(new Date(later.getTime() + retryDelayMs(2)).toISOString());
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    await runDueJobs(t.db, handlers, () => new Date(later.getTime() + retryDelayMs(2)));
    expect(smtp.received).toHaveLength(1);
    expect(await pendingJobs()).toEqual([]);
    const done = await t.db.selectFrom("jobs").select(["outcome", "attempts"]).executeTakeFirstOrThrow();
    expect(done).toEqual({ outcome: "done", attempts: 3 });
  });

  it("is not retried when the mail server refuses the address for good", async () => {
    smtp = await startSmtpServer({ refuse: { count: 5, code: 550 } });
    const ann = await hunter("Ann", "each");
    const bob = await hunter("Bob", "off");
    await foundAgain(303, ann.id, bob.id);
    await runDueJobs(t.db, emailJobHandlers(createSmtpMailer({ smtpUrl: smtp.url, from: "hunt@example.com" })), () => NOW);
    expect(smtp.refused).toBe(1);
    const job = await t.db.selectFrom("jobs").select(["outcome", "last_error"]).executeTakeFirstOrThrow();
    expect(job.outcome).toBe("failed");
    expect(job.last_error).toMatch(/Mailbox unavailable/);
  });

  it("sends nothing when no mail server is configured", async () => {
    smtp = await startSmtpServer();
    const ann = await hunter("Ann", "each");
    const bob = await hunter("Bob", "off");
    await foundAgain(304, ann.id, bob.id);
    await runDueJobs(t.db, emailJobHandlers(null), () => NOW);
    const job = await t.db.selectFrom("jobs").select(["outcome", "last_error"]).executeTakeFirstOrThrow();
    expect(job).toEqual({ outcome: "failed", last_error: "No mail server is configured (SMTP_URL): nothing was sent" });
    expect(smtp.received).toHaveLength(0);
  });

  it("waits a day for a daily digest, which carries all the news since and nothing already sent", async () => {
    smtp = await startSmtpServer();
    const ann = await hunter("Ann", "daily");
    const bob = await hunter("Bob", "off");
    const cat = await hunter("Cat", "off");
    await foundAgain(305, ann.id, bob.id);
    const jimmy = await t.db.selectFrom("jimmys").select("id").where("serial_number", "=", 305).executeTakeFirstOrThrow();
    const again = await makeDiscovery(t.db, {
      jimmyId: jimmy.id,
      userId: cat.id,
      createdAt: new Date(NOW.getTime() + 60_000).toISOString(),
    });
    await t.db
      .transaction()
      .execute((trx) =>
        notifyRediscovery(trx, { jimmyId: jimmy.id, discoveryId: again.id, finderId: cat.id, now: new Date(NOW.getTime() + 60_000) }),
      );
    // A Jimmy Ann found but turned off brings no news.
    const muted = await makeJimmy(t.db, 306);
    await makeDiscovery(t.db, { jimmyId: muted.id, userId: ann.id, createdAt: "2026-02-01T12:00:00.000Z", isFirst: true });
    await setWatching(t.db, { userId: ann.id, jimmyId: muted.id, watching: false });
    const mutedAgain = await makeDiscovery(t.db, { jimmyId: muted.id, userId: bob.id, createdAt: NOW.toISOString() });
    await t.db
      .transaction()
      .execute((trx) => notifyRediscovery(trx, { jimmyId: muted.id, discoveryId: mutedAgain.id, finderId: bob.id, now: NOW }));

    const jobs = await pendingJobs();
    expect(jobs.map((j) => [j.kind, j.key])).toEqual([["digest-email", `digest:${ann.id}`]]);
    const handlers = emailJobHandlers(createSmtpMailer({ smtpUrl: smtp.url, from: "hunt@example.com" }));
    expect(await runDueJobs(t.db, handlers, () => new Date(NOW.getTime() + 60 * 60_000))).toBe(0);

    const dayLater = new Date(NOW.getTime() + DIGEST_DELAY_MS);
    await runDueJobs(t.db, handlers, () => dayLater);
    const [digest] = await smtp.waitFor(1);
    expect(digest!.parsed.subject).toBe("Jimmy Hunt: 2 pieces of news from the Jimmys you watch");
    expect(digest!.parsed.text).toContain(`Cat ${cat.last_name} found Jimmy #305 again`);
    expect(digest!.parsed.text).toContain(`Bob ${bob.last_name} found Jimmy #305 again`);
    expect(digest!.parsed.text).not.toContain("#306");
    expect(rawHeader(digest!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // Sent news is not sent again by the next digest.
    await foundAgain(307, ann.id, bob.id, new Date(dayLater.getTime() + 1000));
    await runDueJobs(t.db, handlers, () => new Date(dayLater.getTime() + DIGEST_DELAY_MS + 1000));
    const [, next] = await smtp.waitFor(2);
    expect(next!.parsed.subject).toBe("Jimmy Hunt: 1 piece of news from the Jimmys you watch");
    expect(next!.parsed.text).not.toContain("#305");
  });

  it("waits, never lost nor counted as a failed attempt, once the hunt has sent its hourly cap of email of every kind", async () => {
    expect(RATE_LIMITS.mailSent).toEqual({ max: 300, windowMs: 60 * 60_000 });
    smtp = await startSmtpServer();
    const ann = await hunter("Ann", "each");
    const bob = await hunter("Bob", "off");
    await foundAgain(308, ann.id, bob.id);
    await requestAddressConfirmation(t.db, { userId: bob.id, newEmail: "bob.new@example.com", now: NOW });
    // All but one email of this hour's cap already went out (from any process: the count is in the database).
    const resetAt = new Date(NOW.getTime() + 20 * 60_000);
    await t.db.insertInto("rate_limits").values({ key: "mailSent:hunt", count: 299, reset_at: resetAt.toISOString() }).execute();

    const handlers = emailJobHandlers(createSmtpMailer({ smtpUrl: smtp.url, from: "hunt@example.com" }));
    expect(await runDueJobs(t.db, handlers, () => NOW)).toBe(2);
    await smtp.waitFor(1);
    const [waiting] = await pendingJobs();
    expect(waiting).toMatchObject({ attempts: 0, run_at: resetAt.toISOString(), locked_until: null, outcome: null });
    expect(waiting!.last_error).toMatch(/cap/);
    expect(await runDueJobs(t.db, handlers, () => new Date(resetAt.getTime() - 1000))).toBe(0);

    await runDueJobs(t.db, handlers, () => resetAt);
    expect((await smtp.waitFor(2)).map((m) => m.to[0]).sort()).toEqual(["ann@example.com", "bob.new@example.com"]);
    expect(await pendingJobs()).toEqual([]);
  });

  it("is written in the language its recipient chose, and in English for one who never chose", async () => {
    // A tiny French catalogue: the real translations come later.
    const french: Record<string, string> = {
      "{huntName}: {total, plural, one {# piece} other {# pieces}} of news from the Jimmys you watch":
        "{huntName} : {total, plural, one {# nouvelle} other {# nouvelles}} des Jimmys que vous suivez",
      "Hi {firstName},": "Bonjour {firstName},",
      "Confirm your email address for {huntName}": "Confirmez votre adresse e-mail pour {huntName}",
    };
    registerCatalogue("fr", (key) => (typeof key === "string" && Object.hasOwn(french, key) ? compileMessage(french[key]!) : undefined));
    try {
      smtp = await startSmtpServer();
      const ann = await hunter("Ann", "daily");
      const bob = await hunter("Bob", "off");
      const cat = await hunter("Cat", "daily");
      expect(await userLanguage(t.db, ann.id)).toBeNull();
      await setUserLanguage(t.db, ann.id, "fr");
      await setUserLanguage(t.db, bob.id, "fr");
      expect(await userLanguage(t.db, ann.id)).toBe("fr");
      // A stored value the hunt no longer speaks reads as no choice.
      await t.db.updateTable("users").set({ language: "xx" }).where("id", "=", cat.id).execute();
      expect(await userLanguage(t.db, cat.id)).toBeNull();
      await foundAgain(310, ann.id, bob.id);
      await foundAgain(311, cat.id, bob.id);
      await requestAddressConfirmation(t.db, { userId: bob.id, newEmail: "bob.new@example.com", now: NOW });

      const handlers = emailJobHandlers(createSmtpMailer({ smtpUrl: smtp.url, from: "hunt@example.com" }));
      await runDueJobs(t.db, handlers, () => NOW);
      await smtp.waitFor(1);
      await runDueJobs(t.db, handlers, () => new Date(NOW.getTime() + DIGEST_DELAY_MS));
      const mails = await smtp.waitFor(3);
      const to = (address: string) => mails.find((m) => m.to[0] === address)!;
      expect(to("ann@example.com").parsed.subject).toBe("Jimmy Hunt : 1 nouvelle des Jimmys que vous suivez");
      expect(to("ann@example.com").parsed.text).toContain("Bonjour Ann,");
      expect(String(to("ann@example.com").parsed.html)).toContain('<html lang="fr" dir="ltr">');
      expect(to("bob.new@example.com").parsed.subject).toBe("Confirmez votre adresse e-mail pour Jimmy Hunt");
      expect(to("cat@example.com").parsed.subject).toBe("Jimmy Hunt: 1 piece of news from the Jimmys you watch");
      expect(to("cat@example.com").parsed.text).toContain("Hi Cat,");
      expect(String(to("cat@example.com").parsed.html)).toContain('<html lang="en" dir="ltr">');

      await setUserLanguage(t.db, ann.id, null);
      expect(await userLanguage(t.db, ann.id)).toBeNull();
    } finally {
      registerCatalogue("fr", () => undefined);
    }
  });
});
