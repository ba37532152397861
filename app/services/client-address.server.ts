import type { AppLoadContext } from "@remix-run/node";

/**
 * Who is asking, for rate limits and the audit log: the address the server
 * saw (scripts/serve.ts decides whether a proxy's X-Forwarded-For counts).
 */
export function clientAddress(context: AppLoadContext | undefined): string {
  const address = context?.clientAddress;
  if (!address) return "unknown";
  // IPv4 clients on a dual-stack socket appear as ::ffff:a.b.c.d.
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}
