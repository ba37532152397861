import { createCookie, redirect } from "@remix-run/node";
import { languageAtSignIn } from "~/web/sign-in-language.server";
import { safeRedirect } from "~/lib/redirect";
import { setDefaultFirstName, upsertUserFromProvider } from "~/models/users.server";
import { getDb } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { flashHeader } from "./flash.server";
import { requestT } from "./language.server";
import { nameKey } from "~/services/names.server";
import { beginSignIn, clearStateCookies, completeSignIn, SignInError, stateCookieOptions, type ProviderId } from "./oauth.server";
import { startSession } from "./session.server";
import { singleLine } from "~/lib/text";

/** Where to return after the provider, kept beside the state cookie (same lifetime and SameSite rules). */
function returnCookie(provider: ProviderId) {
  const options = stateCookieOptions(provider);
  return createCookie(`jh_oauth_return_${provider}`, {
    httpOnly: true,
    secure: "secure" in options,
    sameSite: options.sameSite === "None" ? "none" : "lax",
    path: options.path,
    maxAge: options.maxAge,
    secrets: env().sessionSecrets,
  });
}

function loginErrorRedirect(code: string, status = 303): Response {
  return redirect(`/login?error=${code}`, { status });
}

/** GET /api/login?provider=…: off to the provider, remembering where the hunter came from. */
export async function startProviderSignIn(provider: ProviderId, request: Request, redirectTo: string): Promise<Response> {
  let response: Response;
  try {
    response = await beginSignIn(getDb(), provider, request);
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    console.error(error.cause ?? error);
    return loginErrorRedirect(error.code, 302);
  }
  response.headers.append("Set-Cookie", await returnCookie(provider).serialize(safeRedirect(redirectTo)));
  return response;
}

/**
 * The provider's callback: verify, find or create the hunter, start a fresh
 * session and go back where they were. Any failure signs nobody in and lands
 * on /login with the reason.
 */
export async function finishProviderSignIn(provider: ProviderId, request: Request, params: URLSearchParams): Promise<Response> {
  const headers = new Headers();
  for (const cookie of clearStateCookies(provider, request)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await returnCookie(provider).serialize("", { maxAge: 0 }));
  const db = getDb();
  let profile;
  try {
    profile = await completeSignIn(db, provider, request, params);
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    console.warn(`Sign-in with ${provider} failed: ${error.message}`, describeCause(error.cause));
    headers.set("Location", `/login?error=${error.code}`);
    return new Response(null, { status: 303, headers });
  }
  // A provider that withholds the name (Apple after the first sign-in) keeps the one we have;
  // one that never sent any leaves "Hunter".
  const user = await upsertUserFromProvider(
    db,
    { ...profile, firstName: singleLine(profile.firstName || ""), lastName: singleLine(profile.lastName || "") },
    new Date(),
    nameKey,
  );
  if (!user.first_name.trim()) {
    const key = nameKey(`Hunter ${user.last_name}`.trim());
    await setDefaultFirstName(db, user.id, key);
    user.first_name = "Hunter";
  }
  const returnTo = safeRedirect((await returnCookie(provider).parse(request.headers.get("Cookie"))) as string | null, "/");
  headers.append("Set-Cookie", await startSession(request, "user", user.id, { db }));
  const language = await languageAtSignIn(request, db, user.id);
  if (language) headers.append("Set-Cookie", language);
  const t = requestT(request);
  const firstName = user.first_name.trim();
  headers.append(
    "Set-Cookie",
    await flashHeader({
      title: t("Signed in"),
      description: firstName ? t("Welcome, {name}!", { name: firstName }) : t("Welcome, Hunter!"),
      variant: "success",
    }),
  );
  headers.set("Location", returnTo);
  return new Response(null, { status: 303, headers });
}

/** The chain of causes in one line, for the server log. */
function describeCause(cause: unknown): string {
  const parts: string[] = [];
  for (let current = cause, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth += 1) {
    parts.push(`${current.name}: ${current.message}`);
  }
  return parts.join(" <- ");
}
