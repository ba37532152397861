import type { ActionFunctionArgs } from "@remix-run/node";
import { DEFAULT_CAPTION } from "~/lib/discoveries";
import { ReportFieldsSchema } from "~/lib/report-schema";
import { parseSerial } from "~/lib/serial";
import { apiError, apiJson, readIdempotencyKey, readJson, REPLAYED_HEADERS, requireApiMutation, requireApiUser } from "~/web/api.server";
import { getDb } from "~/infra/db.server";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { apiPossessionRefusal } from "~/web/possession.server";
import { consumeHunterLimit } from "~/services/rate-limit.server";
import { rateLimitedJson } from "~/web/rate-limit.server";
import { describeReportError, repeatedReport, unknownPlaceMessage } from "~/web/report-errors.server";
import { reportDiscovery, reportGuard, reportRequestFields } from "~/services/reporting.server";
import { hashRequest } from "~/web/request-hash.server";
import { getStorage } from "~/infra/storage.server";
import { discardUpload } from "~/services/uploads.server";

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
  // A repeat answers first: its scan proof was used up by the report it repeats.
  const replayed = await repeatedReport(db, reportGuard(user.id, idempotencyKey, requestHash), (outcome) => ({
    id: outcome.discoveryId,
    isFirst: outcome.isFirst,
    wasAlreadyFound: outcome.wasAlreadyFound,
  }));
  if (replayed) return replayed;
  const refusal = await apiPossessionRefusal(request, db, { serial, userId: user.id, proof: body.proof, checkCode: body.checkCode });
  if (refusal) return refusal;
  const unknownPlace = await unknownPlaceMessage(body);
  if (unknownPlace) return apiError(400, `location: ${unknownPlace}`);
  const limit = await consumeHunterLimit(db, "reportPerHunter", user.id);
  if (!limit.allowed) return rateLimitedJson("reportPerHunter", limit);
  const storage = getStorage();
  try {
    const outcome = await reportDiscovery(db, storage, {
      userId: user.id,
      serialNumber: serial,
      tempPath: body.tempPath,
      caption: DEFAULT_CAPTION,
      location: body.location ?? null,
      latitude: body.latitude,
      longitude: body.longitude,
      precision: body.precision,
      wantsFirst: true,
      idempotencyKey,
      requestHash,
      scanProof: body.proof,
    });
    return apiJson(
      { id: outcome.discoveryId, isFirst: outcome.isFirst, wasAlreadyFound: outcome.wasAlreadyFound },
      { status: 201, headers: outcome.replayed ? REPLAYED_HEADERS : {} },
    );
  } catch (error) {
    const { status, message, discardUpload: refused } = describeReportError(error);
    if (refused) await discardUpload(db, storage, user.id, body.tempPath);
    return apiError(status, message);
  }
}

export function loader() {
  return apiError(405, "Use POST to report a first discovery.");
}
