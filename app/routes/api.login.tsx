import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/redirect";
import { requestT } from "~/web/language.server";
import { isProviderId, providerAvailability } from "~/web/oauth.server";
import { startProviderSignIn } from "~/web/sign-in.server";

/**
 * SPEC.md §7: the full-page navigation that starts a sign-in. Without a
 * provider it shows the sign-in page; an unknown provider is a 400.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const provider = url.searchParams.get("provider");
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  const back = redirectTo === "/" ? "" : `redirectTo=${encodeURIComponent(redirectTo)}`;
  if (provider === null || provider === "") throw redirect(`/login${back ? `?${back}` : ""}`);
  if (!isProviderId(provider)) {
    const t = requestT(request);
    throw new Response(
      t("There is no sign-in provider called \u0022{provider}\u0022. Choose Apple, Meta or Google.", { provider: provider.slice(0, 40) }),
      { status: 400 },
    );
  }
  if (!providerAvailability()[provider]) {
    throw redirect(`/login?error=provider_unavailable${back ? `&${back}` : ""}`);
  }
  throw await startProviderSignIn(provider, request, redirectTo);
}

/** Every request ends in a redirect or an error page (the root's, with the message above). */
export default function StartSignIn() {
  return null;
}
