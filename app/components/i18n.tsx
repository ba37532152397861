import { createContext, createElement, Fragment, useContext } from "react";
import { type Language, type MessageKey, translate } from "~/lib/language";
import type { MessageValues } from "~/lib/messages";
import { useNonce } from "./nonce";

/**
 * The page's language, and its words for the browser as the server wrote them
 * into the document (`<script type="application/json" id="words">`): the
 * browser's code carries each message's number, not its words
 * (docs/decisions/023-languages.md).
 */
export type PageLanguage = { language: Language; words: string };

export const PageLanguageContext = createContext<PageLanguage>({ language: "en", words: "[]" });

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

/** The page's words for the browser (read by app/entry.client.tsx before it hydrates). */
export function PageWords() {
  const { words } = useContext(PageLanguageContext);
  // Data a browser never runs, yet a <script> like any other to the page's policy: it carries the nonce, or its hash is listed.
  const nonce = useNonce() || undefined;
  return <script type="application/json" id="words" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: words }} />;
}
