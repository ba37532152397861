import type { Translate } from "~/lib/language";
import { possessionMessage, type PossessionCheck } from "~/services/possession.server";

/** The HTTP status a refused proof of possession answers: 429 past a limit, 403 for a wrong code, 400 for a missing or unreadable one. */
export function possessionStatus(check: Exclude<PossessionCheck, { ok: true }>): number {
  return check.reason === "limited" ? 429 : check.reason === "wrong" ? 403 : 400;
}

/** Headers of a refusal past a limit: when to try again. */
export function possessionHeaders(check: Exclude<PossessionCheck, { ok: true }>): Record<string, string> | undefined {
  return check.reason === "limited" ? { "Retry-After": String(check.retryAfterSeconds), "Cache-Control": "no-store" } : undefined;
}

/** The JSON API's refusal of a proof of possession (docs/api.md): `{ message, field: "checkCode" }`. */
export function possessionRefusalJson(check: Exclude<PossessionCheck, { ok: true }>, t: Translate): Response {
  return Response.json(
    { message: possessionMessage(check, t), field: "checkCode" },
    { status: possessionStatus(check), headers: possessionHeaders(check) ?? { "Cache-Control": "no-store" } },
  );
}
