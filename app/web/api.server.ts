import { z } from "zod";
import type { DB } from "~/infra/db.server";
import { MAX_ROW_ID } from "~/lib/ids";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_INVALID_TEXT, parseIdempotencyKey } from "~/lib/idempotency";
import { requireSameOrigin } from "./csrf.server";
import { BodyTooLargeError, readBoundedBody } from "./form.server";
import { requestT } from "./language.server";
import { getUser, isAdmin, type SessionUser } from "./session.server";

/**
 * The JSON API's conventions (docs/api.md): errors are `{ message }` with a
 * 4xx status, so a client's "status: body" text reads well; answers are never
 * cached by intermediaries. The message a hunter may read is worded in the
 * request's language (requestT); the admin API's stay English.
 */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({ message, ...extra }, { status, headers: { "Cache-Control": "no-store" } });
}

export function apiJson(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/** The signed-in hunter, or a thrown 401 (an API client is not redirected to a page). */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  const t = requestT(request);
  if (!user) throw apiError(401, t("Sign in to do this."));
  return user;
}

/** Every API mutation: from this site (or a non-browser client), before anything else. */
export function requireApiMutation(request: Request): void {
  try {
    requireSameOrigin(request);
  } catch {
    const t = requestT(request);
    throw apiError(403, t("This request came from another site, so it was refused."));
  }
}

const DiscoveryIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/**
 * An admin API mutation of one discovery (`/api/admin/discoveries/:id…`):
 * from this site, with an admin session, with a well-formed id — the id, or
 * a thrown 403 or 400.
 */
export async function requireAdminApiDiscoveryId(request: Request, db: DB, idParam: string | undefined): Promise<number> {
  requireApiMutation(request);
  if (!(await isAdmin(request, { db }))) throw apiError(403, "This needs an admin session.");
  const id = DiscoveryIdSchema.safeParse(idParam);
  if (!id.success) throw apiError(400, "The discovery id must be a positive whole number.");
  return id.data;
}

/** The request's `Idempotency-Key` header (docs/api.md), null without one; a malformed key is a thrown 400. */
export function readIdempotencyKey(request: Request): string | null {
  const key = parseIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER));
  // Worded once app/lib/idempotency.ts marks it with msg(); English until then.
  if (key === "invalid") throw apiError(400, requestT(request)(IDEMPOTENCY_KEY_INVALID_TEXT));
  return key;
}

/** Marks an answer that repeats the first answer to the same idempotency key. */
export const REPLAYED_HEADERS = { "Idempotent-Replayed": "true" } as const;

const MAX_JSON_BYTES = 64 * 1024;

/**
 * Reads a JSON body of at most 64 KB with a JSON content type and checks it
 * against `schema`; anything else is a thrown 4xx with a message naming the
 * problem.
 */
export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const t = requestT(request);
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw apiError(415, t("Send the body as JSON (Content-Type: application/json)."));
  let text: string;
  try {
    text = (await readBoundedBody(request, MAX_JSON_BYTES)).toString("utf8");
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw apiError(413, t("The request body is too large."));
    throw apiError(400, t("The request body could not be read."));
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, t("The request body is not valid JSON."));
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw apiError(400, t("The request body must be a JSON object."));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".");
    // A schema's own message is written with msg() (or is zod's, shown as it is), worded here; `{max}`/`{min}` are its limit.
    const message = issue ? t(issue.message, issueLimits(issue)) : t("Invalid request body.");
    throw apiError(400, field ? t("{field}: {message}", { field, message }) : message);
  }
  return parsed.data;
}

/** A too-long or too-short issue's limit, for the placeholders of its message. */
function issueLimits(issue: z.core.$ZodIssue): Record<string, number> {
  const limits: Record<string, number> = {};
  if ("maximum" in issue) limits.max = Number(issue.maximum);
  if ("minimum" in issue) limits.min = Number(issue.minimum);
  return limits;
}
