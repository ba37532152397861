import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BodyTooLargeError, FORM_UNREADABLE_TEXT, MAX_FORM_BODY_BYTES, readBoundedBody } from "~/web/form.server";
import { requestT } from "~/web/language.server";
import { isProviderId } from "~/web/oauth.server";
import { finishProviderSignIn } from "~/web/sign-in.server";

// A resource route on purpose: Apple's answer is a cross-site form POST, which
// Remix's page actions refuse; here the state cookie and the ID token are what
// prove the answer belongs to a sign-in this browser started.

function providerOf(request: Request, params: LoaderFunctionArgs["params"]) {
  const provider = params.provider;
  if (!isProviderId(provider)) {
    const t = requestT(request);
    throw new Response(t("Unknown sign-in provider."), { status: 404 });
  }
  return provider;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const provider = providerOf(request, params);
  return finishProviderSignIn(provider, request, new URL(request.url).searchParams);
}

/** Apple's response_mode=form_post. */
export async function action({ request, params }: ActionFunctionArgs) {
  const provider = providerOf(request, params);
  const t = requestT(request);
  if (provider !== "apple") throw new Response(t("This provider answers with a redirect, not a form."), { status: 405 });
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) {
    throw new Response(t("Expected a form."), { status: 415 });
  }
  // Read within a bound as it streams, whether or not Apple sign-in is set up:
  // anyone can post here, from any site.
  let body: Buffer;
  try {
    body = await readBoundedBody(request, MAX_FORM_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Response(t("The form is too large."), { status: 413 });
    // The form module's words (app/web/form.server.ts), worded when the catalogue holds them.
    throw new Response(t(FORM_UNREADABLE_TEXT), { status: 400 });
  }
  return finishProviderSignIn(provider, request, new URLSearchParams(body.toString("utf8")));
}
