import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isProviderId } from "~/services/oauth.server";
import { finishProviderSignIn } from "~/services/sign-in.server";

// A resource route on purpose: Apple's answer is a cross-site form POST, which
// Remix's page actions refuse; here the state cookie and the ID token are what
// prove the answer belongs to a sign-in this browser started.

function providerOf(params: LoaderFunctionArgs["params"]) {
  const provider = params.provider;
  if (!isProviderId(provider)) throw new Response("Unknown sign-in provider.", { status: 404 });
  return provider;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const provider = providerOf(params);
  return finishProviderSignIn(provider, request, new URL(request.url).searchParams);
}

/** Apple's response_mode=form_post. */
export async function action({ request, params }: ActionFunctionArgs) {
  const provider = providerOf(params);
  if (provider !== "apple") throw new Response("This provider answers with a redirect, not a form.", { status: 405 });
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) {
    throw new Response("Expected a form.", { status: 415 });
  }
  const body = await request.text();
  if (body.length > 64 * 1024) throw new Response("The form is too large.", { status: 413 });
  return finishProviderSignIn(provider, request, new URLSearchParams(body));
}
