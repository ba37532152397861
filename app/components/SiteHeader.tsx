import { Link } from "@remix-run/react";
import type { HuntConfig } from "~/lib/config";
import { Dropdown, DropdownLink } from "./ui/Dropdown";
import { ForumIcon, PhotosIcon, ShareIcon, ShieldIcon } from "./ui/icons";

export function SiteHeader({ hunt, accountArea }: { hunt: HuntConfig; accountArea: React.ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-orange-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Link to="/" className="flex min-w-0 items-center gap-3 rounded-lg" aria-label={`${hunt.name} home`}>
          <img src="/logo.svg" alt="" width={40} height={40} className="h-10 w-10 shrink-0" />
          <span className="min-w-0">
            <span className="block truncate text-lg font-extrabold leading-tight tracking-tight text-stone-900">{hunt.name}</span>
            <span className="block truncate text-[11px] text-stone-500 sm:text-xs">{hunt.tagline}</span>
          </span>
        </Link>
        <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
          <Dropdown
            summaryLabel="Share and links"
            summaryClassName="flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-stone-600 hover:bg-orange-50 hover:text-orange-700"
            summary={<ShareIcon />}
          >
            <DropdownLink href={hunt.socialPhotosUrl} external icon={<PhotosIcon className="h-4 w-4" />}>
              {hunt.socialPhotosLabel}
            </DropdownLink>
            <DropdownLink href={hunt.socialForumUrl} external icon={<ForumIcon className="h-4 w-4" />}>
              {hunt.socialForumLabel}
            </DropdownLink>
            <DropdownLink href="/privacy-policy" icon={<ShieldIcon className="h-4 w-4" />}>
              Privacy Policy
            </DropdownLink>
          </Dropdown>
          {accountArea}
        </div>
      </div>
    </header>
  );
}

export function SignInButton({ redirectTo }: { redirectTo?: string }) {
  const href = redirectTo && redirectTo !== "/" ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  return (
    <Link
      to={href}
      className="inline-flex h-10 items-center rounded-full bg-orange-700 px-4 text-sm font-semibold text-white shadow-sm hover:bg-orange-800"
    >
      Sign In
    </Link>
  );
}
