/** "It wasn't there": the words hunters read about missing Jimmys, shared by the pages and the server. */
import { msg } from "./language";

/** How many different hunters must report a Jimmy gone before it is shown as possibly missing. */
export const MISSING_REPORTS_NEEDED = 2;

export const MISSING_NOTE_MAX_LENGTH = 500;
/** Worded where it is shown; the limit is written out (a zod message is worded without values): keep it equal to MISSING_NOTE_MAX_LENGTH. */
export const MISSING_NOTE_TOO_LONG_TEXT = msg("Keep the note under 500 characters.");

/** The status label the map card and the Jimmy page show for `missing`. */
export const POSSIBLY_MISSING = msg("Possibly missing");

/** Where a hunter says a Jimmy was not there. */
export function missingReportPath(serialNumber: number): string {
  return `/jimmy/${serialNumber}/missing`;
}

/** "1 hunter went to its last place and it wasn't there.": worded with `t(MISSING_REPORTS_TEXT, { reports })`. */
export const MISSING_REPORTS_TEXT = msg(
  "{reports, plural, one {# hunter went to its last place and it wasn't there.} other {# hunters went to its last place and it wasn't there.}}",
);

/** How a report that has not made the Jimmy missing yet ends. */
export const MISSING_REPORTS_NEEDED_TEXT = msg("If another hunter finds it gone too, it will be shown as possibly missing.");
