import { FILE_TOO_LARGE_TEXT } from "~/lib/uploads";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { ScanProofUsedError } from "~/models/scan-proofs.server";
import { SCAN_PROOF_USED_TEXT } from "~/services/possession.server";
import type { z } from "zod";
import type { ReportFieldsSchema } from "~/lib/report-schema";
import { findReportedOutcome, JimmyNotFoundError, reportGuard, type ReportOutcome } from "~/services/reporting.server";
import type { IdempotencyGuard } from "~/models/idempotency.server";
import type { DB } from "~/infra/db.server";
import { apiError, apiJson, REPLAYED_HEADERS } from "./api.server";
import { UnknownPlaceError } from "~/services/geo.server";
import { UnsupportedPhotoError } from "~/services/images.server";
import { getStorage, ObjectTooLargeError, StorageUnavailableError } from "~/infra/storage.server";
import { UploadRejectedError } from "~/services/uploads.server";
import { submitReport, type SubmissionResult } from "~/services/report-submission.server";
import { possessionRefusalJson } from "./possession.server";
import { rateLimitedJson } from "./rate-limit.server";
import { isAdmin } from "./session.server";
import { requestT } from "./language.server";
import { msg, type Translate } from "~/lib/language";
import { unknownPlaceText } from "~/lib/report-form";

export const STORAGE_DOWN_TEXT = msg(
  "We couldn't save your photo because our photo storage isn't answering. Nothing was recorded — please try again in a minute.",
);

/**
 * What a failed report tells the hunter, and with which status, and whether
 * the temporary upload is worth keeping: a photo that was refused can never
 * be published, so it is dropped at once instead of waiting for the sweeper;
 * one that storage could not read may work on a retry. Errors that are not
 * the hunter's to fix are rethrown (they are bugs).
 */
export function describeReportError(error: unknown, t: Translate): { status: number; message: string; discardUpload: boolean } {
  if (error instanceof IdempotencyKeyReusedError) return { status: 422, message: t(error.message), discardUpload: false };
  if (error instanceof ScanProofUsedError) return { status: 400, message: t(SCAN_PROOF_USED_TEXT), discardUpload: false };
  if (error instanceof JimmyNotFoundError) {
    return { status: 404, message: t("There is no Jimmy #{serial}.", { serial: String(error.serial) }), discardUpload: false };
  }
  // The photo is fine: kept, so the mended report sends it again without a new upload.
  if (error instanceof UnknownPlaceError) {
    return { status: 400, message: unknownPlaceText(error.typed, error.canMeasure, t), discardUpload: false };
  }
  // Its message is one of the service's (app/services/uploads.server.ts), English as the catalogue keys it.
  if (error instanceof UploadRejectedError) return { status: error.status, message: t(error.message), discardUpload: true };
  if (error instanceof UnsupportedPhotoError) return { status: 415, message: t(error.source, error.values), discardUpload: true };
  if (error instanceof ObjectTooLargeError) {
    return { status: 413, message: t(FILE_TOO_LARGE_TEXT), discardUpload: true };
  }
  if (error instanceof StorageUnavailableError) {
    return { status: 503, message: t(STORAGE_DOWN_TEXT), discardUpload: false };
  }
  throw error;
}

/**
 * The JSON API's answer to a report that repeats one already recorded under
 * its key (201, `Idempotent-Replayed`), or to a key sent again with another
 * report (422); null when the report is new.
 */
async function repeatedReport(
  db: DB,
  guard: IdempotencyGuard | null,
  body: (outcome: ReportOutcome) => Record<string, unknown>,
  t: Translate,
): Promise<Response | null> {
  try {
    const outcome = await findReportedOutcome(db, guard);
    return outcome ? apiJson(body(outcome), { status: 201, headers: REPLAYED_HEADERS }) : null;
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) return apiError(422, t(error.message));
    throw error;
  }
}

/**
 * The JSON API's answer to a report submitted (201 with `body`, and
 * `Idempotent-Replayed` for a repeat), or to its refusal: possession first,
 * then the place, the hunter's limit, or what publishing failed on.
 */
function apiReportAnswer(result: SubmissionResult, body: (outcome: ReportOutcome) => Record<string, unknown>, t: Translate): Response {
  switch (result.status) {
    case "recorded":
      return apiJson(body(result.outcome), { status: 201, headers: result.outcome.replayed ? REPLAYED_HEADERS : {} });
    case "refused":
      if (!result.possession.ok) return possessionRefusalJson(result.possession, t);
      return apiError(
        400,
        `location: ${result.unknownPlace ? unknownPlaceText(result.unknownPlace.typed, result.unknownPlace.canMeasure, t) : ""}`,
      );
    case "invalid":
      // The API's body schema refuses bad fields before a report is submitted.
      return result.possession.ok ? apiError(400, "The report is not valid.") : possessionRefusalJson(result.possession, t);
    case "limited":
      return rateLimitedJson("reportPerHunter", result.limit, t);
    case "failed": {
      const { status, message } = describeReportError(result.error, t);
      return apiError(status, message);
    }
  }
}

/**
 * A report sent to the JSON API by a signed-in hunter, answered: a repeat of
 * one already recorded under its key answers first (its scan proof was used up
 * by the report it repeats); a new one is submitted, then answered with `body`
 * or refused. Admins report without the label's code.
 */
export async function answerApiReport(
  request: Request,
  db: DB,
  input: {
    userId: number;
    serial: number;
    idempotencyKey: string | null;
    requestHash: string;
    fields: z.output<typeof ReportFieldsSchema>;
    caption: string | null;
    wantsFirst: boolean;
  },
  body: (outcome: ReportOutcome) => Record<string, unknown>,
): Promise<Response> {
  const { userId, idempotencyKey, requestHash, fields } = input;
  const replayed = await repeatedReport(db, reportGuard(userId, idempotencyKey, requestHash), body, requestT(request));
  if (replayed) return replayed;
  const result = await submitReport(db, getStorage(), {
    userId,
    serial: input.serial,
    codeExempt: await isAdmin(request, { db }),
    proof: fields.proof,
    checkCode: fields.checkCode,
    report: {
      tempPath: fields.tempPath,
      caption: input.caption,
      location: fields.location ?? null,
      latitude: fields.latitude,
      longitude: fields.longitude,
      precision: fields.precision,
      wantsFirst: input.wantsFirst,
      idempotencyKey,
      requestHash,
    },
  });
  return apiReportAnswer(result, body, requestT(request));
}
