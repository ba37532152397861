/** Error bodies of the JSON API: `{ message }`, so a client's "status: body" text reads well. */
export type ApiError = { message: string };

/** A discovery as the JSON API answers it (SPEC.md §3): the card's fields plus photoUrl. */
export function toApiDiscovery<T extends { photo: { src: string } }>(discovery: T): T & { photoUrl: string } {
  return { ...discovery, photoUrl: discovery.photo.src };
}

/**
 * A latitude or longitude as every JSON answer sends it (SPEC.md §3: decimals
 * as strings): the recorded value exactly, as the shortest decimal that reads
 * back as the same number. Never rounded here: rounding is for display
 * (~/lib/format), so a client gets back what was recorded, whichever call it asks.
 */
export function apiDecimal(value: number | null): string | null {
  return value === null ? null : String(value);
}
