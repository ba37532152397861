import confusables from "unhomoglyph/data.json";
import { msg } from "~/lib/language";

/**
 * Folding names for comparison, so an anonymous commenter cannot pass for the
 * hunt's team or a registered hunter with a name that only looks the same.
 *
 * A name is folded in steps: NFKC (fullwidth and mathematical letters become
 * plain ones), invisible and formatting characters removed (Unicode
 * Default_Ignorable_Code_Point and Cf: zero-width spaces and joiners, BOM,
 * bidi marks, variation selectors, Hangul fillers), then in two case foldings
 * (lower and upper case, since some look-alikes only exist in one case:
 * Cyrillic "М" looks like "M", its small "м" not like "m") the UTS #39
 * skeleton: NFD, each character replaced by its prototype from Unicode's
 * confusables.txt (shipped by the `unhomoglyph` package), NFD again, and the
 * accents (nonspacing marks) dropped. Two names are the same when either
 * folding matches. The Unicode data treats "1" and "I" as look-alikes of "l"
 * and "0" of "O", so "ADM1N" and "M0DERATOR" are the capitals' look-alikes
 * and refused; "4dmin" is not a look-alike and is allowed.
 */

const PROTOTYPES: ReadonlyMap<string, string> = new Map(Object.entries(confusables as Record<string, string>));

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
const NONSPACING_MARKS = /\p{Mn}/gu;
/** What separates words in a name: spaces, punctuation, symbols ("Admin-Bob", "Admin 🏆"). */
const SEPARATORS = /[\s\p{P}\p{S}]+/u;

/** UTS #39's skeleton of `text`, accents dropped. */
export function skeleton(text: string): string {
  let out = "";
  for (const character of text.normalize("NFD")) out += PROTOTYPES.get(character) ?? character;
  return out.normalize("NFD").replace(NONSPACING_MARKS, "");
}

export type NameKey = { lower: string; upper: string };

function keyOf(text: string): NameKey {
  return { lower: skeleton(text.toLowerCase()), upper: skeleton(text.toUpperCase()) };
}

function words(name: string): string[] {
  return name.normalize("NFKC").replace(INVISIBLE, "").split(SEPARATORS).filter(Boolean);
}

/** The whole name folded, spaces and punctuation left out: "Jimmy Hunt", "jimmy_hunt" and "J\u200Bimmy  Hunt" fold alike. */
export function nameKey(name: string): NameKey {
  return keyOf(words(name).join(""));
}

const sameKey = (a: NameKey, b: NameKey) => a.lower === b.lower || a.upper === b.upper;
const containsKey = (a: NameKey, b: NameKey) => a.lower.includes(b.lower) || a.upper.includes(b.upper);

/**
 * A name's skeleton with its case as typed, then lower-cased. Small "l" is a
 * look-alike of capital "I" only, which both case foldings lose ("ADMlN"
 * folds to "admln" and "ADMLN"); taken as typed it is the skeleton of "ADMIN".
 */
const typedKey = (text: string) => skeleton(words(text).join("")).toLowerCase();
/** The team's words and the hunt's name as typed in capitals and as written ("ADMIN", "Admin"), to set against `typedKey`. */
const typedKeys = (text: string) => [typedKey(text.toUpperCase()), typedKey(text)];

/** Words that claim to speak for the hunt. */
export const TEAM_WORDS = ["Admin", "Administrator", "Moderator", "Staff", "Official"] as const;
const TEAM_KEYS = TEAM_WORDS.map(keyOf);
const TEAM_TYPED_KEYS = TEAM_WORDS.flatMap(typedKeys);

/**
 * Whether `name` claims to be the hunt's team: it contains the hunt's name
 * ("Jimmy Hunt", "The JimmyHunt crew"), is one of TEAM_WORDS with its letters
 * spaced out ("A d m i n"), or has one of them as a word ("Admin Bob",
 * "Hunt-Staff"), in either case folding or as typed ("ADMlN"). A word that
 * only contains one is fine ("Badminton").
 */
export function claimsTeam(name: string, huntName: string): boolean {
  const whole = nameKey(name);
  const wholeTyped = typedKey(name);
  if (containsKey(whole, nameKey(huntName)) || typedKeys(huntName).some((hunt) => wholeTyped.includes(hunt))) return true;
  if (TEAM_KEYS.some((team) => sameKey(whole, team)) || TEAM_TYPED_KEYS.includes(wholeTyped)) return true;
  return words(name).some((word) => {
    const key = keyOf(word);
    return TEAM_KEYS.some((team) => sameKey(key, team)) || TEAM_TYPED_KEYS.includes(typedKey(word));
  });
}

export const TEAM_NAME_TEXT = msg(
  "That name belongs to the hunt's team. Choose another name, or leave it blank to post as Anonymous Hunter.",
);
export const HUNTER_NAME_TEXT = msg("A registered hunter goes by that name. Sign in to post as yourself, or choose another name.");
