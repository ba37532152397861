// Kept apart from ./missing so the pages' client code does not ship zod.
import { z } from "zod";
import { MISSING_NOTE_MAX_LENGTH, MISSING_NOTE_TOO_LONG_TEXT } from "./missing";
import { multiLineText } from "./text-fields";

export const MissingFormSchema = z.object({
  note: multiLineText()
    .max(MISSING_NOTE_MAX_LENGTH, MISSING_NOTE_TOO_LONG_TEXT)
    .transform((note) => (note === "" ? null : note)),
});
