import { useLocation } from "@remix-run/react";
import { usePageLanguage, useT } from "~/components/i18n";
import { LANGUAGE_NAMES, LANGUAGES } from "~/lib/language";

/**
 * The footer's way to another language: a plain link to the switch
 * (app/routes/preferences.language.tsx), which comes back here. It names the
 * page's language in itself, which a reader who cannot read the rest still recognizes.
 */
export function LanguageLink({ className = "" }: { className?: string }) {
  const language = usePageLanguage();
  const t = useT();
  const { pathname, search } = useLocation();
  if (LANGUAGES.length < 2 && language === "en") return null;
  const back = `${pathname}${search}`;
  return (
    <a href={`/preferences/language?back=${encodeURIComponent(back)}`} className={className} data-testid="language-link">
      {t("Language")}: <span lang={language}>{LANGUAGE_NAMES[language]}</span>
    </a>
  );
}
