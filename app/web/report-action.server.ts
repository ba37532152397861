import { data, redirect, type HeadersFunction } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_INVALID_TEXT,
  IDEMPOTENCY_KEY_REUSED_FORM_TEXT,
  parseIdempotencyKey,
} from "~/lib/idempotency";
import { IdempotencyKeyReusedError } from "~/models/idempotency.server";
import { ScanProofUsedError } from "~/models/scan-proofs.server";
import { jimmyPath } from "~/lib/discoveries";
import {
  HUNTER_FIELD,
  OTHER_HUNTER_TEXT,
  reportFormPath,
  reportFormSchema,
  unknownPlaceText,
  type ReportActionResult,
  type ReportFormFields,
  type ReportFormKind,
  type ReportFormValues,
} from "~/lib/report-form";
import { parseSerial } from "~/lib/serial";
import { findJimmyBySerial } from "~/models/jimmys.server";
import { requireSameOrigin } from "./csrf.server";
import { isDatabaseBusy } from "~/infra/db-busy.server";
import { DATABASE_BUSY_TEXT } from "./domain-errors.server";
import { getDb } from "~/infra/db.server";
import { flashHeader } from "./flash.server";
import { readPhotoForm } from "./photo-form.server";
import { rateLimitedText } from "~/services/rate-limit.server";
import { retryAfterHeaders } from "./rate-limit.server";
import { describeReportError } from "./report-errors.server";
import { findReportedOutcome, JimmyNotFoundError, reportGuard, reportRequestFields, type ReportOutcome } from "~/services/reporting.server";
import {
  possessionMessage,
  SCAN_PROOF_EXPIRED_TEXT,
  SCAN_PROOF_USED_TEXT,
  isValidScanProof,
  scanProofHolds,
} from "~/services/possession.server";
import { requestT } from "./language.server";
import type { Translate } from "~/lib/language";
import { hashRequest } from "./request-hash.server";
import { possessionHeaders, possessionStatus } from "./possession.server";
import { isAdmin, requireUser } from "./session.server";
import { getStorage } from "~/infra/storage.server";
import { discardUpload } from "~/services/uploads.server";
import { submitReport } from "~/services/report-submission.server";

/**
 * The Jimmy a form page is for, or 404; a hunter must be signed in to see the
 * form. With it, how the form proves possession: the scan proof the hunter
 * arrived with from /q/… or /scan (`?proof=`), if it holds for this Jimmy and
 * hunter, or none (the form asks for the code, and says why when a proof was
 * given: expired, for another Jimmy, or already used); an admin needs neither.
 */
export async function loadReportForm(request: Request, serialParam: string | undefined, kind: "first" | "new") {
  const t = requestT(request);
  const serial = parseSerial(serialParam);
  if (serial === null) throw new Response(t("There is no Jimmy at this address."), { status: 404 });
  const url = new URL(request.url);
  const user = await requireUser(request, { redirectTo: `${reportFormPath(serial, kind)}${url.search}` });
  const db = getDb();
  const jimmy = await findJimmyBySerial(db, serial);
  if (!jimmy) throw new Response(t("There is no Jimmy #{serial}.", { serial: String(serial) }), { status: 404 });
  const given = url.searchParams.get("proof") ?? "";
  const proof = given && (await scanProofHolds(db, given, serial, user.id)) ? given : "";
  const codeExempt = await isAdmin(request, { db });
  const proofRefusal =
    !given || proof || codeExempt ? null : isValidScanProof(given, serial, user.id) ? t(SCAN_PROOF_USED_TEXT) : t(SCAN_PROOF_EXPIRED_TEXT);
  return { jimmy, proof, codeExempt, proofRefusal };
}

/** The report pages' answer headers: a refusal for going too fast says when to try again. */
export const reportFormHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** A key for one rendered report form (docs/api.md): unguessable, and fresh for every render. */
export const issueIdempotencyKey = () => randomUUID();

type Failure = Extract<ReportActionResult, { ok: false }>;

function failure(
  status: number,
  values: ReportFormValues,
  fieldErrors: Failure["fieldErrors"],
  formError: string | null = null,
  headers?: HeadersInit,
) {
  return data<ReportActionResult>({ ok: false, fieldErrors, formError, values }, { status, headers });
}

/**
 * A refused upload or photo as the form shows it: storage trouble is a
 * form-level message and keeps the upload for a retry; anything the hunter
 * can fix goes beside the photo field. Bugs are rethrown.
 */
function photoProblem(error: unknown, t: Translate): { status: number; field?: string; form?: string; keepUpload: boolean } {
  if (isDatabaseBusy(error)) return { status: 503, form: t(DATABASE_BUSY_TEXT), keepUpload: true };
  const { status, message, discardUpload: refused } = describeReportError(error, t);
  if (!refused) return { status, form: message, keepUpload: true };
  return { status: 400, field: message, keepUpload: false };
}

/**
 * The action behind all three discovery forms: the two pages and the Jimmy
 * page's modal (which posts to the new-discovery page with `_form=modal`).
 * A posted photo is streamed into a temporary upload first; a browser that
 * uploaded it itself sends the temporary key instead. Then the report is
 * validated and published; on success the hunter lands on the Jimmy's page
 * with a flash (the modal stays and gets the flash with its data).
 *
 * The form's idempotency key is looked up before the photo is checked: a
 * repeat (Back and submit again, a retry after a lost answer) gets the same
 * success as the first, and the upload it carries again is dropped.
 */
export async function reportDiscoveryAction(request: Request, serialParam: string | undefined, page: "first" | "new") {
  requireSameOrigin(request);
  const t = requestT(request);
  const serial = parseSerial(serialParam);
  if (serial === null) throw new Response(t("There is no Jimmy at this address."), { status: 404 });
  const user = await requireUser(request, { redirectTo: reportFormPath(serial, page) });
  const db = getDb();
  const storage = getStorage();
  const jimmy = await findJimmyBySerial(db, serial);
  if (!jimmy) throw new Response(t("There is no Jimmy #{serial}.", { serial: String(serial) }), { status: 404 });

  const { fields, photo } = await readPhotoForm(request, db, storage, user.id);
  const kind: ReportFormKind = page === "new" && fields._form === "modal" ? "modal" : page;
  const values: ReportFormValues = {
    caption: kind === "first" ? "" : (fields.caption ?? ""),
    location: fields.location ?? "",
    latitude: fields.latitude ?? "",
    longitude: fields.longitude ?? "",
    precision: fields.precision === "approximate" ? "approximate" : "exact",
    tempPath: fields.tempPath ?? "",
    checkCode: fields.checkCode ?? "",
    proof: fields.proof ?? "",
  };

  const idempotencyKey = parseIdempotencyKey(fields[IDEMPOTENCY_KEY_FIELD]);
  const freshUpload = photo && "tempPath" in photo ? photo.tempPath : null;
  const dropFreshUpload = async () => {
    if (freshUpload) await discardUpload(db, storage, user.id, freshUpload);
  };
  // A form (or an outbox report) filled in by another hunter on this device is never recorded as this one's.
  const filledBy = fields[HUNTER_FIELD];
  if (filledBy !== undefined && filledBy !== String(user.id)) {
    await dropFreshUpload();
    return failure(409, { ...values, tempPath: "" }, {}, t(OTHER_HUNTER_TEXT));
  }
  if (idempotencyKey === "invalid") {
    await dropFreshUpload();
    return failure(400, { ...values, tempPath: freshUpload ? "" : values.tempPath }, {}, t(IDEMPOTENCY_KEY_INVALID_TEXT));
  }
  // What this report says, so its key sent again with another report is refused (ADR 009).
  const requestHash = hashRequest(request, reportRequestFields(values));
  let recorded: ReportOutcome | null;
  try {
    recorded = await findReportedOutcome(db, reportGuard(user.id, idempotencyKey, requestHash));
  } catch (error) {
    await dropFreshUpload();
    const { status, message } = describeReportError(error, t);
    const text = error instanceof IdempotencyKeyReusedError ? t(IDEMPOTENCY_KEY_REUSED_FORM_TEXT) : message;
    return failure(status, { ...values, tempPath: freshUpload ? "" : values.tempPath }, {}, text);
  }
  if (recorded) {
    await dropFreshUpload();
    return reported(serial, kind, recorded, t);
  }

  if (photo) {
    if ("error" in photo) {
      const problem = photoProblem(photo.error, t);
      return failure(problem.status, { ...values, tempPath: "" }, problem.field ? { photo: problem.field } : {}, problem.form ?? null);
    }
    values.tempPath = photo.tempPath;
  }

  const parsed = reportFormSchema(kind).safeParse({
    tempPath: values.tempPath,
    caption: kind === "first" ? undefined : values.caption,
    location: values.location,
    latitude: values.latitude,
    longitude: values.longitude,
    precision: values.precision,
  });
  const result = await submitReport(db, storage, {
    userId: user.id,
    serial,
    // An admin may report or correct on a hunter's behalf without the label (docs/security.md).
    codeExempt: await isAdmin(request, { db }),
    proof: values.proof,
    checkCode: values.checkCode,
    report: parsed.success
      ? {
          tempPath: parsed.data.tempPath,
          caption: parsed.data.caption,
          location: parsed.data.location,
          latitude: parsed.data.latitude,
          longitude: parsed.data.longitude,
          precision: parsed.data.precision,
          wantsFirst: kind === "first",
          idempotencyKey,
          requestHash,
        }
      : null,
    everyRefusal: true,
  });
  // A proof that did not hold is dropped, so the form asks for the code instead.
  if ((result.status === "invalid" || result.status === "refused") && !result.possession.ok) values.proof = "";

  switch (result.status) {
    case "recorded":
      return reported(serial, kind, result.outcome, t);
    case "invalid": {
      const errors = parsed.success ? {} : z.flattenError(parsed.error).fieldErrors;
      const fieldErrors: Failure["fieldErrors"] = {};
      if (errors.tempPath?.[0]) fieldErrors.photo = t(errors.tempPath[0]);
      for (const field of ["caption", "location"] as const satisfies ReportFormFields[]) {
        const message = errors[field]?.[0] ?? (field === "location" ? (errors.latitude?.[0] ?? errors.longitude?.[0]) : undefined);
        if (message) fieldErrors[field] = t(message);
      }
      if (!result.possession.ok) fieldErrors.checkCode = possessionMessage(result.possession, t);
      return failure(400, values, fieldErrors);
    }
    case "refused": {
      const { possession, unknownPlace } = result;
      if (unknownPlace)
        return failure(400, values, {
          location: unknownPlaceText(unknownPlace.typed, unknownPlace.canMeasure, t),
          ...(possession.ok ? {} : { checkCode: possessionMessage(possession, t) }),
        });
      if (possession.ok) throw new Error("A refused report names what was refused.");
      return failure(
        possessionStatus(possession),
        values,
        { checkCode: possessionMessage(possession, t) },
        null,
        possessionHeaders(possession),
      );
    }
    case "limited":
      // The upload is kept, so trying later needs no new one.
      return failure(429, values, {}, rateLimitedText("reportPerHunter", result.limit, t), retryAfterHeaders(result.limit));
    case "failed": {
      const { error, uploadDiscarded } = result;
      if (error instanceof JimmyNotFoundError)
        throw new Response(t("There is no Jimmy #{serial}.", { serial: String(serial) }), { status: 404 });
      // Another report used the same scan proof a moment before: the form asks for the code instead.
      if (error instanceof ScanProofUsedError) return failure(400, { ...values, proof: "" }, { checkCode: t(SCAN_PROOF_USED_TEXT) });
      if (error instanceof IdempotencyKeyReusedError) return failure(422, values, {}, t(IDEMPOTENCY_KEY_REUSED_FORM_TEXT));
      const problem = photoProblem(error, t);
      return failure(
        problem.status,
        { ...values, tempPath: uploadDiscarded ? "" : values.tempPath },
        problem.field ? { photo: problem.field } : {},
        problem.form ?? null,
      );
    }
  }
}

/** The answer to a recorded report, the first time or a repeat: the hunter is told it was recorded. */
async function reported(serial: number, kind: ReportFormKind, outcome: ReportOutcome, t: Translate) {
  const db = getDb();
  let toast;
  if (outcome.isFirst) {
    toast = {
      title: t("Discovery submitted!"),
      description: t("Jimmy has been officially discovered and added to the hunt"),
      variant: "success" as const,
    };
  } else if (outcome.wasAlreadyFound) {
    const count = (await findJimmyBySerial(db, serial))?.discovery_count ?? 2;
    toast = {
      title: t("Success!"),
      description: t(
        "Your discovery of Jimmy #{serial} has been recorded! Someone else reported its first discovery just before you, so yours is its {count, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}.",
        { serial: String(serial), count },
      ),
      variant: "success" as const,
    };
  } else {
    toast = {
      title: t("Success!"),
      description: t("Your discovery of Jimmy #{serial} has been recorded!", { serial: String(serial) }),
      variant: "success" as const,
    };
  }
  const headers = { "Set-Cookie": await flashHeader(toast) };
  if (kind === "modal") {
    return data<ReportActionResult>({ ok: true, discoveryId: outcome.discoveryId, serialNumber: serial }, { headers });
  }
  return redirect(jimmyPath(serial), { headers });
}
