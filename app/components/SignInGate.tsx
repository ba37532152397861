import { useNavigate } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useEffect, useRef } from "react";
import { loginLink } from "~/lib/login-link";
import { useRootData } from "./root-data";
import { useToast } from "./Toaster";
import { useT } from "./i18n";

/** SPEC.md §9: the sign-in page follows the toast after one second. */
export const SIGN_IN_REDIRECT_DELAY_MS = 1000;

/**
 * A link to something only signed-in hunters can do. Signed out, it is a
 * plain link to /login (which brings them back); with JavaScript it first
 * says why, as SPEC.md §6 describes.
 */
export function ContributorLink({
  to,
  className,
  children,
  ...rest
}: {
  to: string;
  className: string;
  children: React.ReactNode;
  "aria-label"?: string;
  "data-floating-action"?: string;
}) {
  const signedIn = Boolean(useRootData()?.user);
  const showToast = useToast();
  const t = useT();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (signedIn) {
    return (
      <Link to={to} className={className} {...rest}>
        {children}
      </Link>
    );
  }
  const href = loginLink(to);
  return (
    <a
      href={href}
      className={className}
      {...rest}
      onClick={(event) => {
        if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        showToast({ title: t("Sign in required"), description: t("Please sign in to report Jimmy discoveries") });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => navigate(href), SIGN_IN_REDIRECT_DELAY_MS);
      }}
    >
      {children}
    </a>
  );
}
