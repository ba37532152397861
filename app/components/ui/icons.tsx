/**
 * The app's icons: drawn once, in one sprite file the browser keeps
 * (icons.svg, hashed by the build and cached for good; the service worker
 * keeps it too), and shown where needed by reference (`<use href="…#pin">`).
 * A page of cards shows the same few icons dozens of times; drawn in place,
 * each was a small tree of SVG elements with nine attributes, rendered by the
 * server and sent again every time (issue 22). Their stroke, fill and line
 * joins come from the `icon` class (app/tailwind.css), so a caller's classes
 * (a colour, a size, `animate-spin`) still apply.
 */
import type { SVGProps } from "react";
import spriteHref from "./icons.svg?no-inline";

/** The drawings in icons.svg, each a symbol of that id on a 24 × 24 grid. */
export const ICON_NAMES = [
  "home",
  "map",
  "trophy",
  "scan",
  "camera",
  "upload",
  "share",
  "heart",
  "comment",
  "bell",
  "logout",
  "external",
  "shield",
  "close",
  "back",
  "pin",
  "crown",
  "plus",
  "locate",
  "search",
  "menu",
  "link",
  "alert",
  "photos",
  "forum",
  "spinner",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** The sprite's address, for the root layout to ask for it early. */
export const ICON_SPRITE_HREF = spriteHref;

type IconProps = Omit<SVGProps<SVGSVGElement>, "name"> & { title?: string };

/** Icons that point a way: drawn mirrored on a right-to-left page, where "back" points right. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set<IconName>(["back", "external"]);

export function Icon({ name, title, className = "h-5 w-5", ...props }: IconProps & { name: IconName }) {
  return (
    <svg
      className={`icon ${className}${DIRECTIONAL.has(name) ? " rtl:-scale-x-100" : ""}`}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}

export const HomeIcon = (p: IconProps) => <Icon name="home" {...p} />;
export const MapIcon = (p: IconProps) => <Icon name="map" {...p} />;
export const TrophyIcon = (p: IconProps) => <Icon name="trophy" {...p} />;
export const ScanIcon = (p: IconProps) => <Icon name="scan" {...p} />;
export const CameraIcon = (p: IconProps) => <Icon name="camera" {...p} />;
export const UploadIcon = (p: IconProps) => <Icon name="upload" {...p} />;
export const ShareIcon = (p: IconProps) => <Icon name="share" {...p} />;
export const CommentIcon = (p: IconProps) => <Icon name="comment" {...p} />;
export const BellIcon = (p: IconProps) => <Icon name="bell" {...p} />;
export const LogoutIcon = (p: IconProps) => <Icon name="logout" {...p} />;
export const ExternalIcon = (p: IconProps) => <Icon name="external" {...p} />;
export const ShieldIcon = (p: IconProps) => <Icon name="shield" {...p} />;
export const CloseIcon = (p: IconProps) => <Icon name="close" {...p} />;
export const BackIcon = (p: IconProps) => <Icon name="back" {...p} />;
export const PinIcon = (p: IconProps) => <Icon name="pin" {...p} />;
export const CrownIcon = (p: IconProps) => <Icon name="crown" {...p} />;
export const PlusIcon = (p: IconProps) => <Icon name="plus" {...p} />;
export const LocateIcon = (p: IconProps) => <Icon name="locate" {...p} />;
export const SearchIcon = (p: IconProps) => <Icon name="search" {...p} />;
export const MenuIcon = (p: IconProps) => <Icon name="menu" {...p} />;
export const LinkIcon = (p: IconProps) => <Icon name="link" {...p} />;
export const AlertIcon = (p: IconProps) => <Icon name="alert" {...p} />;
export const PhotosIcon = (p: IconProps) => <Icon name="photos" {...p} />;
export const ForumIcon = (p: IconProps) => <Icon name="forum" {...p} />;
export const HeartIcon = ({ filled, className = "h-5 w-5", ...p }: IconProps & { filled?: boolean }) => (
  <Icon name="heart" className={filled ? `icon-filled ${className}` : className} {...p} />
);
export const SpinnerIcon = ({ className = "h-6 w-6 animate-spin", ...p }: IconProps) => (
  <Icon name="spinner" className={className} {...p} />
);
