import type { ServerBuild } from "@remix-run/node";
import { withRouteModules } from "./route-modules.server";

/**
 * What the loaders of one page request read once between them. Remix runs a
 * page's loaders (the root's and the page's) side by side, each with a copy
 * of the request of its own but all with the same load context: the route
 * edge notes which context each loader's request belongs to, and a value
 * every loader reads (the signed-in hunter: a cookie check and a query) is
 * read once per page request instead of once per loader.
 *
 * Only reads share: in an action's request (any method but GET and HEAD)
 * the action may change what they read (a sign-in or sign-out, a new name),
 * so every read there is made afresh, as is any read for a request the edge
 * did not note (a request a loader built itself, a test's).
 */
const contextOf = new WeakMap<Request, object>();
const readsOf = new WeakMap<object, Map<string, Map<object, Promise<unknown>>>>();

/**
 * The value of `read` (named `name`, made from `source`, e.g. a database)
 * for this page request: read by its first loader to ask, and shared with the
 * others.
 */
export function readOncePerPageRequest<T>(request: Request, name: string, source: object, read: () => Promise<T>): Promise<T> {
  const context = contextOf.get(request);
  if (context === undefined) return read();
  let reads = readsOf.get(context);
  if (reads === undefined) readsOf.set(context, (reads = new Map()));
  let bySource = reads.get(name);
  if (bySource === undefined) reads.set(name, (bySource = new Map()));
  let value = bySource.get(source) as Promise<T> | undefined;
  if (value === undefined) {
    value = read();
    bySource.set(source, value);
  }
  return value;
}

type Loader = NonNullable<ServerBuild["routes"][string]["module"]["loader"]>;

function noting(loader: Loader): Loader {
  return (args) => {
    const { request, context } = args;
    if ((request.method === "GET" || request.method === "HEAD") && typeof context === "object" && context !== null)
      contextOf.set(request, context);
    return loader(args);
  };
}

/** The server build with every route's loader noting its page request (readOncePerPageRequest). */
export function sharingPageReads(build: ServerBuild): ServerBuild {
  return withRouteModules(build, (module) => (module.loader ? { ...module, loader: noting(module.loader) } : module));
}
