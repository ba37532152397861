import { data } from "@remix-run/node";
import { z } from "zod";
import { IDEMPOTENCY_KEY_FIELD, IDEMPOTENCY_KEY_INVALID_TEXT, parseIdempotencyKey } from "~/lib/idempotency";
import type { Translate } from "~/lib/language";

/** Messages as they are written (English): for a caller that has no reader to word them for. */
const asWritten: Translate = (key) => String(key);

/** What a form shows under each field: the messages for that field, by its name. */
export type FieldErrors<T> = { [K in keyof T]?: string[] };

/** A form sent back to be mended: what was typed, what is wrong with each field, and what is wrong with the form as a whole. */
export type FormRefusal<V, D = V> = { values: V; fieldErrors: FieldErrors<D>; formError?: string };

export type CheckedFields<S extends z.ZodType> =
  { ok: true; data: z.output<S> } | { ok: false; fieldErrors: FieldErrors<z.output<S>>; message: string | undefined };

/**
 * `values` checked against `schema`: the parsed data, or the messages by field
 * (and the first message, for a form that shows one line), worded by `t`
 * (the request's, `requestT(request)`): a schema writes its messages with
 * `msg("…")`. Without `t` they are given as written.
 */
export function checkFields<S extends z.ZodType>(schema: S, values: unknown, t: Translate = asWritten): CheckedFields<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const first = parsed.error.issues[0];
  return {
    ok: false,
    fieldErrors: z.flattenError(parsed.error, (issue) => t(issue.message)).fieldErrors as FieldErrors<z.output<S>>,
    message: first ? t(first.message) : undefined,
  };
}

export type ParsedForm<S extends z.ZodType, V> =
  | { ok: true; data: z.output<S>; values: V; idempotencyKey: string | null }
  | ({ ok: false; answer: ReturnType<typeof data<FormRefusal<V, z.output<S>>>> } & FormRefusal<V, z.output<S>>);

/**
 * One step of every form action: the typed `values` checked against `schema`,
 * then (with `idempotencyKey`) the form's hidden idempotency key. It gives the
 * data and the key, or the refusal (the typed values, the messages by field
 * and the form's message) and its 400 answer, the shape the pages read, so
 * nothing the hunter typed is lost. Its messages are worded by `options.t`
 * (`requestT(request)`), else given as written. Same-origin is checked by
 * `requireSameOrigin` (./csrf.server) first thing in the action, before the
 * form is read.
 */
export function parseForm<S extends z.ZodType, V>(
  form: FormData,
  schema: S,
  values: V,
  options: { idempotencyKey?: boolean; t?: Translate } = {},
): ParsedForm<S, V> {
  const t = options.t ?? asWritten;
  const refuse = (refusal: FormRefusal<V, z.output<S>>) => ({ ok: false as const, ...refusal, answer: data(refusal, { status: 400 }) });
  const checked = checkFields(schema, values, t);
  if (!checked.ok) return refuse({ values, fieldErrors: checked.fieldErrors });
  const key = options.idempotencyKey ? parseIdempotencyKey(form.get(IDEMPOTENCY_KEY_FIELD)) : null;
  if (key === "invalid") return refuse({ values, fieldErrors: {}, formError: t(IDEMPOTENCY_KEY_INVALID_TEXT) });
  return { ok: true, data: checked.data, values, idempotencyKey: key };
}
