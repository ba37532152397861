import type { Translate } from "./language";
import { compileMessage, formatMessage } from "./messages";

/**
 * A browser as a person names it, from its User-Agent: "Chrome on Android",
 * "Safari on iPhone", "Firefox on Windows". Only the well-known ones; anything
 * else is "A browser on …" or "An unknown browser". Order matters: Edge and
 * Opera say "Chrome", Chrome says "Safari".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

/** English, for callers that word nothing for a reader (the data archive). */
const english: Translate = (key, values) => formatMessage(compileMessage(String(key)), values, "en") as string;

/** The browser's name in the reader's words (`t`: requestT); browsers' and systems' names are proper names. */
export function describeBrowser(userAgent: string | null, t: Translate = english): string {
  if (!userAgent) return t("An unknown browser");
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return t("{browser} on {system}", { browser, system });
  if (browser) return browser;
  return system ? t("A browser on {system}", { system }) : t("An unknown browser");
}
