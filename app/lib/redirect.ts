import { loginLink } from "./login-link";

/**
 * A same-origin path to send someone to after signing in (or `fallback`).
 * Anything that could leave the site — another origin, a protocol-relative
 * "//host" or "/\host", a scheme, control characters — is ignored. The path
 * is checked both as given and as normalised (dot segments resolved), since
 * "/.//evil.example" only becomes "//evil.example" once normalised, and it is
 * the normalised path that goes into the Location header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!isSameOriginPath(to)) return fallback;
  try {
    const base = "http://same-origin.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    const target = `${url.pathname}${url.search}${url.hash}`;
    return isSameOriginPath(target) && new URL(target, base).origin === base ? target : fallback;
  } catch {
    return fallback;
  }
}

/** A path no browser reads as another host: one leading slash, no backslash, no C0 or C1 control character. */
function isSameOriginPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  return ![...path].some((char) => char <= "\u001f" || (char >= "\u007f" && char <= "\u009f") || char === "\\");
}

/** The /login link that brings the visitor back to `returnTo`, wherever it came from. */
export function loginHref(returnTo?: string | null): string {
  return loginLink(safeRedirect(returnTo, "/"));
}
