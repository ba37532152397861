import { LanguageLink } from "~/components/LanguageLink";
import { Link } from "~/components/Link";
import type { HuntConfig } from "~/lib/config";
import { useT } from "~/components/i18n";

export function SiteFooter({ hunt }: { hunt: HuntConfig }) {
  const t = useT();
  return (
    <footer className="mt-16 border-t border-orange-100 bg-white pb-24 md:pb-0">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-stone-600 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-md">
          <span className="font-semibold text-stone-800">{hunt.name}</span> · {hunt.tagline}
        </p>
        <nav aria-label={t("Footer")} className="flex flex-wrap gap-x-5 gap-y-2">
          <LanguageLink className="hover:text-orange-700 hover:underline" />
          <Link to="/privacy-policy" className="hover:text-orange-700 hover:underline">
            {t("Privacy Policy")}
          </Link>
          <a href={hunt.socialPhotosUrl} target="_blank" rel="noopener noreferrer" className="hover:text-orange-700 hover:underline">
            {hunt.socialPhotosLabel}
            <span className="sr-only"> {t("(opens in a new tab)")}</span>
          </a>
          <a href={hunt.socialForumUrl} target="_blank" rel="noopener noreferrer" className="hover:text-orange-700 hover:underline">
            {hunt.socialForumLabel}
            <span className="sr-only"> {t("(opens in a new tab)")}</span>
          </a>
        </nav>
      </div>
    </footer>
  );
}
