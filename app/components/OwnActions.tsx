import { lazy, Suspense } from "react";
import type { DiscoveryCardData } from "~/lib/discoveries";
import type { OwnDiscoveryActions } from "./OwnDiscoveryActions";

type Props = React.ComponentProps<typeof OwnDiscoveryActions>;

// Only a hunter's own cards carry Edit and Delete, so their code comes with the
// first own card drawn: a stranger reading the feed never loads it. While it
// loads after a navigation the card shows no actions; on a page's first load
// React keeps the server's links in place until it arrives, so they work at once.
const LazyOwnDiscoveryActions = lazy(() => import("./OwnDiscoveryActions").then((m) => ({ default: m.OwnDiscoveryActions })));

/** Edit and Delete for the hunter's own discovery (see OwnDiscoveryActions). */
export function OwnActions(props: Props) {
  return (
    <Suspense fallback={null}>
      <LazyOwnDiscoveryActions {...props} />
    </Suspense>
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
    discovery.user.id === hunterId ? <OwnActions discovery={discovery} returnTo={returnTo(discovery)} /> : null;
}
