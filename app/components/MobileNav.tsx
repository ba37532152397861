import { NavLink } from "@remix-run/react";
import type { HuntConfig } from "~/lib/config";
import { Dropdown, DropdownLink } from "./ui/Dropdown";
import { HomeIcon, MapIcon, MenuIcon, ScanIcon, SearchIcon, TrophyIcon } from "./ui/icons";
import { HuntLinks } from "./SiteHeader";
import { msg } from "~/lib/language";
import { useT } from "./i18n";

const ITEMS = [
  { to: "/", label: msg("Home"), icon: HomeIcon, end: true },
  { to: "/map", label: msg("Map"), icon: MapIcon, end: false },
  { to: "/hall-of-fame", label: msg("Hall of Fame"), icon: TrophyIcon, end: false },
  { to: "/scan", label: msg("Scan"), icon: ScanIcon, end: false },
] as const;

const itemClass = "flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium";

/**
 * Bottom navigation on small screens. Its last item is the menu of search,
 * social pages and the privacy policy (SPEC.md's small mobile menu): part of the bar,
 * whose space the page keeps free, so it never floats over the page's own
 * links and buttons.
 */
export function MobileNav({ hunt }: { hunt: HuntConfig }) {
  const t = useT();
  return (
    <nav
      aria-label={t("Mobile")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-orange-100 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-5">
        {ITEMS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) => `${itemClass} ${isActive ? "text-orange-700" : "text-stone-600 hover:text-orange-700"}`}
            >
              <Icon className="h-5 w-5" />
              {t(label)}
            </NavLink>
          </li>
        ))}
        <li>
          <Dropdown
            align="right"
            placement="above"
            summaryLabel={t("More links")}
            summaryClassName={`${itemClass} w-full cursor-pointer text-stone-600 hover:text-orange-700`}
            summary={
              <>
                <MenuIcon className="h-5 w-5" />
                {t("More")}
              </>
            }
          >
            <DropdownLink href="/search" icon={<SearchIcon className="h-4 w-4" />}>
              {t("Search")}
            </DropdownLink>
            <HuntLinks hunt={hunt} />
          </Dropdown>
        </li>
      </ul>
    </nav>
  );
}
