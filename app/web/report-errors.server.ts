import { FILE_TOO_LARGE_TEXT } from "~/lib/uploads";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { ScanProofUsedError } from "~/models/scan-proofs.server";
import { SCAN_PROOF_USED_TEXT } from "~/services/possession.server";
import { findReportedOutcome, JimmyNotFoundError, type ReportOutcome } from "~/services/reporting.server";
import type { IdempotencyGuard } from "~/models/idempotency.server";
import type { DB } from "~/infra/db.server";
import { apiError, apiJson, REPLAYED_HEADERS } from "./api.server";
import type { LocationInput } from "~/lib/places";
import { resolvePublishedPlace, UnknownPlaceError } from "~/services/geo.server";
import { UnsupportedPhotoError } from "~/services/images.server";
import { ObjectTooLargeError, StorageUnavailableError } from "~/infra/storage.server";
import { UploadRejectedError } from "~/services/uploads.server";

export const STORAGE_DOWN_TEXT =
  "We couldn't save your photo because our photo storage isn't answering. Nothing was recorded — please try again in a minute.";

/**
 * What a failed report tells the hunter, and with which status, and whether
 * the temporary upload is worth keeping: a photo that was refused can never
 * be published, so it is dropped at once instead of waiting for the sweeper;
 * one that storage could not read may work on a retry. Errors that are not
 * the hunter's to fix are rethrown (they are bugs).
 */
export function describeReportError(error: unknown): { status: number; message: string; discardUpload: boolean } {
  if (error instanceof IdempotencyKeyReusedError) return { status: 422, message: error.message, discardUpload: false };
  if (error instanceof ScanProofUsedError) return { status: 400, message: SCAN_PROOF_USED_TEXT, discardUpload: false };
  if (error instanceof JimmyNotFoundError) return { status: 404, message: error.message, discardUpload: false };
  // The photo is fine: kept, so the mended report sends it again without a new upload.
  if (error instanceof UnknownPlaceError) return { status: 400, message: error.message, discardUpload: false };
  if (error instanceof UploadRejectedError) return { status: error.status, message: error.message, discardUpload: true };
  if (error instanceof UnsupportedPhotoError) return { status: 415, message: error.message, discardUpload: true };
  if (error instanceof ObjectTooLargeError) {
    return { status: 413, message: FILE_TOO_LARGE_TEXT, discardUpload: true };
  }
  if (error instanceof StorageUnavailableError) {
    return { status: 503, message: STORAGE_DOWN_TEXT, discardUpload: false };
  }
  throw error;
}

/**
 * The JSON API's answer to a report that repeats one already recorded under
 * its key (201, `Idempotent-Replayed`), or to a key sent again with another
 * report (422); null when the report is new.
 */
export async function repeatedReport(
  db: DB,
  guard: IdempotencyGuard | null,
  body: (outcome: ReportOutcome) => Record<string, unknown>,
): Promise<Response | null> {
  try {
    const outcome = await findReportedOutcome(db, guard);
    return outcome ? apiJson(body(outcome), { status: 201, headers: REPLAYED_HEADERS }) : null;
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) return apiError(422, error.message);
    throw error;
  }
}

/**
 * Why a report's place is no place (UnknownPlaceError's message), or null:
 * asked before the hunter's report limit is counted and the photo is touched.
 */
export async function unknownPlaceMessage(input: LocationInput): Promise<string | null> {
  try {
    await resolvePublishedPlace(input);
    return null;
  } catch (error) {
    if (error instanceof UnknownPlaceError) return error.message;
    throw error;
  }
}
