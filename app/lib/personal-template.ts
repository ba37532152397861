/**
 * Personal page templates (docs/decisions/008-personal-page-templates.md).
 *
 * A page a signed-in hunter opens differs from the next hunter's only in a
 * few places: the header's account area, the unread count, whether each card
 * is liked. Such a page is rendered once as a template, for no hunter in
 * particular, with markers where those parts go, and each hunter's copy is
 * the template with their values put in (scripts/page-cache.ts). The markers
 * are made of Unicode private-use characters, which React and the loader data
 * encoding pass through unchanged and no real text holds:
 *
 * - a value: `\uE000key\uE001`. In the page's loader data (a string in the
 *   stream script) it is replaced by the hunter's JSON value; in the markup
 *   by HTML the server made for the hunter.
 * - a choice: `\uE000?key=variant\uE001` before each way a part can look and
 *   `\uE000/key\uE001` after the last; each copy keeps the hunter's one.
 */
export const MARK_OPEN = "\uE000";
export const MARK_CLOSE = "\uE001";

/** Marks where `key`'s value goes; typed as the value it stands for, which the template never reads. */
export function personalValue<T>(key: string): T {
  return `${MARK_OPEN}${key}${MARK_CLOSE}` as unknown as T;
}

export function choiceMark(key: string, variant: string): string {
  return `${MARK_OPEN}?${key}=${variant}${MARK_CLOSE}`;
}

export function choiceEndMark(key: string): string {
  return `${MARK_OPEN}/${key}${MARK_CLOSE}`;
}

/** The keys a hunter's copy of a feed needs: whether each card is liked. */
export const likeKey = (discoveryId: number) => `like.${discoveryId}`;
export const ACCOUNT_AREA_KEY = "account";
