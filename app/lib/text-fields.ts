/**
 * The one rule for typed text, for every zod schema of a form or an API:
 * a single-line field (a name, a location, an address) loses control
 * characters and has its line breaks and tabs made spaces; a multi-line
 * field (a caption, a comment, a note) keeps its line breaks. Both are
 * trimmed. A schema picks one of the two, never its own cleaning.
 */
// Kept apart from ./text so code that only needs the cleaning does not ship zod.
import { z } from "zod";
import { singleLine, withoutControls } from "./text";

/** Text of one line: names, guest author names, locations, email addresses. */
export function singleLineText() {
  return z.string().overwrite(singleLine).trim();
}

/** Text that may run over several lines: captions, comments, notes. */
export function multiLineText() {
  return z.string().overwrite(withoutControls).trim();
}
