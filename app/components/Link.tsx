import { createElement, forwardRef, Fragment, type ComponentProps } from "react";
import { createPath, Link as RemixLink, resolvePath } from "@remix-run/react";

type LinkProps = ComponentProps<typeof RemixLink>;

/**
 * The href Remix writes for a path on this site. A plain path (no "." or ".."
 * segment, no "//", no search or hash to tidy) is written as it is given, which
 * is what resolving it would give; anything else is resolved as Remix does.
 */
function serverHref(to: string): string {
  return /[.?#]|\/\//.test(to) ? createPath(resolvePath(to)) : to;
}

/**
 * Remix's `<Link>` as the server renders it, for the links nearly every one
 * of ours is: to a path on this site (`to="/jimmy/5"`), no prefetching.
 *
 * Remix's own takes about a dozen hooks per link (resolving the path against
 * the route, a click handler, prefetch state), all thrown away on the server.
 * This writes the same `<a>`, byte for byte, from the path alone: 7–11% less
 * of the main thread for a page of cards (docs/performance.md, "A link the
 * server renders for less"). The tree has the
 * same shape too, a fragment of the anchor and an empty slot where Remix puts
 * its prefetch links, so `useId` inside a link counts the same on both sides.
 * `Link.test.tsx` checks it against Remix's for every kind of path we link to.
 * Anything else (a relative or external target, prefetching, a document
 * reload, a `discover` setting) is rendered by Remix's.
 */
const ServerLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const { to, prefetch, discover, reloadDocument, relative } = props;
  if (
    typeof to !== "string" ||
    !to.startsWith("/") ||
    to.startsWith("//") ||
    (prefetch !== undefined && prefetch !== "none") ||
    discover !== undefined ||
    reloadDocument ||
    relative !== undefined
  ) {
    return <RemixLink {...props} ref={ref} />;
  }
  const {
    to: _to,
    prefetch: _prefetch,
    onClick: _onClick,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    target,
    ...anchor
  } = props;
  // The attributes in the order Remix writes them: the caller's, then these.
  return createElement(Fragment, null, <a {...anchor} data-discover="true" href={serverHref(to)} ref={ref} target={target} />, null);
});

/**
 * The link every page uses: the one above while the server renders, Remix's
 * in the browser (which handles the clicks). The browser's bundle gets none
 * of the above: the build drops the branch it never takes.
 */
export const Link: typeof RemixLink = import.meta.env.SSR ? ServerLink : RemixLink;
