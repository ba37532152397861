import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSmtpServer } from "../../tests/support/smtp-server";
import { makeUser } from "../../tests/support/fixtures";
import { testDbPerTest } from "../../tests/support/test-db";
import { setConfirmedEmail } from "~/models/users.server";
import { emailJobHandlers } from "./email-jobs.server";
import { runDueJobs } from "./jobs.server";
import { createSmtpMailer } from "./mail.server";
import { RATE_LIMITS } from "./rate-limit.server";
import { checkSignInCode, parseCode, requestSignInCode, SIGN_IN_CODE_MAX_WRONG, SIGN_IN_CODE_TTL_MS } from "./sign-in-codes.server";

const t = testDbPerTest();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const NOW = new Date("2026-11-28T06:10:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

beforeEach(async () => {
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await smtp.close();
});

/** Sends the queued mail through a real SMTP server and answers the code in the newest one. */
async function mailedCode(at = NOW): Promise<string> {
  const before = smtp.received.length;
  await runDueJobs(t.db, emailJobHandlers(createSmtpMailer({ smtpUrl: smtp.url, from: "hunt@example.com" })), () => at);
  const mails = await smtp.waitFor(before + 1);
  const text = mails[mails.length - 1]!.parsed.text ?? "";
  return /^(\d{6})$/m.exec(text)![1]!;
}

const check = (email: string, code: string, at = NOW, address = "198.51.100.7") => checkSignInCode(t.db, { email, code, address, now: at });

describe("a sign-in code sent by email", () => {
  it("signs in a new hunter once, named Hunter, with the address confirmed as theirs; only a keyed hash of it is stored", async () => {
    expect(await requestSignInCode(t.db, { email: "  Finder@Example.com ", address: "198.51.100.7", now: NOW })).toEqual({ ok: true });
    const code = await mailedCode();
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(["finder@example.com"]);
    expect(mail!.parsed.subject).toBe("Your sign-in code for Jimmy Hunt");
    // Nothing the requester chose (but the address it goes to) is in the email: only the hunt's wording and the code.
    expect(mail!.parsed.text).toBe(
      [
        "Your sign-in code for Jimmy Hunt is:",
        "",
        code,
        "",
        "Type it on the sign-in page within 10 minutes. It works once.",
        "",
        "If you didn't ask for it, ignore this email: nobody can sign in without the code.",
      ].join("\n"),
    );
    const stored = JSON.stringify([
      await t.db.selectFrom("sign_in_codes").selectAll().execute(),
      await t.db.selectFrom("jobs").selectAll().execute(),
    ]);
    expect(stored).not.toContain(code);

    const signedIn = await check("finder@example.com", code);
    expect(signedIn).toMatchObject({ ok: true, firstName: "Hunter", created: true });
    const user = await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", (signedIn as { userId: number }).userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ provider: "email", email: "finder@example.com", email_chosen: 1, first_name: "Hunter" });
    expect(user.name_key_lower).not.toBeNull();

    // Once only.
    expect(await check("finder@example.com", code)).toEqual({ ok: false, reason: "expired" });
    // The next code for the address is the same hunter.
    await requestSignInCode(t.db, { email: "finder@example.com", address: "198.51.100.7", now: later(60_000) });
    expect(await check("finder@example.com", await mailedCode(later(60_000)), later(60_000))).toMatchObject({
      ok: true,
      userId: user.id,
      created: false,
    });
  });

  it("is queued with the asker's language, for its email to be written in", async () => {
    await requestSignInCode(t.db, { email: "lea@example.com", address: "198.51.100.7", language: "fr", now: NOW });
    const [job] = await t.db.selectFrom("jobs").select("payload").execute();
    const payload: unknown = typeof job!.payload === "string" ? JSON.parse(job!.payload) : job!.payload;
    expect(payload).toMatchObject({ language: "fr" });
  });

  it("signs in the hunter who confirmed the address, never one whose provider merely sent it", async () => {
    const confirmed = await makeUser(t.db, "Cora");
    await setConfirmedEmail(t.db, confirmed.id, "cora@example.com");
    const providerOnly = await makeUser(t.db, "Pat");
    await t.db.updateTable("users").set({ email: "pat@example.com" }).where("id", "=", providerOnly.id).execute();

    await requestSignInCode(t.db, { email: "CORA@example.com", address: "198.51.100.7", now: NOW });
    expect(await check("cora@example.com", await mailedCode())).toEqual({
      ok: true,
      userId: confirmed.id,
      firstName: "Cora",
      created: false,
    });

    await requestSignInCode(t.db, { email: "pat@example.com", address: "198.51.100.7", now: NOW });
    const pat = await check("pat@example.com", await mailedCode());
    expect(pat).toMatchObject({ ok: true, created: true });
    expect((pat as { userId: number }).userId).not.toBe(providerOnly.id);
  });

  it(`ends after ${SIGN_IN_CODE_MAX_WRONG} wrong codes, after ${SIGN_IN_CODE_TTL_MS / 60_000} minutes, and when a newer one is asked for`, async () => {
    await requestSignInCode(t.db, { email: "a@example.com", address: "198.51.100.7", now: NOW });
    const code = await mailedCode();
    const wrong = code === "000000" ? "000001" : "000000";
    for (let left = SIGN_IN_CODE_MAX_WRONG - 1; left > 0; left--) {
      expect(await check("a@example.com", wrong)).toEqual({ ok: false, reason: "wrong", triesLeft: left });
    }
    expect(await check("a@example.com", wrong)).toEqual({ ok: false, reason: "used_up" });
    expect(await check("a@example.com", code)).toEqual({ ok: false, reason: "used_up" });

    await requestSignInCode(t.db, { email: "a@example.com", address: "198.51.100.7", now: NOW });
    const fresh = await mailedCode();
    expect(await check("a@example.com", fresh, later(SIGN_IN_CODE_TTL_MS))).toEqual({ ok: false, reason: "expired" });

    await requestSignInCode(t.db, { email: "a@example.com", address: "198.51.100.7", now: NOW });
    const older = await mailedCode();
    await requestSignInCode(t.db, { email: "a@example.com", address: "198.51.100.7", now: NOW });
    const newer = await mailedCode();
    if (older !== newer) expect(await check("a@example.com", older)).toMatchObject({ ok: false, reason: "wrong" });
    expect(await check("a@example.com", newer)).toMatchObject({ ok: true });
  });

  it("a code that ended before its email left is not sent", async () => {
    await requestSignInCode(t.db, { email: "slow@example.com", address: "198.51.100.7", now: NOW });
    await runDueJobs(t.db, emailJobHandlers(createSmtpMailer({ smtpUrl: smtp.url, from: "hunt@example.com" })), () =>
      later(SIGN_IN_CODE_TTL_MS),
    );
    expect(smtp.received).toEqual([]);
  });

  it("asking is limited per client address and per recipient; typing per client address", async () => {
    const perAddress = RATE_LIMITS.signInCodePerAddress.max;
    for (let i = 0; i < perAddress; i++) {
      expect(await requestSignInCode(t.db, { email: `n${i}@example.com`, address: "198.51.100.1", now: NOW })).toEqual({ ok: true });
    }
    expect(await requestSignInCode(t.db, { email: "victim@example.com", address: "198.51.100.1", now: NOW })).toMatchObject({
      ok: false,
      reason: "limited",
    });
    // A client over its limit did not use up the recipient's.
    const perRecipient = RATE_LIMITS.signInCodePerRecipient.max;
    for (let i = 0; i < perRecipient; i++) {
      expect(await requestSignInCode(t.db, { email: "victim@example.com", address: `198.51.100.${10 + i}`, now: NOW })).toEqual({
        ok: true,
      });
    }
    const refused = await requestSignInCode(t.db, { email: "Victim@example.com", address: "198.51.100.99", now: NOW });
    expect(refused).toMatchObject({ ok: false, reason: "limited" });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBe(RATE_LIMITS.signInCodePerRecipient.windowMs / 1000);
    expect(await requestSignInCode(t.db, { email: "victim@example.com", address: "198.51.100.99", now: later(60 * 60_000) })).toEqual({
      ok: true,
    });

    for (let i = 0; i < RATE_LIMITS.signInCodeCheckPerAddress.max; i++) {
      await check(`x${i}@example.com`, "123456", NOW, "198.51.100.200");
    }
    expect(await check("victim@example.com", "123456", NOW, "198.51.100.200")).toMatchObject({ ok: false, reason: "limited" });
  });

  it("reads a code typed with spaces or a dash, and nothing that is not six digits", () => {
    expect(parseCode("123 456")).toBe("123456");
    expect(parseCode("123-456")).toBe("123456");
    expect(parseCode("12345")).toBeNull();
    expect(parseCode("12345a")).toBeNull();
    expect(parseCode("1234567")).toBeNull();
  });
});
