// Kept apart from the pages so their client code does not ship zod.
import { z } from "zod";
import { COMMENT_BLANK_TEXT, COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_TEXT } from "./comments";
import { msg } from "./language";
import { MAX_CAPTION_LENGTH, MAX_LOCATION_LENGTH } from "./report-form";
import { multiLineText, singleLineText } from "./text-fields";

/**
 * A hunter's changes to their discovery: the same limits as reporting it. Its messages are msg()s, worded
 * with `t` where the errors are shown; their numbers are MAX_CAPTION_LENGTH's and MAX_LOCATION_LENGTH's.
 */
export const DiscoveryEditSchema = z.object({
  caption: multiLineText().max(MAX_CAPTION_LENGTH, msg("Keep the caption under 500 characters.")),
  location: singleLineText()
    .max(MAX_LOCATION_LENGTH, msg("Keep the location under 200 characters."))
    .transform((location) => (location === "" ? null : location)),
});

/** A hunter's new text for their comment: the same rules as posting it. */
export const CommentEditSchema = z.object({
  content: multiLineText().min(1, COMMENT_BLANK_TEXT).max(COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_TEXT),
});
