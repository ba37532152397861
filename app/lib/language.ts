import { type CompiledMessage, formatMessage, type MessageValues } from "./messages.ts";

/**
 * The languages the hunt speaks (docs/decisions/023-languages.md). A message's
 * id is its English source: code says `t('Report a discovery')`. English is
 * the source; `en-XA` is the accented test language (PSEUDO_LANGUAGE, never
 * offered to readers).
 */
export const ALL_LANGUAGES = ["en", "es", "fr", "de", "pt-BR", "ja", "ar"] as const;
export type Language = (typeof ALL_LANGUAGES)[number] | "en-XA";

/**
 * The languages a reader can choose: those whose catalogue is whole
 * (`npm run i18n:check` fails when a language listed here misses a message).
 */
export const LANGUAGES: readonly Language[] = ["en", "es", "fr", "de", "pt-BR", "ja", "ar"];

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
  ar: "العربية",
  "en-XA": "[Ëñĝļîšĥ]",
};

export const PSEUDO_LANGUAGE: Language = "en-XA";

export function isLanguage(value: unknown, among: readonly Language[] = LANGUAGES): value is Language {
  return typeof value === "string" && (among as readonly string[]).includes(value);
}

export function direction(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/**
 * The first of `among` an Accept-Language header asks for, by weight: a
 * region reads its language (`fr-CA` → French, `pt-PT` → Brazilian Portuguese,
 * the only Portuguese the hunt has); null when it names none of them.
 */
export function negotiateLanguage(header: string | null | undefined, among: readonly Language[] = LANGUAGES): Language | null {
  if (!header) return null;
  const asked = header
    .split(",")
    .map((item, index) => {
      const [tag = "", ...params] = item.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.weight > 0 && Number.isFinite(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of asked) {
    const exact = among.find((language) => language.toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split("-")[0];
    const related = among.find((language) => language.toLowerCase().split("-")[0] === base);
    if (related) return related;
  }
  return null;
}

/** Marks a message for the catalogue where it is not yet worded (a table, a schema); `t` words it later. */
export function msg(source: string): string {
  return source;
}

/**
 * A message key: its English source; in the browser's build, its place in
 * the list of messages the browser words (scripts/i18n-vite.ts).
 */
export type MessageKey = string | number;

type Lookup = (key: MessageKey) => CompiledMessage | undefined;

const catalogues = new Map<Language, Lookup>();

/** Makes `language`'s words known (the server: every language at start; the browser: the page's). */
export function registerCatalogue(language: Language, lookup: Lookup): void {
  catalogues.set(language, lookup);
}

export type Translate = {
  (key: MessageKey, values?: MessageValues): string;
};

/** The message in `language` (else English) with its values, as text; a React value makes it a list of pieces. */
export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  // A message not yet in the catalogue (npm run i18n:extract) is shown as written.
  const compiled = catalogues.get(language)?.(key) ?? catalogues.get("en")?.(key) ?? (typeof key === "string" ? key : "");
  return formatMessage(compiled, values, language) as string;
}

/** `t` for one language. */
export function translator(language: Language): Translate {
  return (key, values) => translate(language, key, values);
}
