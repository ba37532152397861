import { Link } from "~/components/Link";

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
  // RETURN_FIELD of ~/lib/own-content-return, written out so no page loads that module for it.
  const query = `?redirectTo=${encodeURIComponent(returnTo)}`;
  const what = <span className="sr-only"> your discovery of Jimmy #{discovery.jimmy.serialNumber}</span>;
  return (
    <>
      <Link to={`/discoveries/${discovery.id}/edit${query}`} className={`${actionClass} text-orange-800`}>
        Edit{what}
      </Link>
      <Link to={`/discoveries/${discovery.id}/delete${query}`} className={`${actionClass} text-red-800`}>
        Delete{what}
      </Link>
    </>
  );
}
