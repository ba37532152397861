import net from "node:net";
import { env } from "./env.server";

/** What server.js passes to every loader and action. */
export type ServerContext = { socketAddress?: string | null };

function normalize(address: string): string {
  const trimmed = address.trim();
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d.
  return trimmed.startsWith("::ffff:") && net.isIPv4(trimmed.slice(7)) ? trimmed.slice(7) : trimmed;
}

/**
 * The address the request came from: the connection's own address, unless
 * that connection is a configured trusted proxy (TRUSTED_PROXY), in which case
 * the nearest address in X-Forwarded-For that is not itself a trusted proxy.
 * Anyone can write X-Forwarded-For, so from any other peer it is ignored.
 */
export function clientAddress(request: Request, context: unknown, trustedProxies = env().trustedProxies): string {
  const socket = (context as ServerContext | undefined)?.socketAddress;
  const peer = socket ? normalize(socket) : "unknown";
  const trusted = new Set(trustedProxies.map(normalize));
  if (!trusted.has(peer)) return peer;
  const forwarded = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map(normalize)
    .filter((hop) => net.isIP(hop) !== 0);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    if (!trusted.has(forwarded[i]!)) return forwarded[i]!;
  }
  return peer;
}
