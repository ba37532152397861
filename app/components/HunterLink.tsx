import { Link } from "@remix-run/react";
import { hunterPath } from "~/lib/discoveries";
import { fullName } from "~/lib/format";
import { Avatar } from "./Avatar";

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
  return (
    <Link to={hunterPath(user.id)} className="hover:underline" data-testid="hunter-link">
      {fullName(user.firstName, user.lastName)}
    </Link>
  );
}
