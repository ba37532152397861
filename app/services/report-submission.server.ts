import type { DB } from "~/infra/db.server";
import { ObjectTooLargeError, type Storage } from "~/infra/storage.server";
import type { LocationInput } from "~/lib/places";
import { resolvePublishedPlace, UnknownPlaceError } from "./geo.server";
import { UnsupportedPhotoError } from "./images.server";
import { verifyPossession, type PossessionCheck } from "./possession.server";
import { consumeHunterLimit, type RateLimitResult } from "./rate-limit.server";
import { reportDiscovery, type DiscoveryReport, type ReportOutcome } from "./reporting.server";
import { discardUpload, UploadRejectedError } from "./uploads.server";

/** A report as a hunter sends it, through the form or the JSON API, once it reached this far. */
export type ReportSubmission = {
  userId: number;
  serial: number;
  /** An admin may report or correct on a hunter's behalf without the label (docs/security.md). */
  codeExempt: boolean;
  proof?: string | null;
  checkCode?: string | null;
  /** What the discovery will say; null when the sender's own checks of the fields refused them. */
  report: Omit<DiscoveryReport, "userId" | "serialNumber" | "scanProof"> | null;
  /** A form shows every refusal at once (possession and place); the API answers the first. */
  everyRefusal?: boolean;
};

export type SubmissionResult =
  /** Recorded now, or a repeat of one recorded under the same key. */
  | { status: "recorded"; outcome: ReportOutcome }
  /** The fields were refused by the sender; whether possession holds is told beside them. */
  | { status: "invalid"; possession: PossessionCheck }
  /** Possession was not proven, or the place is no place (what UnknownPlaceError's message says, for unknownPlaceText). */
  | { status: "refused"; possession: PossessionCheck; unknownPlace: UnknownPlace | null }
  /** Past the hunter's report limit; the upload is kept for a try later. */
  | { status: "limited"; limit: RateLimitResult }
  /** Publishing failed; a refused photo's upload is already dropped. */
  | { status: "failed"; error: unknown; uploadDiscarded: boolean };

/** A photo that can never be published: its temporary upload is dropped at once instead of waiting for the sweeper. */
export function isRefusedPhoto(error: unknown): boolean {
  return error instanceof UploadRejectedError || error instanceof UnsupportedPhotoError || error instanceof ObjectTooLargeError;
}

/** A typed place the gazetteer does not know: what was typed, and whether the form may offer the current location instead. */
export type UnknownPlace = { typed: string; canMeasure: boolean };

/**
 * Why a report's place is no place (UnknownPlaceError's, worded by unknownPlaceText), or null:
 * asked before the hunter's report limit is counted and the photo is touched.
 */
export async function unknownPlaceMessage(input: LocationInput): Promise<UnknownPlace | null> {
  try {
    await resolvePublishedPlace(input);
    return null;
  } catch (error) {
    if (error instanceof UnknownPlaceError) {
      return { typed: error.typed, canMeasure: error.canMeasure };
    }
    throw error;
  }
}

/**
 * The report use case behind the report pages and both API doors: proof of
 * possession, the place, the per-hunter limit (counted once the report is
 * sound and before the costly part: decoding the photo, notifying finders),
 * then publishing. A photo refused while publishing is discarded; any other
 * failure keeps the upload, so trying again needs no new one. What the
 * answer looks like is the caller's (a page or JSON).
 */
export async function submitReport(db: DB, storage: Storage, submission: ReportSubmission): Promise<SubmissionResult> {
  const { userId, serial, report } = submission;
  const possession: PossessionCheck = submission.codeExempt
    ? { ok: true }
    : await verifyPossession(db, { serial, userId, proof: submission.proof, checkCode: submission.checkCode });
  if (!report) return { status: "invalid", possession };
  if (!possession.ok && !submission.everyRefusal) return { status: "refused", possession, unknownPlace: null };
  const unknownPlace = await unknownPlaceMessage(report);
  if (unknownPlace || !possession.ok) return { status: "refused", possession, unknownPlace };

  const limit = await consumeHunterLimit(db, "reportPerHunter", userId);
  if (!limit.allowed) return { status: "limited", limit };

  try {
    const outcome = await reportDiscovery(db, storage, { ...report, userId, serialNumber: serial, scanProof: submission.proof });
    return { status: "recorded", outcome };
  } catch (error) {
    const refused = isRefusedPhoto(error);
    if (refused) await discardUpload(db, storage, userId, report.tempPath);
    return { status: "failed", error, uploadDiscarded: refused };
  }
}
