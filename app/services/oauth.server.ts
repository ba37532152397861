import { env } from "./env.server";

export const PROVIDERS = ["apple", "meta", "google"] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && (PROVIDERS as readonly string[]).includes(value);
}

/** Which sign-in providers have credentials on this server. */
export function providerAvailability(): Record<ProviderId, boolean> {
  const { oauth } = env();
  return { apple: oauth.apple !== null, meta: oauth.meta !== null, google: oauth.google !== null };
}
