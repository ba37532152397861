/**
 * A same-origin path to send someone to after signing in (or `fallback`).
 * Anything that could leave the site — another origin, a protocol-relative
 * "//host" or "/\host", a scheme, control characters — is ignored.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if ([...to].some((char) => char <= "\u001f" || char === "\u007f" || char === "\\")) return fallback;
  try {
    const base = "http://same-origin.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The /login link that brings the visitor back to `returnTo`. */
export function loginHref(returnTo?: string | null): string {
  const target = safeRedirect(returnTo, "/");
  return target === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(target)}`;
}
