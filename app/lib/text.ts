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

/** `text` without bidi controls or control characters: what the app stores of typed text (comments, names, captions, locations). */
export function withoutControls(text: string): string {
  return withoutBidiControls(text).replace(CONTROL_CHARACTERS, "");
}

/** A number written the plain decimal way ("-97.74", "30", ".5"): not hex, binary, octal, exponents, Infinity or blanks. */
export const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
