// Kept apart from ./comments so the comment form's client code does not ship zod.
import { z } from "zod";
import { multiLineText, singleLineText } from "./text-fields";
import {
  AUTHOR_NAME_MAX_LENGTH,
  AUTHOR_NAME_TOO_LONG_TEXT,
  COMMENT_BLANK_TEXT,
  COMMENT_MAX_LENGTH,
  COMMENT_TOO_LONG_TEXT,
} from "./comments";

/**
 * SPEC.md §5: content is required and trimmed; the author name is optional,
 * trimmed, and dropped when empty. Used by the server (authoritative) and by
 * the form, through the same limits and messages in ./comments.
 */
export const CommentFormSchema = z.object({
  content: multiLineText().min(1, COMMENT_BLANK_TEXT).max(COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_TEXT),
  authorName: singleLineText()
    .max(AUTHOR_NAME_MAX_LENGTH, AUTHOR_NAME_TOO_LONG_TEXT)
    .transform((name) => (name === "" ? undefined : name))
    .optional(),
});

export type CommentFormInput = z.infer<typeof CommentFormSchema>;
