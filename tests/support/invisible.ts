/** Zero-width space, non-joiner and joiner, word joiner, BOM, soft hyphen, direction marks, variation selectors, Hangul fillers, Mongolian vowel separator and white space. */
export const INVISIBLE_ONLY = "\u200B\u200C\u200D\u2060\uFEFF\u00AD\u200E\u200F\uFE0F\u{E0100}\u3164\u115F\u1160\uFFA0\u180E \u00A0\n";
