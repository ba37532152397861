/**
 * What happens to a report once its form is valid, with JavaScript: the photo
 * is downscaled and uploaded straight to storage (retrying a dropped
 * connection), or, when the connection is gone, the report waits in the
 * device's outbox. Also the device's position, for "Use current location". DiscoveryForm loads this when the hunter starts filling the
 * form in, so the page's first load does not carry it, and it is on the
 * device before the connection can drop.
 */
import { queueReport, type OutboxHunter } from "./outbox";
import { preparePhoto, UploadError, uploadPhoto, type PreparedPhoto } from "./photo-upload";
import type { ReportFormKind } from "~/lib/report-form";
import { msg, type MessageKey } from "~/lib/language";

export type Position = { latitude: number; longitude: number };
/** Message keys (msg()): the form words them with its `t`. */
export type LocationToast = { title: MessageKey; description: MessageKey };
export const LOCATION_UNSUPPORTED: LocationToast = {
  title: msg("Location not supported"),
  description: msg("Please enter your location manually"),
};
export type SendStep = { step: "preparing" } | { step: "uploading"; progress: number; retry: number };

export type PreparedReport =
  /** The body to post: the photo is in storage, named by its temporary key. */
  | { outcome: "ready"; body: FormData; tempPath: string }
  /** Offline, or the upload could not get through: the report is in the outbox. */
  | { outcome: "queued" }
  /** The photo was refused (or could not be read); nothing was sent. The message is for `t`: a key, or the server's words. */
  | { outcome: "failed"; message: MessageKey };

/**
 * What the hunter is told when a save's answer never came: the server may
 * have recorded it, so not "nothing was recorded"; the report's key makes
 * sending it again safe.
 */
export function lostReportText(offline: boolean): MessageKey {
  return offline
    ? msg(
        "You're offline: it may not have been saved. It waits in your outbox and will be sent once you're back online; sending it again is safe, it won't be recorded twice.",
      )
    : msg(
        "Connection lost: it may not have been saved. It waits in your outbox and will be sent once you're back online; sending it again is safe, it won't be recorded twice.",
      );
}

/** A save whose answer was lost waits in the outbox too: its photo is already in storage, and its key is kept. */
export function queueLostReport(report: {
  action: string;
  kind: ReportFormKind;
  hunter: OutboxHunter | null;
  body: FormData;
  tempPath: string;
}) {
  return queueReport({ ...report, photo: null });
}

export async function prepareReport({
  form,
  file,
  tempPath,
  coordinates,
  action,
  kind,
  hunter,
  onStep,
}: {
  form: HTMLFormElement;
  /** The chosen photo, or null when `tempPath` already holds it. */
  file: File | null;
  tempPath: string;
  coordinates: Position | null;
  action: string;
  kind: ReportFormKind;
  /** Who fills the form in: the outbox sends the report only while they are signed in. */
  hunter: OutboxHunter | null;
  onStep: (step: SendStep) => void;
}): Promise<PreparedReport> {
  const queue = async (photo: PreparedPhoto | null, kept: string): Promise<PreparedReport> => {
    await queueReport({ action, kind, hunter, body: reportBody(form, kept, coordinates), photo, tempPath: kept });
    return { outcome: "queued" };
  };

  let uploaded = tempPath;
  if (file) {
    let prepared: PreparedPhoto | null = null;
    try {
      onStep({ step: "preparing" });
      prepared = await preparePhoto(file);
      if (!navigator.onLine) return await queue(prepared, "");
      let retry = 0;
      onStep({ step: "uploading", progress: 0, retry });
      uploaded = await uploadPhoto(
        prepared,
        (progress) => onStep({ step: "uploading", progress, retry }),
        (attempt) => onStep({ step: "uploading", progress: 0, retry: (retry = attempt) }),
      );
    } catch (error) {
      if (prepared && error instanceof UploadError && error.retryable) return await queue(prepared, "");
      return {
        outcome: "failed",
        message: error instanceof UploadError ? error.words : msg("Your photo could not be uploaded. Please try again."),
      };
    }
  }
  if (!navigator.onLine) return await queue(null, uploaded);
  return { outcome: "ready", body: reportBody(form, uploaded, coordinates), tempPath: uploaded };
}

/**
 * The device's position (SPEC.md §4), rounded to six decimals, or the toast
 * that asks the hunter to type the place instead.
 */
export function locate(): Promise<Position | { cannot: LocationToast }> {
  return new Promise((resolve) => {
    if (!("geolocation" in navigator)) return resolve({ cannot: LOCATION_UNSUPPORTED });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: Math.round(coords.latitude * 1e6) / 1e6, longitude: Math.round(coords.longitude * 1e6) / 1e6 }),
      () =>
        resolve({
          cannot: {
            title: msg("Location access denied"),
            description: msg("Please enter your location manually or allow location access"),
          },
        }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

function reportBody(form: HTMLFormElement, tempPath: string, coordinates: Position | null): FormData {
  const body = new FormData(form);
  body.delete("photo");
  body.set("tempPath", tempPath);
  body.set("latitude", coordinates ? String(coordinates.latitude) : "");
  body.set("longitude", coordinates ? String(coordinates.longitude) : "");
  return body;
}
