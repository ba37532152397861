import type { LocationPrecision } from "./location-precision";
import { z } from "zod";
import { jimmyPath } from "./discoveries";
import { msg, type MessageKey } from "./language";
import { PLAIN_DECIMAL } from "./text";
import { multiLineText, singleLineText } from "./text-fields";

/** Which discovery form a report came from (SPEC.md §2): the pages, or the Jimmy page's modal. */
export type ReportFormKind = "first" | "new" | "modal";

export function reportFormPath(serial: number, kind: "first" | "new"): string {
  return `${jimmyPath(serial)}/${kind === "first" ? "first-discovery" : "new-discovery"}`;
}

/**
 * Where a report page's form posts: its own page under another address. A
 * browser drops its stored copy of a page once a POST to that same address
 * succeeds (RFC 9111 §4.4), so Back after a report sent without JavaScript
 * fetched a fresh form with a fresh idempotency key, and sending it again
 * recorded a second discovery. Posted here, the page's copy survives: Back
 * shows the form as it was sent, its key with it, and a repeat is answered
 * as recorded.
 */
export function reportFormAction(serial: number, kind: "first" | "new"): string {
  return `${reportFormPath(serial, kind)}?send`;
}

/**
 * The hunter a report form was filled in by (their id), posted with the report: the
 * server records it only for that hunter, so a form or an outbox report left on a
 * shared device never lands under whoever is signed in when it is sent.
 */
export const HUNTER_FIELD = "hunter";

/** What a report form is refused for when another hunter is signed in now. */
export const OTHER_HUNTER_TEXT = msg(
  "This report was filled in by another hunter on this device, so it was not recorded for you: only that hunter can send it.",
);

export const PHOTO_REQUIRED_TITLE = msg("Photo required");

/** SPEC.md §5: the 'Photo required' message each form gives. */
export const PHOTO_REQUIRED_TEXT: Record<ReportFormKind, MessageKey> = {
  first: msg("Please take a photo of Jimmy to complete the discovery"),
  new: msg("Please add a photo of Jimmy to share your discovery"),
  modal: msg("Please select a photo of your Jimmy discovery"),
};

/** Reporting without a scan proof asks for the label's code (docs/security.md). */
export const CHECK_CODE_REQUIRED_TEXT = msg("Enter the code printed on the label, under the Jimmy's number (like Code 7KX3PA).");

export const LOCATION_REQUIRED_TEXT = msg("Enter where you found Jimmy, or use your current location.");

/** A `t` (useT's or requestT's) for the helpers below that word a message with values. */
export type Words = (key: MessageKey, values?: Record<string, string | number>) => string;

/** English as `t` would word it, for a message an error carries as its English text (the logs read it). */
function english(source: string, values: Record<string, string | number>): string {
  return source.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
}

/**
 * Typed text the gazetteer finds no place in, with no coordinates to place
 * it by: said on the location field, with the text kept for mending.
 */
export function unknownPlaceText(typed: string, canMeasure = true, t?: Words): string {
  if (!t) return english(canMeasure ? UNKNOWN_PLACE_MEASURABLE : UNKNOWN_PLACE, { typed });
  return canMeasure
    ? t('We couldn\'t find "{typed}" on the map — add a town or country, or use your current location.', { typed })
    : t('We couldn\'t find "{typed}" on the map — add a town or country.', { typed });
}

const UNKNOWN_PLACE_MEASURABLE = 'We couldn\'t find "{typed}" on the map — add a town or country, or use your current location.';
const UNKNOWN_PLACE = 'We couldn\'t find "{typed}" on the map — add a town or country.';

export const MAX_CAPTION_LENGTH = 500;
export const MAX_LOCATION_LENGTH = 200;

/** 'You found Jimmy #12, his 3rd discovery.' — n is the discoveries so far plus this one. */
export function newDiscoveryHeading(serialNumber: number, existingDiscoveries: number, t: Words): string {
  return t("You found Jimmy #{serial}, his {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} discovery.", {
    serial: String(serialNumber),
    n: existingDiscoveries + 1,
  });
}

export function firstDiscoveryNotice(serialNumber: number, t: Words): string {
  return t("This will create Jimmy #{serial}'s official page and mark the beginning of their journey!", { serial: String(serialNumber) });
}

const TEMP_PATH = /^uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}$/;

/** What a field too long is refused with (the limits above, written out so a translator sees them). */
const TOO_LONG_TEXT = {
  caption: msg("Keep the caption under 500 characters."),
  location: msg("Keep the location under 200 characters."),
};

const optionalText = (text: typeof singleLineText, max: number, label: "caption" | "location") =>
  text()
    .max(max, TOO_LONG_TEXT[label] as string)
    .optional()
    .transform((value) => (value ? value : null));

const OUT_OF_RANGE_TEXT = {
  latitude: msg("The latitude must be a number between -90 and 90."),
  longitude: msg("The longitude must be a number between -180 and 180."),
};

const coordinate = (limit: number, label: "latitude" | "longitude") =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const number = PLAIN_DECIMAL.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(number) || Math.abs(number) > limit) {
        ctx.addIssue({ code: "custom", message: OUT_OF_RANGE_TEXT[label] as string });
        return z.NEVER;
      }
      return Math.round(number * 1e6) / 1e6;
    });

/**
 * One schema per form: the same fields, the form's own 'Photo required'
 * text, and no caption on the first-discovery page (SPEC.md §3's payload).
 * The photo arrives as the temporary key of an upload (the browser's, or the
 * one the action streamed the posted file into).
 */
export function reportFormSchema(kind: ReportFormKind) {
  return z
    .object({
      tempPath: z
        .string({ error: PHOTO_REQUIRED_TEXT[kind] as string })
        .min(1, PHOTO_REQUIRED_TEXT[kind] as string)
        .regex(TEMP_PATH, msg("Your photo upload has expired or was already used. Please choose the photo again.")),
      caption:
        kind === "first"
          ? z
              .unknown()
              .optional()
              .transform(() => null)
          : optionalText(multiLineText, MAX_CAPTION_LENGTH, "caption"),
      location: optionalText(singleLineText, MAX_LOCATION_LENGTH, "location"),
      latitude: coordinate(90, "latitude"),
      longitude: coordinate(180, "longitude"),
      precision: z.enum(["exact", "approximate"]).catch("exact"),
    })
    .superRefine((value, ctx) => {
      if ((value.latitude === null) !== (value.longitude === null)) {
        ctx.addIssue({
          code: "custom",
          path: ["location"],
          message: msg("The device location was incomplete. Please try again or type the location."),
        });
      } else if (value.location === null && value.latitude === null) {
        ctx.addIssue({ code: "custom", path: ["location"], message: LOCATION_REQUIRED_TEXT as string });
      }
    });
}

export type ReportFormFields = "photo" | "caption" | "location" | "checkCode";

/** What the form shows again after a refused submission (never the file itself). */
export type ReportFormValues = {
  caption: string;
  location: string;
  latitude: string;
  longitude: string;
  /** How precisely the coordinates are published (app/lib/location-precision.ts). */
  precision: LocationPrecision;
  /** A photo that already reached storage, so a retry does not upload it again. */
  tempPath: string;
  /** The label's code as typed (proof of possession, docs/security.md). */
  checkCode: string;
  /** A scan proof still valid for this form; empty when the code must be typed. */
  proof: string;
};

export type ReportActionResult =
  | { ok: true; discoveryId: number; serialNumber: number }
  | {
      ok: false;
      fieldErrors: Partial<Record<ReportFormFields, string>>;
      /** A problem that is not about one field (storage down, upload lost). */
      formError: string | null;
      values: ReportFormValues;
    };
