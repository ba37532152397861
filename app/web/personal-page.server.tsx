/**
 * A signed-in hunter's values for a personal page template
 * (app/lib/personal-template.ts): the server's page cache asks for them by
 * the keys the template holds and puts them into the hunter's copy.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { Avatar } from "~/components/Avatar";
import { notificationsLabel, unreadBadgeText, type HeaderUser } from "~/components/SiteHeader";
import { BellIcon, LogoutIcon } from "~/components/ui/icons";
import { fullName } from "~/lib/format";
import { ACCOUNT_AREA_KEY } from "~/lib/personal-template";
import { likedAmong } from "~/models/likes.server";
import { countUnreadNotifications } from "~/models/notifications.server";
import { getDb, type DB } from "~/infra/db.server";
import { hasFlash } from "./flash.server";
import { getUserFromCookie } from "./session.server";

const LIKE_KEY = /^like\.(\d{1,15})$/;
/** The keys for the hunter themself (app/root.tsx's template values and the header). */
const USER_KEYS = new Set([
  "user.id",
  "user.firstName",
  "user.lastName",
  "user.profileImageUrl",
  "user.unreadNotifications",
  ACCOUNT_AREA_KEY,
]);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

let icons: { bell: string; logout: string } | undefined;

/**
 * The header's account area exactly as `AccountArea` (app/components/SiteHeader.tsx)
 * renders it on the server, where React Router's links and forms cannot be
 * drawn without the page around them; a unit test keeps the two the same.
 */
export function accountAreaHtml(user: HeaderUser, unreadNotifications: number): string {
  icons ??= { bell: renderToStaticMarkup(<BellIcon />), logout: renderToStaticMarkup(<LogoutIcon />) };
  const name = escapeHtml(fullName(user.firstName, user.lastName));
  const avatar = renderToStaticMarkup(
    <Avatar firstName={user.firstName} lastName={user.lastName} imageUrl={user.profileImageUrl} size="sm" />,
  );
  const badge =
    unreadNotifications > 0
      ? `<span data-testid="notification-badge" aria-hidden="true" class="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white">${escapeHtml(unreadBadgeText(unreadNotifications))}</span>`
      : "";
  return (
    `<a aria-label="${escapeHtml(notificationsLabel(unreadNotifications))}" class="relative flex h-10 w-10 items-center justify-center rounded-full text-stone-600 hover:bg-orange-50 hover:text-orange-700" data-discover="true" href="/notifications">${icons.bell}${badge}</a>` +
    `<a title="${name}: your account" data-testid="header-avatar" class="rounded-full" data-discover="true" href="/account">${avatar}<span class="sr-only">Your account (signed in as <!-- -->${name ? `${name}<!-- -->` : ""})</span></a>` +
    `<form method="post" action="/api/logout"><button type="submit" aria-label="Log out" title="Log out" class="flex h-10 w-10 items-center justify-center rounded-full text-stone-600 hover:bg-orange-50 hover:text-orange-700">${icons.logout}</button></form>`
  );
}

/**
 * The values for `keys` for the hunter signed in by a request's Cookie
 * header; null when the page must be rendered for them instead: nobody is
 * signed in, a toast waits to be shown (its render clears it), or a key is
 * not one this knows.
 */
export async function personalizePage(
  cookieHeader: string,
  keys: readonly string[],
  { db = getDb() }: { db?: DB } = {},
): Promise<Record<string, unknown> | null> {
  if (await hasFlash(cookieHeader)) return null;
  const user = await getUserFromCookie(cookieHeader, { db });
  if (!user) return null;
  // Each key once: the like keys' discovery ids; any key this does not know means a render.
  const likeIds = new Map<string, number>();
  for (const key of keys) {
    const like = LIKE_KEY.exec(key);
    if (like) likeIds.set(key, Number(like[1]));
    else if (!USER_KEYS.has(key)) return null;
  }
  const [unread, liked] = await Promise.all([countUnreadNotifications(db, user.id), likedAmong(db, user.id, [...likeIds.values()])]);
  const header: HeaderUser = { firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl };
  const known: Record<string, unknown> = {
    "user.id": user.id,
    "user.firstName": header.firstName,
    "user.lastName": header.lastName,
    "user.profileImageUrl": header.profileImageUrl,
    "user.unreadNotifications": unread,
    [ACCOUNT_AREA_KEY]: { html: accountAreaHtml(header, unread) },
  };
  const values: Record<string, unknown> = {};
  for (const key of keys) {
    const likeId = likeIds.get(key);
    values[key] = likeId === undefined ? known[key] : liked.has(likeId);
  }
  return values;
}
