import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/comments";
import {
  checkCommentForm,
  FORM_TOKEN_FIELD,
  FORM_TOKEN_MAX_AGE_MS,
  issueFormToken,
  issueUniqueFormToken,
  MIN_FILL_MS,
} from "./comment-guard.server";

const secrets = ["first-secret-0123456789abcdef0123456789"];
const rendered = new Date("2026-01-01T12:00:00.000Z");
const after = (ms: number) => new Date(rendered.getTime() + ms);

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const valid = () => ({ [HONEYPOT_FIELD]: "", [FORM_TOKEN_FIELD]: issueFormToken(rendered, secrets), content: "Hi" });

describe("the comment form's spam checks", () => {
  it("accept a person's form: empty honeypot, genuine token, a few seconds to write", () => {
    expect(checkCommentForm(form(valid()), after(MIN_FILL_MS), secrets)).toEqual({ ok: true });
  });

  it("refuse a filled honeypot and a form posted without one", () => {
    expect(checkCommentForm(form({ ...valid(), [HONEYPOT_FIELD]: "https://spam.example" }), after(5000), secrets)).toMatchObject({
      ok: false,
      reason: "honeypot",
    });
    const { [HONEYPOT_FIELD]: _omitted, ...withoutHoneypot } = valid();
    expect(checkCommentForm(form(withoutHoneypot), after(5000), secrets)).toMatchObject({ ok: false, reason: "honeypot" });
  });

  it("refuse a missing, malformed or forged render time", () => {
    const { [FORM_TOKEN_FIELD]: _omitted, ...withoutToken } = valid();
    expect(checkCommentForm(form(withoutToken), after(5000), secrets)).toMatchObject({ ok: false, reason: "token" });
    expect(checkCommentForm(form({ ...valid(), [FORM_TOKEN_FIELD]: "yesterday" }), after(5000), secrets)).toMatchObject({
      ok: false,
      reason: "token",
    });
    const forged = issueFormToken(new Date(rendered.getTime() - 60_000), ["an-attackers-guess-0123456789abcdef01234"]);
    expect(checkCommentForm(form({ ...valid(), [FORM_TOKEN_FIELD]: forged }), after(5000), secrets)).toMatchObject({
      ok: false,
      reason: "token",
    });
    const [time, signature] = issueFormToken(rendered, secrets).split(".");
    const backdated = `${Number(time) - 60_000}.${signature}`;
    expect(checkCommentForm(form({ ...valid(), [FORM_TOKEN_FIELD]: backdated }), after(100), secrets)).toMatchObject({
      ok: false,
      reason: "token",
    });
  });

  it("refuse a form posted faster than a person writes, with a message that says what to do", () => {
    const verdict = checkCommentForm(form(valid()), after(MIN_FILL_MS - 1), secrets);
    expect(verdict).toMatchObject({ ok: false, reason: "too_fast" });
    expect(!verdict.ok && verdict.message).toMatch(/post it again/);
  });

  it("refuse a page left open for more than a day, and accept tokens signed with a secret being rotated out", () => {
    expect(checkCommentForm(form(valid()), after(FORM_TOKEN_MAX_AGE_MS + 1), secrets)).toMatchObject({ ok: false, reason: "expired" });
    expect(checkCommentForm(form(valid()), after(5000), ["new-secret-0123456789abcdef0123456789ab", ...secrets])).toEqual({ ok: true });
  });

  it("give every copy of a page its own token, even many in one millisecond, each one genuine", () => {
    // The comment form's idempotency key is scoped by this token: two visitors sharing one would lose a comment.
    const tokens = Array.from({ length: 500 }, () => issueUniqueFormToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    const later = new Date(Date.now() + 60_000);
    for (const token of tokens.slice(0, 3))
      expect(checkCommentForm(form({ ...valid(), [FORM_TOKEN_FIELD]: token }), later)).toEqual({ ok: true });
  });
});
