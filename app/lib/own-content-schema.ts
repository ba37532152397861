// Kept apart from the pages so their client code does not ship zod.
import { z } from "zod";
import { COMMENT_BLANK_TEXT, COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_TEXT } from "./comments";
import { MAX_CAPTION_LENGTH, MAX_LOCATION_LENGTH } from "./report-form";
import { multiLineText, singleLineText } from "./text-fields";

/** A hunter's changes to their discovery: the same limits as reporting it. */
export const DiscoveryEditSchema = z.object({
  caption: multiLineText().max(MAX_CAPTION_LENGTH, `Keep the caption under ${MAX_CAPTION_LENGTH} characters.`),
  location: singleLineText()
    .max(MAX_LOCATION_LENGTH, `Keep the location under ${MAX_LOCATION_LENGTH} characters.`)
    .transform((location) => (location === "" ? null : location)),
});

/** A hunter's new text for their comment: the same rules as posting it. */
export const CommentEditSchema = z.object({
  content: multiLineText().min(1, COMMENT_BLANK_TEXT).max(COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_TEXT),
});
