import { Form, useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import type { HuntConfig } from "~/lib/config";
import { Avatar } from "./Avatar";
import { Dropdown, DropdownLink } from "./ui/Dropdown";
import { BellIcon, ForumIcon, LogoutIcon, PhotosIcon, SearchIcon, ShareIcon, ShieldIcon } from "./ui/icons";
import { loginLink } from "~/lib/login-link";
import { type T, useT } from "~/components/i18n";

export function SiteHeader({ hunt, accountArea }: { hunt: HuntConfig; accountArea: React.ReactNode }) {
  const t = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-orange-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-3 px-4 py-1.5">
        <Link to="/" className="flex min-w-0 items-center gap-3 rounded-lg" aria-label={t("{hunt} home", { hunt: hunt.name })}>
          <img src="/logo.svg" alt="" width={40} height={40} className="h-10 w-10 shrink-0" />
          <span className="min-w-0">
            <span className="block truncate text-lg font-extrabold leading-tight tracking-tight text-stone-900">{hunt.name}</span>
            {/* Wraps on a narrow screen instead of being cut mid-word; only a very long one is cut short, after two lines. */}
            <span className="line-clamp-2 text-[11px] leading-snug text-stone-500 sm:text-xs" data-testid="header-tagline">
              {hunt.tagline}
            </span>
          </span>
        </Link>
        <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
          {/*
            A plain GET form (app/routes/search.tsx). On phones only its button shows (an empty search opens the search page
            and its box), and below 400 px not even that, so a signed-in header keeps room for the hunt's name: the bottom
            bar's menu leads there too.
          */}
          <Form method="get" action="/search" role="search" className="hidden items-center min-[400px]:flex">
            <input
              type="search"
              name="q"
              aria-label={t("Search")}
              placeholder={t("Jimmy # or place")}
              className="hidden h-10 w-44 rounded-full border border-stone-300 px-4 text-sm md:block lg:w-56"
            />
            <button
              type="submit"
              aria-label={t("Search")}
              className="flex h-10 w-10 items-center justify-center rounded-full text-stone-600 hover:bg-orange-50 hover:text-orange-700"
            >
              <SearchIcon />
            </button>
          </Form>
          {/* On phones the same links are the bottom bar's 'More' menu: the header keeps its room for the hunt's name. */}
          <Dropdown
            className="hidden md:block"
            summaryLabel={t("Share and links")}
            summaryClassName="flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-stone-600 hover:bg-orange-50 hover:text-orange-700"
            summary={<ShareIcon />}
          >
            <HuntLinks hunt={hunt} />
          </Dropdown>
          {accountArea}
        </div>
      </div>
    </header>
  );
}

/** The hunt's photos and forum elsewhere, and the privacy policy: the header's share menu and the bottom bar's More menu list them. */
export function HuntLinks({ hunt }: { hunt: HuntConfig }) {
  const t = useT();
  return (
    <>
      <DropdownLink href={hunt.socialPhotosUrl} external icon={<PhotosIcon className="h-4 w-4" />}>
        {hunt.socialPhotosLabel}
      </DropdownLink>
      <DropdownLink href={hunt.socialForumUrl} external icon={<ForumIcon className="h-4 w-4" />}>
        {hunt.socialForumLabel}
      </DropdownLink>
      <DropdownLink href="/privacy-policy" icon={<ShieldIcon className="h-4 w-4" />}>
        {t("Privacy Policy")}
      </DropdownLink>
    </>
  );
}

export function SignInButton() {
  const location = useLocation();
  const t = useT();
  const href = location.pathname === "/login" ? "/login" : loginLink(`${location.pathname}${location.search}`);
  return (
    <Link
      to={href}
      className="inline-flex h-10 items-center rounded-full bg-orange-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-orange-800"
    >
      {t("Sign In")}
    </Link>
  );
}

export type HeaderUser = { firstName: string; lastName: string; profileImageUrl: string | null };

export const notificationsLabel = (t: T, unread: number) =>
  t("{unread, plural, =0 {Notifications, none unread} other {Notifications, {unread} unread}}", { unread });
export const unreadBadgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));

/**
 * The signed-in part of the header: notifications, the avatar (leading to the
 * hunter's account settings) and a logout form
 * that works without JavaScript.
 */
export function AccountArea({ user, unreadNotifications }: { user: HeaderUser; unreadNotifications: number }) {
  const t = useT();
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const bellLabel = notificationsLabel(t, unreadNotifications);
  return (
    <>
      <Link
        to="/notifications"
        aria-label={bellLabel}
        className="relative flex h-10 w-10 items-center justify-center rounded-full text-stone-600 hover:bg-orange-50 hover:text-orange-700"
      >
        <BellIcon />
        {unreadNotifications > 0 ? (
          <span
            data-testid="notification-badge"
            aria-hidden="true"
            className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
          >
            {unreadBadgeText(unreadNotifications)}
          </span>
        ) : null}
      </Link>
      <Link to="/account" title={t("{name}: your account", { name: fullName })} data-testid="header-avatar" className="rounded-full">
        <Avatar firstName={user.firstName} lastName={user.lastName} imageUrl={user.profileImageUrl} size="sm" />
        <span className="sr-only">{t("Your account (signed in as {name})", { name: fullName })}</span>
      </Link>
      <Form method="post" action="/api/logout" reloadDocument>
        <button
          type="submit"
          aria-label={t("Log out")}
          title={t("Log out")}
          className="flex h-10 w-10 items-center justify-center rounded-full text-stone-600 hover:bg-orange-50 hover:text-orange-700"
        >
          <LogoutIcon />
        </button>
      </Form>
    </>
  );
}

/** Shown on every page while the local demo sign-in is on, so nobody mistakes it for a real deployment. */
export function DemoSignInBanner() {
  const t = useT();
  return (
    <p role="note" className="bg-amber-300 px-4 py-1 text-center text-xs font-semibold text-amber-950 sm:py-1.5 sm:text-sm">
      {t("Demo mode: local sign-in is on, so anyone here can sign in as anybody.")}
      {/* The warning's second sentence only where it fits on one line with the first: on a phone the banner stays one or two lines. */}
      <span className="hidden sm:inline"> {t("Never run it like this in public.")}</span>{" "}
      <a href="/demo/codes" className="underline">
        {t("Demo label codes")}
      </a>
    </p>
  );
}
