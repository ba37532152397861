import type { ActionFunctionArgs } from "@remix-run/node";
import { DEFAULT_CAPTION } from "~/lib/discoveries";
import { ReportFieldsSchema } from "~/lib/report-schema";
import { parseSerial } from "~/lib/serial";
import { apiError, readIdempotencyKey, readJson, requireApiMutation, requireApiUser } from "~/web/api.server";
import { getDb } from "~/infra/db.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { answerApiReport } from "~/web/report-errors.server";
import { reportRequestFields, type ReportOutcome } from "~/services/reporting.server";
import { hashRequest } from "~/web/request-hash.server";

/**
 * POST /api/jimmys/{serialNumber}/first-discovery (SPEC.md §7): {tempPath,
 * location?, latitude, longitude, checkCode | proof} → the discovery's id. If someone else's
 * first discovery got there first, this one is recorded as a regular one and
 * the answer says so (isFirst: false).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST.");
  requireApiMutation(request);
  const user = await requireApiUser(request);
  const idempotencyKey = readIdempotencyKey(request);
  const serial = parseSerial(params.serialNumber);
  if (serial === null) return apiError(400, "serialNumber must be a Jimmy's number, like 12.");
  const body = await readJson(request, ReportFieldsSchema);
  const db = getDb();
  if (!(await findJimmyBySerial(db, serial))) return apiError(404, `There is no Jimmy #${serial}.`);
  const requestHash = hashRequest(request, reportRequestFields(body));
  const answer = (outcome: ReportOutcome) => ({
    id: outcome.discoveryId,
    isFirst: outcome.isFirst,
    wasAlreadyFound: outcome.wasAlreadyFound,
  });
  return answerApiReport(
    request,
    db,
    { userId: user.id, serial, idempotencyKey, requestHash, fields: body, caption: DEFAULT_CAPTION, wantsFirst: true },
    answer,
  );
}

export function loader() {
  return apiError(405, "Use POST to report a first discovery.");
}
