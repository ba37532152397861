import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { PageLanguageContext } from "~/components/i18n";
import { isLanguage, type Language, PSEUDO_LANGUAGE, registerCatalogue } from "~/lib/language";
import type { CompiledMessage } from "~/lib/messages";

/** Loads this address again, as a new version of the app it asks for: once a minute at most. */
function reloadForNewVersion(): boolean {
  try {
    if (Date.now() - Number(sessionStorage.getItem("chunk-reload-at")) < 60_000) return false;
    sessionStorage.setItem("chunk-reload-at", String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

// A deploy replaced the chunk this page asks for: load the new version.
window.addEventListener("vite:preloadError", (event) => {
  if (reloadForNewVersion()) event.preventDefault();
});

const asked = document.documentElement.lang;
const language: Language = isLanguage(asked) || asked === PSEUDO_LANGUAGE ? (asked as Language) : "en";
// The page's words (app/routes/words.$file.ts), preloaded by the page: the code carries their numbers.
const wordsAddress = document.getElementById("words")?.getAttribute("href") ?? undefined;

async function hydrate(): Promise<void> {
  if (wordsAddress) {
    let list: CompiledMessage[];
    try {
      const response = await fetch(wordsAddress);
      // Words of another version: this page is that version's; the current one names its own.
      if (response.status === 404) return void reloadForNewVersion();
      list = (await response.json()) as CompiledMessage[];
    } catch {
      // A dropped request, a server's error, offline with no copy kept: until the words come, the
      // page stays as the server sent it, which works without JavaScript.
      return void setTimeout(hydrate, 3000);
    }
    registerCatalogue(language, (key) => (typeof key === "number" ? list[key] : undefined));
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <PageLanguageContext.Provider value={{ language, wordsAddress }}>
          <RemixBrowser />
        </PageLanguageContext.Provider>
      </StrictMode>,
    );
  });
}

void hydrate();
