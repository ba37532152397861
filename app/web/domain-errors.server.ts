import type { ServerBuild } from "@remix-run/node";
import { isDatabaseBusy } from "~/infra/db-busy.server";
import { msg, translator } from "~/lib/language";
import { requestT } from "./language.server";
import { withRouteModules } from "./route-modules.server";

/** How long a client should wait before retrying a write that found the database locked. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const DATABASE_BUSY_TEXT = msg(
  "The site is too busy to save this right now. Nothing was changed — please try again in a few seconds.",
);

/**
 * What a request gets when its write found the database busy: a 503 with
 * Retry-After (pages show its message), worded in the request's language
 * (English without one).
 */
export function databaseBusyResponse(request?: Request): Response {
  const t = request ? requestT(request) : translator("en");
  return new Response(JSON.stringify({ message: t(DATABASE_BUSY_TEXT) }), {
    status: 503,
    headers: { "Content-Type": "application/json", "Retry-After": String(BUSY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

/** The HTTP answer to a domain error every loader and action may meet, or null for any other error. */
export function domainErrorResponse(error: unknown, request?: Request): Response | null {
  return isDatabaseBusy(error) ? databaseBusyResponse(request) : null;
}

type Handler = (...args: never[]) => unknown;

/** The request of a loader's or action's arguments ({ request, params, context }). */
function requestOf(args: unknown): Request | undefined {
  const request = typeof args === "object" && args !== null && "request" in args ? (args.request as Request | undefined) : undefined;
  return typeof request?.url === "string" && request.headers ? request : undefined;
}

function answering<F extends Handler>(handler: F): F {
  return (async (...args: Parameters<F>) => {
    try {
      return await handler(...args);
    } catch (error) {
      throw domainErrorResponse(error, requestOf(args[0])) ?? error;
    }
  }) as F;
}

/**
 * The server build with every route's loader and action answering domain
 * errors (a busy database) with their HTTP response, which Remix returns as
 * is: the one place they become HTTP, for every route at once.
 */
export function answeringDomainErrors(build: ServerBuild): ServerBuild {
  return withRouteModules(build, (module) => ({
    ...module,
    ...(module.loader && { loader: answering(module.loader) }),
    ...(module.action && { action: answering(module.action) }),
  }));
}
