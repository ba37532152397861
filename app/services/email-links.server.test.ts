import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { env } from "~/infra/env.server";
import { UNSUBSCRIBE_LINK_DAYS } from "~/lib/email";
import { checkUnsubscribeToken, unsubscribeToken, unsubscribeUrls } from "./email-links.server";

const NOW = new Date("2026-03-01T12:00:00.000Z");
const DAY = 24 * 60 * 60_000;

describe("unsubscribe links", () => {
  it("differ in every email, even two sent to one hunter in the same millisecond", () => {
    const first = unsubscribeUrls(7, NOW);
    const second = unsubscribeUrls(7, NOW);
    expect(first.pageUrl).not.toBe(second.pageUrl);
    expect(first.oneClickUrl).toBe(`${first.pageUrl}/one-click`);
    const token = first.pageUrl.split("/").pop()!;
    expect(checkUnsubscribeToken(token, NOW)).toEqual({ kind: "valid", userId: 7 });
  });

  it(`work for ${UNSUBSCRIBE_LINK_DAYS} days from the email, then are expired`, () => {
    expect(UNSUBSCRIBE_LINK_DAYS).toBe(60);
    const token = unsubscribeToken(7, undefined, NOW);
    expect(checkUnsubscribeToken(token, new Date(NOW.getTime() + 60 * DAY - 1))).toEqual({ kind: "valid", userId: 7 });
    expect(checkUnsubscribeToken(token, new Date(NOW.getTime() + 60 * DAY))).toEqual({ kind: "expired" });
  });

  it("count the never-expiring links of before as expired, and anything unsigned or altered as not ours", () => {
    const secret = env().sessionSecrets[0]!;
    const oldMac = crypto.createHmac("sha256", secret).update("unsubscribe:7").digest("base64url").slice(0, 32);
    expect(checkUnsubscribeToken(`7.${oldMac}`, NOW)).toEqual({ kind: "expired" });

    const token = unsubscribeToken(7, undefined, NOW);
    const [subject, mac] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)];
    // A later issue time, to stretch its life, breaks the signature.
    const stretched = subject.replace(/-([0-9a-z]+)-/, `-${(NOW.getTime() + 59 * DAY).toString(36)}-`);
    expect(checkUnsubscribeToken(`${stretched}.${mac}`, NOW)).toEqual({ kind: "not-ours" });
    expect(checkUnsubscribeToken(`8${subject.slice(1)}.${mac}`, NOW)).toEqual({ kind: "not-ours" });
    for (const junk of ["", "7", "not-a-token", `7.${"A".repeat(32)}`])
      expect(checkUnsubscribeToken(junk, NOW)).toEqual({ kind: "not-ours" });
  });
});
