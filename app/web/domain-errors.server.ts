import type { ServerBuild } from "@remix-run/node";
import { isDatabaseBusy } from "~/infra/db-busy.server";
import { withRouteModules } from "./route-modules.server";

/** How long a client should wait before retrying a write that found the database locked. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const DATABASE_BUSY_TEXT = "The site is too busy to save this right now. Nothing was changed — please try again in a few seconds.";

/** What a request gets when its write found the database busy: a 503 with Retry-After (pages show its message). */
export function databaseBusyResponse(): Response {
  return new Response(JSON.stringify({ message: DATABASE_BUSY_TEXT }), {
    status: 503,
    headers: { "Content-Type": "application/json", "Retry-After": String(BUSY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}

/** The HTTP answer to a domain error every loader and action may meet, or null for any other error. */
export function domainErrorResponse(error: unknown): Response | null {
  return isDatabaseBusy(error) ? databaseBusyResponse() : null;
}

type Handler = (...args: never[]) => unknown;

function answering<F extends Handler>(handler: F): F {
  return (async (...args: Parameters<F>) => {
    try {
      return await handler(...args);
    } catch (error) {
      throw domainErrorResponse(error) ?? error;
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
