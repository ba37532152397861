/**
 * Personal page templates (docs/decisions/008-personal-page-templates.md).
 *
 * A page a signed-in hunter opens differs from the next hunter's only in a
 * few places: the header's account area, the unread count, whether each card
 * is liked. Such a page is rendered once as a template, for no hunter in
 * particular, with markers where those parts go, and each hunter's copy is
 * the template with their values put in (server/page-cache.ts). The markers
 * are made of Unicode private-use characters, which React and the loader data
 * encoding pass through unchanged, around the template's *tag*: a random
 * string the server picks for each template render and never sends, so
 * nothing a hunter writes (a caption, a name) can pass for a marker.
 *
 * - a value: `\uE000tag:key\uE001`. In the page's loader data (a string in
 *   the stream script) it is replaced by the hunter's JSON value; in the
 *   markup by HTML the server made for the hunter.
 * - a choice: `\uE000tag?key=variant\uE001` before each way a part can look
 *   and `\uE000tag/key\uE001` after the last; each copy keeps the hunter's one.
 */
export const MARK_OPEN = "\uE000";
export const MARK_CLOSE = "\uE001";

/** Marks where `key`'s value goes in the template tagged `tag`; typed as the value it stands for, which the template never reads. */
export function personalValue<T>(tag: string, key: string): T {
  return `${MARK_OPEN}${tag}:${key}${MARK_CLOSE}` as unknown as T;
}

export function choiceMark(tag: string, key: string, variant: string): string {
  return `${MARK_OPEN}${tag}?${key}=${variant}${MARK_CLOSE}`;
}

export function choiceEndMark(tag: string, key: string): string {
  return `${MARK_OPEN}${tag}/${key}${MARK_CLOSE}`;
}

/** The keys a hunter's copy of a feed needs: whether each card is liked. */
export const likeKey = (discoveryId: number) => `like.${discoveryId}`;

/** A page of the feed for a template: whether each card is liked goes into each hunter's copy. */
export function withPersonalLikes<Page extends { discoveries: { id: number; isLikedByUser: boolean }[] }>(tag: string, page: Page): Page {
  return {
    ...page,
    discoveries: page.discoveries.map((card) => ({ ...card, isLikedByUser: personalValue<boolean>(tag, likeKey(card.id)) })),
  };
}
export const ACCOUNT_AREA_KEY = "account";
