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
/** The load context of every request a loader or action was given, reads shared or not: for its log line. */
const notesOf = new WeakMap<Request, { hunterId?: number }>();

/** Notes the signed-in hunter on the request's log line (server/request-log.ts hashes the id). */
export function noteHunter(request: Request, hunterId: number | undefined): void {
  const notes = notesOf.get(request);
  if (notes && hunterId !== undefined) notes.hunterId = hunterId;
}

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

type Action = NonNullable<ServerBuild["routes"][string]["module"]["action"]>;

function notingForLog<F extends Loader | Action>(handler: F): F {
  return ((args: Parameters<F>[0]) => {
    const notes = (args.context as { requestNotes?: { hunterId?: number } } | undefined)?.requestNotes;
    if (notes) notesOf.set(args.request, notes);
    return handler(args as never);
  }) as F;
}

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
  return withRouteModules(build, (module) => ({
    ...module,
    ...(module.loader && { loader: notingForLog(noting(module.loader)) }),
    ...(module.action && { action: notingForLog(module.action) }),
  }));
}
