import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { PageLanguageContext } from "~/components/i18n";
import { isLanguage, type Language, PSEUDO_LANGUAGE, registerCatalogue } from "~/lib/language";
import type { CompiledMessage } from "~/lib/messages";

// A deploy replaced the chunk this page asks for: load the new version, once a minute at most.
window.addEventListener("vite:preloadError", (event) => {
  try {
    if (Date.now() - Number(sessionStorage.getItem("chunk-reload-at")) < 60_000) return;
    sessionStorage.setItem("chunk-reload-at", String(Date.now()));
  } catch {
    return;
  }
  event.preventDefault();
  window.location.reload();
});

// The page's words, as the server wrote them (app/web/language.server.ts): the code carries their numbers.
const words = document.getElementById("words")?.textContent ?? "[]";
const asked = document.documentElement.lang;
const language: Language = isLanguage(asked) || asked === PSEUDO_LANGUAGE ? (asked as Language) : "en";
const list = JSON.parse(words) as CompiledMessage[];
registerCatalogue(language, (key) => (typeof key === "number" ? list[key] : undefined));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <PageLanguageContext.Provider value={{ language, words }}>
        <RemixBrowser />
      </PageLanguageContext.Provider>
    </StrictMode>,
  );
});
