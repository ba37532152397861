import { createHash } from "node:crypto";
import browserMessages from "~/i18n/browser-messages.json";
import { env } from "~/infra/env.server";
import {
  ALL_LANGUAGES,
  isLanguage,
  type Language,
  LANGUAGES,
  negotiateLanguage,
  PSEUDO_LANGUAGE,
  registerCatalogue,
  type Translate,
  translator,
} from "~/lib/language";
import { type CompiledMessage, compileMessage } from "~/lib/messages";
import { cookieValues, LANGUAGE_COOKIE } from "~/lib/reader-preferences";

/**
 * Which language a request is answered in, and the words of each
 * (docs/decisions/023-languages.md): `?lang=` on any address, else the `lang`
 * cookie (set by the switch, by `?lang=` and at sign-in from the account),
 * else the browser's Accept-Language, else English.
 */

export { LANGUAGE_COOKIE };

const compiledFiles = import.meta.glob<Record<string, CompiledMessage>>("../i18n/compiled/*.json", {
  eager: true,
  import: "default",
});

function compiled(language: Language): Record<string, CompiledMessage> {
  return compiledFiles[`../i18n/compiled/${language}.json`] ?? {};
}

for (const language of [...ALL_LANGUAGES, PSEUDO_LANGUAGE]) {
  const words = compiled(language);
  registerCatalogue(language, (key) => (typeof key === "string" && Object.hasOwn(words, key) ? words[key] : undefined));
}
// English compiles a message the catalogue does not hold yet (before npm run i18n:extract), remembering a few.
const english = compiled("en");
const newMessages = new Map<string, CompiledMessage>();
registerCatalogue("en", (key) => {
  if (typeof key !== "string") return undefined;
  if (Object.hasOwn(english, key)) return english[key];
  let found = newMessages.get(key);
  if (found === undefined) {
    try {
      found = compileMessage(key);
    } catch {
      found = key;
    }
    if (newMessages.size < 1000) newMessages.set(key, found);
  }
  return found;
});

/** The languages this server answers in: the shipped ones, and the test language when PSEUDO_LANGUAGE is on. */
export function servedLanguages(): readonly Language[] {
  return env().pseudoLanguage ? [...LANGUAGES, PSEUDO_LANGUAGE] : LANGUAGES;
}

/** The language `?lang=` asks for, when it names one this server answers in. */
export function languageFromAddress(request: Request): Language | null {
  const asked = new URL(request.url).searchParams.get("lang");
  return isLanguage(asked, servedLanguages()) ? asked : null;
}

/** The language of the `lang` cookie and Accept-Language alone (what a shared copy of a page is keyed by). */
export function preferredLanguage(cookieHeader: string | null, acceptLanguage: string | null): Language {
  const chosen = cookieValues(cookieHeader).get(LANGUAGE_COOKIE);
  if (isLanguage(chosen, servedLanguages())) return chosen;
  return negotiateLanguage(acceptLanguage, LANGUAGES) ?? "en";
}

export function requestLanguage(request: Request): Language {
  return languageFromAddress(request) ?? preferredLanguage(request.headers.get("Cookie"), request.headers.get("Accept-Language"));
}

/** `t` in the request's language, for the server's own words (errors, toasts, emails to the asker). */
export function requestT(request: Request): Translate {
  return translator(requestLanguage(request));
}

/** The `lang` cookie: a year; not secret, but only the server reads it. */
export function languageCookie(language: Language, secure = env().publicUrl.protocol === "https:"): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}

const wordsByLanguage = new Map<Language, { json: string; file: string }>();

/**
 * The words the browser's code numbers (app/i18n/browser-messages.json), in
 * `language`, compiled, as the JSON app/entry.client.tsx fetches before it
 * hydrates, and the name of the file that holds them: the language and a hash
 * of the words, so a copy is kept by browsers and caches for good and a new
 * version's words have a new name.
 */
export function pageWords(language: Language): { json: string; file: string } {
  let words = wordsByLanguage.get(language);
  if (words === undefined) {
    const own = compiled(language);
    const english = compiled("en");
    const list = (browserMessages as string[]).map((source) =>
      Object.hasOwn(own, source) ? own[source] : Object.hasOwn(english, source) ? english[source] : source,
    );
    const json = JSON.stringify(list);
    words = { json, file: `${language}-${createHash("sha256").update(json).digest("hex").slice(0, 12)}.json` };
    wordsByLanguage.set(language, words);
  }
  return words;
}

/** The address of the page's words in `language` (app/routes/words.$file.ts). */
export function pageWordsAddress(language: Language): string {
  return `/words/${pageWords(language).file}`;
}

/** The words a file name names, when it is this version's file of a language this server answers in. */
export function pageWordsOfFile(file: string): string | null {
  const language = /^([A-Za-z-]{2,8})-[0-9a-f]{12}\.json$/.exec(file)?.[1];
  if (!isLanguage(language, servedLanguages())) return null;
  const words = pageWords(language);
  return words.file === file ? words.json : null;
}

/**
 * The `Link` header naming the same page in every language (`hreflang`), with
 * `x-default` for a reader whose language the hunt does not speak.
 */
export function languageAlternates(url: URL): string | null {
  if (LANGUAGES.length < 2) return null;
  const address = new URL(url.pathname + url.search, env().publicUrl);
  address.searchParams.delete("lang");
  const links = LANGUAGES.map((language) => {
    const alternate = new URL(address);
    alternate.searchParams.set("lang", language);
    return `<${alternate.toString()}>; rel="alternate"; hreflang="${language}"`;
  });
  links.push(`<${address.toString()}>; rel="alternate"; hreflang="x-default"`);
  return links.join(", ");
}
