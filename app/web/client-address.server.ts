import { addressBehindProxies } from "~/lib/forwarded-address.server";
import { env } from "~/infra/env.server";

/** What server.js passes to every loader and action. */
export type ServerContext = { socketAddress?: string | null };

/**
 * The address the request came from (app/lib/forwarded-address.server.ts): the
 * connection's, or behind a TRUSTED_PROXY the client's in X-Forwarded-For.
 * The request log in server/request-log.ts derives it the same way.
 */
export function clientAddress(request: Request, context: unknown, trustedProxies = env().trustedProxies): string {
  return addressBehindProxies(
    (context as ServerContext | undefined)?.socketAddress,
    request.headers.get("X-Forwarded-For"),
    trustedProxies,
  );
}
