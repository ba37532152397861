/** "It wasn't there": the words hunters read about missing Jimmys, shared by the pages and the server. */

/** How many different hunters must report a Jimmy gone before it is shown as possibly missing. */
export const MISSING_REPORTS_NEEDED = 2;

export const MISSING_NOTE_MAX_LENGTH = 500;
export const MISSING_NOTE_TOO_LONG_TEXT = `Keep the note under ${MISSING_NOTE_MAX_LENGTH} characters.`;

/** The status label the map card and the Jimmy page show for `missing`. */
export const POSSIBLY_MISSING = "Possibly missing";

/** Where a hunter says a Jimmy was not there. */
export function missingReportPath(serialNumber: number): string {
  return `/jimmy/${serialNumber}/missing`;
}

/** "1 hunter went to its last place and it wasn't there." */
export function missingReportsText(reports: number): string {
  return reports === 1
    ? "1 hunter went to its last place and it wasn't there."
    : `${reports} hunters went to its last place and it wasn't there.`;
}

/** How a report that has not made the Jimmy missing yet ends. */
export const MISSING_REPORTS_NEEDED_TEXT = "If another hunter finds it gone too, it will be shown as possibly missing.";
