import type { DB } from "~/infra/db.server";
import { verifyPossession, type PossessionCheck } from "~/services/possession.server";
import { isAdmin } from "./session.server";

/** The HTTP status a refused proof of possession answers: 429 past a limit, 403 for a wrong code, 400 for a missing or unreadable one. */
export function possessionStatus(check: Exclude<PossessionCheck, { ok: true }>): number {
  return check.reason === "limited" ? 429 : check.reason === "wrong" ? 403 : 400;
}

/** Headers of a refusal past a limit: when to try again. */
export function possessionHeaders(check: Exclude<PossessionCheck, { ok: true }>): Record<string, string> | undefined {
  return check.reason === "limited" ? { "Retry-After": String(check.retryAfterSeconds), "Cache-Control": "no-store" } : undefined;
}

/**
 * The JSON API's proof of possession (docs/api.md): `proof` or `checkCode`
 * in the body, or an admin session. Null when it holds; otherwise the
 * refusal to answer, `{ message, field: "checkCode" }`.
 */
export async function apiPossessionRefusal(
  request: Request,
  db: DB,
  { serial, userId, proof, checkCode }: { serial: number; userId: number; proof?: string | null; checkCode?: string | null },
): Promise<Response | null> {
  if (await isAdmin(request, { db })) return null;
  const check = await verifyPossession(db, { serial, userId, proof, checkCode });
  if (check.ok) return null;
  return Response.json(
    { message: check.message, field: "checkCode" },
    { status: possessionStatus(check), headers: possessionHeaders(check) ?? { "Cache-Control": "no-store" } },
  );
}
