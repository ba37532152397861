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
