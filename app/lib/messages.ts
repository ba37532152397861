/**
 * ICU MessageFormat, the subset translators use: `{name}`, `{n, number}`,
 * `{n, plural, …}` (with `offset:`, `=N` and `#`), `{n, selectordinal, …}` and
 * `{x, select, …}`, and ICU's apostrophe quoting (`'{'`, `''`).
 *
 * A message is compiled once (`compileMessage`, by `npm run i18n:compile` for
 * the catalogues and by the server for English) into plain JSON that the browser
 * formats without parsing: a string when the message has no arguments, else a
 * list of parts. Plural and ordinal categories come from `Intl.PluralRules`,
 * numbers from `Intl.NumberFormat`, both in the reader's language.
 */

export type Part =
  | string
  /** `{name}` */
  | [0, string]
  /** `{name, number}` */
  | [1, string]
  /** `#` inside a plural */
  | [2]
  /** `{name, plural|selectordinal, …}`: name, offset, ordinal (1) or cardinal (0), cases */
  | [3, string, number, 0 | 1, Record<string, Part[]>]
  /** `{name, select, …}` */
  | [4, string, Record<string, Part[]>];

export type CompiledMessage = string | Part[];

export class MessageSyntaxError extends Error {}

/** Parses `source` into its compiled form; throws MessageSyntaxError on a malformed message. */
export function compileMessage(source: string): CompiledMessage {
  let at = 0;

  function fail(what: string): never {
    throw new MessageSyntaxError(`${what} at ${at} in "${source}"`);
  }

  function parts(inPlural: boolean, nested: boolean): Part[] {
    const out: Part[] = [];
    let text = "";
    const flush = () => {
      if (text) out.push(text);
      text = "";
    };
    while (at < source.length) {
      const char = source[at]!;
      if (char === "'") {
        const next = source[at + 1];
        if (next === "'") {
          text += "'";
          at += 2;
        } else if (next === "{" || next === "}" || (inPlural && next === "#")) {
          const end = source.indexOf("'", at + 1);
          if (end < 0) fail("An unclosed quote");
          text += source.slice(at + 1, end).replace(/''/g, "'");
          at = end + 1;
        } else {
          text += char;
          at += 1;
        }
      } else if (char === "{") {
        flush();
        at += 1;
        out.push(argument());
      } else if (char === "}") {
        if (!nested) fail("An unmatched }");
        break;
      } else if (char === "#" && inPlural) {
        flush();
        out.push([2]);
        at += 1;
      } else {
        text += char;
        at += 1;
      }
    }
    flush();
    return out;
  }

  function skipSpace() {
    while (at < source.length && /\s/.test(source[at]!)) at += 1;
  }

  function word(): string {
    skipSpace();
    const match = /^[^\s{},]+/.exec(source.slice(at));
    if (!match) fail("A name was expected");
    at += match[0].length;
    skipSpace();
    return match[0];
  }

  function cases(inPlural: boolean): Record<string, Part[]> {
    const found: Record<string, Part[]> = {};
    skipSpace();
    while (source[at] !== "}") {
      if (at >= source.length) fail("An unclosed argument");
      const key = word();
      if (source[at] !== "{") fail(`A case "${key}" without a message`);
      at += 1;
      found[key] = parts(inPlural, true);
      if (source[at] !== "}") fail("An unclosed case");
      at += 1;
      skipSpace();
    }
    if (!("other" in found)) fail("A choice without its other case");
    return found;
  }

  function argument(): Part {
    const name = word();
    if (source[at] === "}") {
      at += 1;
      return [0, name];
    }
    if (source[at] !== ",") fail("A comma was expected");
    at += 1;
    const kind = word();
    let part: Part;
    if (kind === "number") {
      part = [1, name];
    } else if (kind === "plural" || kind === "selectordinal") {
      if (source[at] !== ",") fail("A comma was expected");
      at += 1;
      skipSpace();
      let offset = 0;
      const offsetMatch = /^offset:\s*(\d+)/.exec(source.slice(at));
      if (offsetMatch) {
        offset = Number(offsetMatch[1]);
        at += offsetMatch[0].length;
      }
      part = [3, name, offset, kind === "selectordinal" ? 1 : 0, cases(true)];
    } else if (kind === "select") {
      if (source[at] !== ",") fail("A comma was expected");
      at += 1;
      part = [4, name, cases(false)];
    } else {
      fail(`An unknown argument type "${kind}"`);
    }
    skipSpace();
    if (source[at] !== "}") fail("An unclosed argument");
    at += 1;
    return part;
  }

  const compiled = parts(false, false);
  if (compiled.length === 0) return "";
  if (compiled.length === 1 && typeof compiled[0] === "string") return compiled[0];
  return compiled;
}

/** The names of a compiled message's arguments, sorted: a translation must use the source's. */
export function argumentNames(message: CompiledMessage): string[] {
  const names = new Set<string>();
  const walk = (list: Part[]) => {
    for (const part of list) {
      if (typeof part === "string" || part[0] === 2) continue;
      names.add(part[1]);
      if (part[0] === 3) for (const inner of Object.values(part[4])) walk(inner);
      if (part[0] === 4) for (const inner of Object.values(part[2])) walk(inner);
    }
  };
  if (typeof message !== "string") walk(message);
  return [...names].sort();
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rules(language: string, ordinal: 0 | 1): Intl.PluralRules {
  const key = `${language}${ordinal}`;
  let found = pluralRules.get(key);
  if (!found) pluralRules.set(key, (found = new Intl.PluralRules(language, { type: ordinal ? "ordinal" : "cardinal" })));
  return found;
}

export function formatNumber(value: number, language: string): string {
  let found = numberFormats.get(language);
  if (!found) numberFormats.set(language, (found = new Intl.NumberFormat(language)));
  return found.format(value);
}

export type MessageValues = Record<string, unknown>;

/**
 * The message with its values: a string, or, when a value is not text or a
 * number (a React element), the list of pieces to render side by side.
 */
export function formatMessage(message: CompiledMessage, values: MessageValues | undefined, language: string): string | unknown[] {
  if (typeof message === "string") return message;
  const out: unknown[] = [];
  const emit = (list: Part[], count: number | null) => {
    for (const part of list) {
      if (typeof part === "string") out.push(part);
      else if (part[0] === 0) {
        const value = values?.[part[1]];
        out.push(typeof value === "number" ? formatNumber(value, language) : (value ?? ""));
      } else if (part[0] === 1) out.push(formatNumber(Number(values?.[part[1]] ?? 0), language));
      else if (part[0] === 2) out.push(count === null ? "#" : formatNumber(count, language));
      else if (part[0] === 3) {
        const value = Number(values?.[part[1]] ?? 0);
        const [, , offset, ordinal, choices] = part;
        const exact = choices[`=${value}`];
        const shown = value - offset;
        emit(exact ?? choices[rules(language, ordinal).select(shown)] ?? choices.other!, shown);
      } else {
        const value = String(values?.[part[1]] ?? "other");
        emit(part[2][value] ?? part[2].other!, count);
      }
    }
  };
  emit(message, null);
  if (out.every((piece) => typeof piece === "string")) return out.join("");
  // Neighbouring text joined, so React gets as few pieces as possible.
  const joined: unknown[] = [];
  for (const piece of out)
    if (typeof piece === "string" && typeof joined.at(-1) === "string") joined[joined.length - 1] += piece;
    else joined.push(piece);
  return joined;
}
