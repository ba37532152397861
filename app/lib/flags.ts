/** Why something may be flagged, in the order the form offers them. */
export const FLAG_REASONS = [
  { value: "inappropriate", label: "Inappropriate" },
  { value: "not_a_jimmy", label: "Not a Jimmy" },
  { value: "spam", label: "Spam" },
  { value: "private_information", label: "Private information" },
] as const;

export type FlagReasonValue = (typeof FLAG_REASONS)[number]["value"];

export function flagReasonLabel(reason: string): string {
  return FLAG_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/** Enough to say what is wrong and where; the admin reads every one. */
export const FLAG_NOTE_MAX_LENGTH = 500;

export const FLAG_REASON_MISSING_TEXT = "Choose why you are flagging this.";
export const FLAG_NOTE_TOO_LONG_TEXT = `Keep the note under ${FLAG_NOTE_MAX_LENGTH} characters.`;

export type FlagTargetKind = "discovery" | "comment";

export function flagPath(kind: FlagTargetKind, id: number): string {
  return `/flag/${kind}/${id}`;
}
