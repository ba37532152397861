/**
 * The catalogue (docs/decisions/023-languages.md; README "Languages"):
 *
 *   npm run i18n:extract   the messages in the code → app/i18n/locales/en.json (ICU JSON, the
 *                          translators' template) and app/i18n/browser-messages.json (the ones the
 *                          browser words, in the order its build numbers them)
 *   npm run i18n:compile   every app/i18n/locales/<language>.json → app/i18n/compiled/<language>.json,
 *                          and the accented test language en-XA
 *   npm run i18n:check     fails when the catalogue is not what the code and the translations make,
 *                          when a shipped language misses a message, or when a translation's
 *                          {arguments} differ from its source's or it does not parse
 */
import fs from "node:fs";
import path from "node:path";
import { LANGUAGES } from "../app/lib/language.ts";
import { argumentNames, type CompiledMessage, compileMessage, MessageSyntaxError } from "../app/lib/messages.ts";
import { BROWSER_MESSAGES, COMPILED_DIR, isServerOnly, LOCALES_DIR, messagesIn, pseudo, ROOT, sourceFiles } from "./i18n-core.ts";

type Files = Map<string, string>;

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function extract(problems: string[]): Files {
  const all = new Set<string>();
  const browser = new Set<string>();
  for (const file of sourceFiles()) {
    const code = fs.readFileSync(file, "utf8");
    for (const message of messagesIn(code)) {
      try {
        compileMessage(message);
      } catch (error) {
        problems.push(`${path.relative(ROOT, file)}: ${(error as Error).message}`);
        continue;
      }
      all.add(message);
      if (!isServerOnly(file)) browser.add(message);
    }
  }
  const sorted = [...all].sort();
  return new Map([
    [path.join(LOCALES_DIR, "en.json"), json(Object.fromEntries(sorted.map((message) => [message, message])))],
    [BROWSER_MESSAGES, json([...browser].sort())],
  ]);
}

function readJson(file: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
}

function compile(problems: string[], sources: string[]): Files {
  const out: Files = new Map();
  const english: Record<string, CompiledMessage> = {};
  for (const source of sources) english[source] = compileMessage(source);
  out.set(path.join(COMPILED_DIR, "en.json"), json(english));
  out.set(path.join(COMPILED_DIR, "en-XA.json"), json(Object.fromEntries(sources.map((source) => [source, pseudo(english[source]!)]))));
  for (const name of fs.readdirSync(LOCALES_DIR).sort()) {
    const language = name.replace(/\.json$/, "");
    if (language === "en" || !name.endsWith(".json")) continue;
    const translations = readJson(path.join(LOCALES_DIR, name));
    const compiled: Record<string, CompiledMessage> = {};
    const missing: string[] = [];
    for (const source of sources) {
      const translation = translations[source];
      if (typeof translation !== "string" || translation === "") {
        missing.push(source);
        continue;
      }
      try {
        const message = compileMessage(translation);
        const want = argumentNames(english[source]!).join(", ");
        const got = argumentNames(message).join(", ");
        if (want !== got) problems.push(`${language}: "${source}" has the arguments {${got}} where its source has {${want}}`);
        else compiled[source] = message;
      } catch (error) {
        if (!(error instanceof MessageSyntaxError)) throw error;
        problems.push(`${language}: "${source}": ${error.message}`);
      }
    }
    if ((LANGUAGES as readonly string[]).includes(language) && missing.length > 0)
      problems.push(
        `${language} is shipped (LANGUAGES in app/lib/language.ts) but misses ${missing.length} message(s), the first: ${missing
          .slice(0, 3)
          .map((m) => JSON.stringify(m))
          .join(", ")}`,
      );
    out.set(path.join(COMPILED_DIR, name), json(compiled));
  }
  for (const language of LANGUAGES)
    if (language !== "en" && !fs.existsSync(path.join(LOCALES_DIR, `${language}.json`)))
      problems.push(`${language} is shipped but has no app/i18n/locales/${language}.json`);
  return out;
}

function differences(files: Files): string[] {
  const stale: string[] = [];
  for (const [file, content] of files)
    if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== content) stale.push(path.relative(ROOT, file));
  return stale;
}

function write(files: Files) {
  for (const [file, content] of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== content) fs.writeFileSync(file, content);
  }
}

const command = process.argv[2];
const problems: string[] = [];
const extracted = extract(problems);
const sources = Object.keys(JSON.parse(extracted.get(path.join(LOCALES_DIR, "en.json"))!) as Record<string, string>);

if (command === "extract") {
  write(extracted);
  console.log(
    `${sources.length} messages, ${(JSON.parse(extracted.get(BROWSER_MESSAGES)!) as string[]).length} of them worded in the browser.`,
  );
} else if (command === "compile") {
  const compiled = compile(problems, sources);
  write(compiled);
  console.log(`Compiled ${compiled.size} languages.`);
} else if (command === "check") {
  const stale = differences(extracted);
  if (stale.length === 0) {
    const compiled = compile(problems, sources);
    stale.push(...differences(compiled));
  }
  if (stale.length > 0)
    problems.push(`Not up to date with the code: ${stale.join(", ")} (run npm run i18n:extract, then npm run i18n:compile)`);
  if (problems.length === 0) console.log(`The catalogue holds the code's ${sources.length} messages; every shipped language has them all.`);
} else {
  console.error("Usage: tsx scripts/i18n.ts extract|compile|check");
  process.exit(2);
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exitCode = 1;
