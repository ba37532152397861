import { describe, expect, it } from "vitest";
import { z } from "zod";
import { IDEMPOTENCY_KEY_INVALID_TEXT } from "~/lib/idempotency";
import { checkFields, parseForm } from "./form-action.server";
import { readForm } from "./form.server";

const Schema = z.object({
  title: z.string().trim().min(1, "Give it a title."),
  count: z.coerce.number().int("Count whole things.").min(1, "At least one."),
});

async function sent(fields: Record<string, string>): Promise<FormData> {
  const request = new Request("http://localhost/things", { method: "POST", body: new URLSearchParams(fields) });
  return readForm(request);
}

function typed(form: FormData) {
  return { title: String(form.get("title") ?? ""), count: String(form.get("count") ?? "") };
}

describe("parseForm", () => {
  it("gives the parsed data, the typed values and the idempotency key of a good form", async () => {
    const form = await sent({ title: " Lamp ", count: "3", idempotencyKey: "key-0123456789abcdef" });
    const parsed = parseForm(form, Schema, typed(form), { idempotencyKey: true });
    expect(parsed).toEqual({
      ok: true,
      data: { title: "Lamp", count: 3 },
      values: { title: " Lamp ", count: "3" },
      idempotencyKey: "key-0123456789abcdef",
    });
  });

  it("answers a bad form with 400, what was typed and each field's message", async () => {
    const form = await sent({ title: "  ", count: "1.5" });
    const parsed = parseForm(form, Schema, typed(form));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({ title: ["Give it a title."], count: ["Count whole things."] });
    expect(parsed.answer.init?.status).toBe(400);
    expect(parsed.answer.data).toEqual({
      values: { title: "  ", count: "1.5" },
      fieldErrors: { title: ["Give it a title."], count: ["Count whole things."] },
    });
  });

  it("refuses a key in the wrong shape with the form's message, keeping what was typed", async () => {
    const form = await sent({ title: "Lamp", count: "2", idempotencyKey: "short" });
    const parsed = parseForm(form, Schema, typed(form), { idempotencyKey: true });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.answer.init?.status).toBe(400);
    expect(parsed.answer.data).toEqual({
      values: { title: "Lamp", count: "2" },
      fieldErrors: {},
      formError: IDEMPOTENCY_KEY_INVALID_TEXT,
    });
  });

  it("takes a form without a key as a form without one, and ignores the key unless asked", async () => {
    const form = await sent({ title: "Lamp", count: "2", idempotencyKey: "short" });
    const parsed = parseForm(form, Schema, typed(form));
    expect(parsed.ok && parsed.idempotencyKey).toBeNull();
    const keyless = await sent({ title: "Lamp", count: "2" });
    const withoutKey = parseForm(keyless, Schema, typed(keyless), { idempotencyKey: true });
    expect(withoutKey.ok && withoutKey.idempotencyKey).toBeNull();
  });
});

describe("checkFields", () => {
  it("gives the first message for a form that shows one line", () => {
    const checked = checkFields(z.enum(["keep", "upload"], { error: "Choose a photo." }), "other");
    expect(checked).toEqual({ ok: false, fieldErrors: {}, message: "Choose a photo." });
  });
});
