import { renderToStaticMarkup } from "react-dom/server";
// The catalogues, English included: the markup is worded here.
import "~/web/language.server";
import { type Language, translator } from "~/lib/language";
import { MISSING_REPORTS_TEXT, missingReportPath, POSSIBLY_MISSING } from "~/lib/missing";

/**
 * What a found Jimmy's page says about it being gone, as HTML: "possibly
 * missing" and why, the reports so far, and the way to say it wasn't there.
 * Sent as markup, like the journey map, so the page's JavaScript carries
 * none of it: it is text and a link.
 */
export function missingPanelHtml(
  jimmy: { serialNumber: number; possiblyMissing: boolean },
  reports: number,
  language: Language = "en",
): string {
  const t = translator(language);
  return renderToStaticMarkup(
    <section
      id="missing"
      aria-label={jimmy.possiblyMissing ? t(POSSIBLY_MISSING) : t("Not at its last place?")}
      className={`mt-4 scroll-mt-24 rounded-2xl border p-4 text-sm ${jimmy.possiblyMissing ? "border-amber-300 bg-amber-50 text-amber-950" : "border-stone-200 bg-white text-stone-700"}`}
      data-testid="missing-panel"
    >
      {jimmy.possiblyMissing ? (
        <p className="text-base font-bold" data-testid="possibly-missing">
          {t(POSSIBLY_MISSING)}
        </p>
      ) : null}
      <p className={jimmy.possiblyMissing ? "mt-1" : undefined}>
        {reports > 0 ? `${t(MISSING_REPORTS_TEXT, { reports })} ` : ""}
        {jimmy.possiblyMissing ? `${t("Found it after all? Report your discovery and it is back on the map.")} ` : ""}
        <a href={missingReportPath(jimmy.serialNumber)} className="font-semibold text-orange-800 underline hover:text-orange-900">
          {jimmy.possiblyMissing ? t("Looked and it wasn't there either?") : t("Went to its last place and it wasn't there?")}
        </a>
      </p>
    </section>,
  );
}
