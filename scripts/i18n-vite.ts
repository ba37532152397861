import fs from "node:fs";
import type { Plugin } from "vite";
import { BROWSER_MESSAGES, decodeLiteral, isServerOnly, MESSAGE_CALL } from "./i18n-core.ts";

/**
 * The browser's build carries each message's number, not its words: `t("Report a discovery")`
 * becomes `t(17)`, its place in app/i18n/browser-messages.json, and the page brings its
 * language's words (app/web/language.server.ts). The server's build keeps the English, the
 * message's id. A message the list does not hold (`npm run i18n:extract` not run) stays as
 * it is, and `npm run i18n:check` fails.
 */
export function messageNumbers(): Plugin {
  let numbers = new Map<string, number>();
  return {
    name: "jimmy-hunt-message-numbers",
    enforce: "pre",
    buildStart() {
      const list = JSON.parse(fs.readFileSync(BROWSER_MESSAGES, "utf8")) as string[];
      numbers = new Map(list.map((message, index) => [message, index]));
    },
    transform(code, id, options) {
      if (options?.ssr || !/\/app\/.*\.tsx?$/.test(id.split("?")[0]!) || isServerOnly(id)) return null;
      let changed = false;
      const replaced = code.replace(MESSAGE_CALL, (call, name: string, raw: string) => {
        const number = numbers.get(decodeLiteral(raw));
        if (number === undefined) return call;
        changed = true;
        return `${name}(${number}`;
      });
      return changed ? { code: replaced, map: null } : null;
    },
  };
}
