import { createContext, createElement, Fragment, useContext } from "react";
import { type Language, type MessageKey, translate } from "~/lib/language";
import type { MessageValues } from "~/lib/messages";

/**
 * The page's language, and the address of its words for the browser
 * (app/routes/words.$file.ts): the browser's code carries each message's
 * number, not its words (docs/decisions/023-languages.md). A fragment drawn
 * on its own (a map's SVG) has no words to name.
 */
export type PageLanguage = { language: Language; wordsAddress?: string };

export const PageLanguageContext = createContext<PageLanguage>({ language: "en" });

export function usePageLanguage(): Language {
  return useContext(PageLanguageContext).language;
}

export type T = {
  (key: MessageKey, values?: Record<string, string | number | null | undefined>): string;
  (key: MessageKey, values: MessageValues): React.ReactNode;
};

/** `t` in the page's language, given a message and its values (a plural's count, a name); a React value gives a node. */
export function useT(): T {
  return tFor(usePageLanguage());
}

function tFor(language: Language): T {
  return ((key: MessageKey, values?: MessageValues) => {
    const worded: unknown = translate(language, key, values);
    // Pieces as the children of one fragment: React wants no keys for those.
    return Array.isArray(worded) ? createElement(Fragment, null, ...(worded as React.ReactNode[])) : worded;
  }) as T;
}

type MatchWithData = { id: string; data?: unknown };

/** `t` for a route's `meta`, in the language the root's loader chose. */
export function metaT(matches: readonly MatchWithData[]): T {
  const root = matches.find((match) => match.id === "root")?.data as { language?: Language } | undefined;
  return tFor(root?.language ?? "en");
}

/**
 * Where the page's words for the browser are (fetched by app/entry.client.tsx
 * before it hydrates). Preloaded, the browser fetches them beside the page's
 * code, once: the file is kept for good, so the next page finds it cached.
 */
export function PageWords() {
  const { wordsAddress } = useContext(PageLanguageContext);
  if (!wordsAddress) return null;
  return <link rel="preload" as="fetch" crossOrigin="anonymous" id="words" href={wordsAddress} />;
}
