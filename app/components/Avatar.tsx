import { Link } from "~/components/Link";
import { hunterPath } from "~/lib/hunters";
import { fullName, initials } from "~/lib/format";

export function Avatar({
  firstName,
  lastName,
  imageUrl,
  size = "md",
}: {
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  size?: "sm" | "md" | "lg";
}) {
  const box = size === "sm" ? "h-8 w-8 text-xs" : size === "lg" ? "h-12 w-12 text-base" : "h-10 w-10 text-sm";
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        className={`${box} shrink-0 rounded-full bg-stone-200 object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-orange-100 font-semibold text-orange-800`}
    >
      {initials(firstName, lastName)}
    </span>
  );
}

type Hunter = { id: number; firstName: string; lastName: string; profileImageUrl: string | null };

/** A hunter's avatar, leading to their profile (the name beside it is the link a keyboard or screen reader uses). */
export function HunterAvatarLink({ user }: { user: Hunter }) {
  return (
    <Link to={hunterPath(user.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
      <Avatar firstName={user.firstName} lastName={user.lastName} imageUrl={user.profileImageUrl} />
    </Link>
  );
}

/** A hunter's name, leading to their profile. */
export function HunterNameLink({ user }: { user: Hunter }) {
  return <HunterLink id={user.id}>{fullName(user.firstName, user.lastName)}</HunterLink>;
}

/** Text leading to a hunter's profile (kept here, with the header's avatar, so pages share one small module). */
export function HunterLink({ id, children }: { id: number; children: React.ReactNode }) {
  return (
    <Link to={hunterPath(id)} className="hover:underline" data-testid="hunter-link">
      {children}
    </Link>
  );
}
