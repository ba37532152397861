// Kept apart from ./flags so the pages' client code does not ship zod.
import { z } from "zod";
import { FLAG_NOTE_MAX_LENGTH, FLAG_NOTE_TOO_LONG_TEXT, FLAG_REASON_MISSING_TEXT, FLAG_REASONS, type FlagReasonValue } from "./flags";
import { multiLineText } from "./text-fields";

export const FlagFormSchema = z.object({
  reason: z.enum(FLAG_REASONS.map((r) => r.value) as [FlagReasonValue, ...FlagReasonValue[]], { error: FLAG_REASON_MISSING_TEXT }),
  note: multiLineText()
    .max(FLAG_NOTE_MAX_LENGTH, FLAG_NOTE_TOO_LONG_TEXT)
    .transform((note) => (note === "" ? null : note)),
});

export const FlagTargetKindSchema = z.enum(["discovery", "comment"]);
