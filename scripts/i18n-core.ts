/**
 * What `npm run i18n:*` and the browser build's plugin share: how a message is
 * found in the code, where the catalogue lives, and how the accented test
 * language is made (docs/decisions/023-languages.md).
 */
import fs from "node:fs";
import path from "node:path";
import type { CompiledMessage, Part } from "../app/lib/messages.ts";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const I18N_DIR = path.join(ROOT, "app/i18n");
export const LOCALES_DIR = path.join(I18N_DIR, "locales");
export const COMPILED_DIR = path.join(I18N_DIR, "compiled");
export const BROWSER_MESSAGES = path.join(I18N_DIR, "browser-messages.json");

/**
 * A message in the code: the first argument of `t(…)`, `msg(…)` or a `t` made on
 * the spot (`metaT(matches)(…)`, `requestT(request)(…)`, `translator(language)(…)`), a
 * quoted literal (Prettier writes double quotes, and single ones around words
 * that hold a double quote). Anything else passed to `t` is a message worded
 * elsewhere (a `msg` in a table) or a mistake the catalogue check cannot see.
 * The second group is the literal with its quotes.
 */
export const MESSAGE_CALL = /(?<![\w$.])(t|msg|(?:metaT|requestT|translator)\([^()]*\))\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/g;

/** The text of a quoted literal as the code writes it (`"…"` or `'…'`). */
export function decodeLiteral(literal: string): string {
  let json = "";
  for (let i = 1; i < literal.length - 1; i++) {
    const char = literal[i]!;
    if (char === "\\") {
      const next = literal[++i]!;
      // JSON knows no \' (a single quote needs none), and the rest of JavaScript's escapes are JSON's.
      json += next === "'" ? "'" : `\\${next}`;
    } else json += char === '"' ? '\\"' : char;
  }
  return JSON.parse(`"${json}"`) as string;
}

/** Files whose messages the catalogue holds: the app's code, not its tests. */
export function sourceFiles(dir = path.join(ROOT, "app")): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "__tests__" || entry.name === "i18n" || entry.name === "service-worker") continue;
      found.push(...sourceFiles(full));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(full);
  }
  return found.sort();
}

/** Server-only code: its words never reach the browser. */
export function isServerOnly(file: string): boolean {
  return /\.server\.tsx?$/.test(file) || /\/app\/(infra|models)\//.test(file);
}

export function messagesIn(code: string): string[] {
  return [...code.matchAll(MESSAGE_CALL)].map((match) => decodeLiteral(match[2]!));
}

const ACCENTS: Record<string, string> = {
  a: "à",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "î",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "û",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Å",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Î",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ö",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Û",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};

function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTS[letter] ?? letter);
}

/** The accented test language: every letter accented and the whole message in [brackets], arguments untouched. */
export function pseudo(message: CompiledMessage): CompiledMessage {
  const walk = (parts: Part[]): Part[] =>
    parts.map((part): Part => {
      if (typeof part === "string") return accent(part);
      if (part[0] === 3) return [3, part[1], part[2], part[3], Object.fromEntries(Object.entries(part[4]).map(([k, v]) => [k, walk(v)]))];
      if (part[0] === 4) return [4, part[1], Object.fromEntries(Object.entries(part[2]).map(([k, v]) => [k, walk(v)]))];
      return part;
    });
  if (typeof message === "string") return message.trim() ? `[${accent(message)}]` : message;
  return ["[", ...walk(message), "]"];
}
