import { Link } from "~/components/Link";
import type { DiscoveryCardData } from "~/lib/discoveries";

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

/**
 * A feed's `actions` for the hunter reading it: Edit and Delete under the
 * cards that are theirs, nothing under anyone else's; none at all signed out,
 * so a shared page's bytes are everyone's.
 */
export function ownCardActions(hunterId: number | undefined, returnTo: (discovery: DiscoveryCardData) => string) {
  if (hunterId === undefined) return undefined;
  return (discovery: DiscoveryCardData) =>
    discovery.user.id === hunterId ? <OwnDiscoveryActions discovery={discovery} returnTo={returnTo(discovery)} /> : null;
}
