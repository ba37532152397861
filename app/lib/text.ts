/**
 * The embedding, override and isolate controls (U+202A–U+202E,
 * U+2066–U+2069): invisible characters that reorder the text around them, so
 * a name or caption carrying one could display as something it is not
 * ("Trojan Source"). Writing in Arabic or Hebrew needs none of them; the
 * plain direction marks (U+200E, U+200F) stay.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` without bidi embedding/override/isolate controls. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/**
 * The C0 and C1 control characters but tab, newline and carriage return (a
 * textarea's line breaks): NUL and the rest are invisible, end strings early
 * in C libraries and logs, and make a page's HTML invalid.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Characters that show nothing: Unicode's Default_Ignorable_Code_Point (zero-width
 * space and joiners, the BOM, variation selectors, Hangul fillers, soft hyphen…),
 * the format characters (Cf: direction marks and the like) and white space.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\s]/gu;

/** Whether `text` shows nothing at all: empty, or made only of invisible or formatting characters. */
export function isInvisible(text: string): boolean {
  return text.replace(INVISIBLE, "") === "";
}

/**
 * `text` without bidi controls or control characters, and "" when nothing
 * visible is left: what the app stores of typed text (comments, names,
 * captions, locations). A field of zero-width spaces is then empty, and gets
 * the field's "required" message where it has one. Invisible characters
 * between visible ones stay (a zero-width joiner builds emoji and some scripts).
 */
export function withoutControls(text: string): string {
  const cleaned = withoutBidiControls(text).replace(CONTROL_CHARACTERS, "");
  return isInvisible(cleaned) ? "" : cleaned;
}

/**
 * Line breaks and tabs of every kind (CR, LF, tab, vertical tab, form feed,
 * NEL, the Unicode line and paragraph separators). A name or an address is
 * one line: a break in one lets it pose as more text wherever it is shown
 * as lines (an email's text part showing a forged "Bcc:" line).
 */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** Typed text meant as one line: `withoutControls`, with each run of line breaks and tabs made one space. */
export function singleLine(text: string): string {
  return withoutControls(text.replace(LINE_BREAKS, " "));
}

/** A number written the plain decimal way ("-97.74", "30", ".5"): not hex, binary, octal, exponents, Infinity or blanks. */
export const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
