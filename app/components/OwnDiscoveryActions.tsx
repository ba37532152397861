import { Link } from "~/components/Link";
import { useT } from "./i18n";

const actionClass = "rounded-full px-3 py-1.5 text-sm font-semibold hover:bg-stone-100";

/**
 * Edit and Delete for the hunter's own discovery, wherever they see it. Plain
 * links to the edit and delete pages, which say where to go back to with
 * `returnTo` (the page showing them), so they work without JavaScript and
 * add no code to a page. The server checks the discovery is theirs.
 */
export function OwnDiscoveryActions({
  discovery,
  returnTo,
}: {
  discovery: { id: number; jimmy: { serialNumber: number } };
  returnTo: string;
}) {
  const t = useT();
  // RETURN_FIELD of ~/lib/own-content-return, written out so no page loads that module for it.
  const query = `?redirectTo=${encodeURIComponent(returnTo)}`;
  const serial = String(discovery.jimmy.serialNumber);
  // The name says whose and which (each a whole sentence to translate); the eye reads the verb.
  return (
    <>
      <Link
        to={`/discoveries/${discovery.id}/edit${query}`}
        aria-label={t("Edit your discovery of Jimmy #{serial}", { serial })}
        className={`${actionClass} text-orange-800`}
      >
        {t("Edit")}
      </Link>
      <Link
        to={`/discoveries/${discovery.id}/delete${query}`}
        aria-label={t("Delete your discovery of Jimmy #{serial}", { serial })}
        className={`${actionClass} text-red-800`}
      >
        {t("Delete")}
      </Link>
    </>
  );
}
