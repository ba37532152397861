import { isIP } from "node:net";
import { env } from "./env.server";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The peer address of the request's connection, when the HTTP server passes it on. */
    clientAddress?: string;
  }
}

/**
 * The address a request came from, for per-address limits. Behind
 * `trustedProxyHops` reverse proxies it is the entry the outermost trusted
 * proxy appended to X-Forwarded-For (anything to its left was sent by the
 * client and may be forged); otherwise the connection's own peer address,
 * which the HTTP server passes in the load context. Null when neither is
 * known (remix-serve passes no context).
 */
export function clientAddress(
  request: Request,
  context: { clientAddress?: string } | undefined,
  hops = env().trustedProxyHops,
): string | null {
  if (hops > 0) {
    const forwarded = (request.headers.get("X-Forwarded-For") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const candidate = forwarded[forwarded.length - hops];
    if (candidate && isIP(normalize(candidate))) return normalize(candidate);
  }
  const peer = context?.clientAddress;
  return peer && isIP(normalize(peer)) ? normalize(peer) : null;
}

/** One spelling per address: IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4 address. */
function normalize(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped ? mapped[1]! : address).toLowerCase();
}
