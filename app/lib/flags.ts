import { msg } from "./language";

/**
 * Why something may be flagged, in the order the form offers them: `message`
 * for the reader (shown through `t`), `label` in English for the admin panel.
 */
export const FLAG_REASONS = [
  { value: "inappropriate", label: "Inappropriate", message: msg("Inappropriate") },
  { value: "not_a_jimmy", label: "Not a Jimmy", message: msg("Not a Jimmy") },
  { value: "spam", label: "Spam", message: msg("Spam") },
  { value: "private_information", label: "Private information", message: msg("Private information") },
] as const;

export type FlagReasonValue = (typeof FLAG_REASONS)[number]["value"];

export function flagReasonLabel(reason: string): string {
  return FLAG_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/** Enough to say what is wrong and where; the admin reads every one. */
export const FLAG_NOTE_MAX_LENGTH = 500;

/** Messages (msg), worded with `t` where the form's errors are shown; the number is FLAG_NOTE_MAX_LENGTH's. */
export const FLAG_REASON_MISSING_TEXT = msg("Choose why you are flagging this.");
export const FLAG_NOTE_TOO_LONG_TEXT = msg("Keep the note under 500 characters.");

export type FlagTargetKind = "discovery" | "comment";

export function flagPath(kind: FlagTargetKind, id: number): string {
  return `/flag/${kind}/${id}`;
}
