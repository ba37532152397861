import { Link } from "~/components/Link";
import { RETURN_FIELD } from "~/lib/own-content-return";

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
  const query = `?${new URLSearchParams({ [RETURN_FIELD]: returnTo }).toString()}`;
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
