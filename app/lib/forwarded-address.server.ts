import net from "node:net";

function normalize(address: string): string {
  const trimmed = address.trim();
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d.
  return trimmed.startsWith("::ffff:") && net.isIPv4(trimmed.slice(7)) ? trimmed.slice(7) : trimmed;
}

/**
 * The address a request came from: the connection's own address (`peer`),
 * unless that connection is a configured trusted proxy, in which case the
 * nearest address in X-Forwarded-For that is not itself a trusted proxy.
 * Anyone can write X-Forwarded-For, so from any other peer it is ignored.
 */
export function addressBehindProxies(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trustedProxies: string[],
): string {
  const self = peer ? normalize(peer) : "unknown";
  const trusted = new Set(trustedProxies.map(normalize));
  if (!trusted.has(self)) return self;
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map(normalize)
    .filter((hop) => net.isIP(hop) !== 0);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    if (!trusted.has(forwarded[i]!)) return forwarded[i]!;
  }
  return self;
}

/** TRUSTED_PROXY's comma-separated addresses. */
export function trustedProxiesFrom(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
}
