// Kept apart from ./missing so the pages' client code does not ship zod.
import { z } from "zod";
import { MISSING_NOTE_MAX_LENGTH, MISSING_NOTE_TOO_LONG_TEXT } from "./missing";
import { withoutControls } from "./text";

export const MissingFormSchema = z.object({
  note: z
    .string()
    .overwrite(withoutControls)
    .trim()
    .max(MISSING_NOTE_MAX_LENGTH, MISSING_NOTE_TOO_LONG_TEXT)
    .transform((note) => (note === "" ? null : note)),
});
