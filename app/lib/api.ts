/** Error bodies of the JSON API: `{ message }`, so a client's "status: body" text reads well. */
export type ApiError = { message: string };

/** A discovery as the JSON API answers it (SPEC.md §3): the card's fields plus photoUrl. */
export function toApiDiscovery<T extends { photo: { src: string } }>(discovery: T): T & { photoUrl: string } {
  return { ...discovery, photoUrl: discovery.photo.src };
}
