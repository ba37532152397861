import crypto from "node:crypto";
import { OAuth2Tokens } from "arctic";
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { Authenticator } from "remix-auth";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { consumeSignInState, insertSignInState } from "~/models/sign-in-states.server";
import type { ProviderProfile } from "~/models/users.server";
import type { DB } from "~/infra/db.server";
import { env } from "~/infra/env.server";
import { allowCspSources } from "./security.server";

export const PROVIDERS = ["apple", "meta", "google"] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && (PROVIDERS as readonly string[]).includes(value);
}

/** Which sign-in providers have credentials on this server. */
export function providerAvailability(): Record<ProviderId, boolean> {
  const { oauth } = env();
  return { apple: oauth.apple !== null, meta: oauth.meta !== null, google: oauth.google !== null };
}

/** Why a sign-in did not complete; each code has a message on /login. */
export type SignInErrorCode = "sign_in_failed" | "sign_in_cancelled" | "sign_in_expired" | "provider_unavailable";

export class SignInError extends Error {
  override name = "SignInError";
  constructor(
    readonly code: SignInErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function callbackPath(provider: ProviderId): string {
  return `/api/auth/callback/${provider}`;
}

/** The prefix of the short-lived cookies that carry each sign-in's state and PKCE verifier. */
export function stateCookieName(provider: ProviderId): string {
  return `jh_oauth_${provider}`;
}

/**
 * Apple answers with a cross-site POST (response_mode=form_post), on which
 * browsers do not send SameSite=Lax cookies; its state cookie is
 * SameSite=None (which requires Secure) and is scoped to the callback path.
 */
export function stateCookieOptions(provider: ProviderId) {
  const secure = provider === "apple" || env().publicUrl.protocol === "https:";
  return {
    sameSite: provider === "apple" ? ("None" as const) : ("Lax" as const),
    // The cookie library's type only admits `secure: true`; leaving it out means "not Secure".
    ...(secure ? { secure: true as const } : {}),
    httpOnly: true as const,
    path: callbackPath(provider),
    maxAge: 10 * 60,
  };
}

/**
 * The OIDC nonce is derived from the (random, single-use) state with the
 * server's secret, so it needs no storage of its own and an ID token minted
 * for another sign-in attempt does not verify.
 */
function nonceFor(state: string): string {
  return crypto.createHmac("sha256", env().sessionSecrets[0]!).update(`oidc-nonce:${state}`).digest("base64url");
}

type OidcMetadata = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };

const OidcMetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

const metadataCache = new Map<string, Promise<{ metadata: OidcMetadata; keys: JWTVerifyGetKey }>>();

/** The provider's published configuration and signing keys (fetched once per process). */
function discover(issuer: string): Promise<{ metadata: OidcMetadata; keys: JWTVerifyGetKey }> {
  let pending = metadataCache.get(issuer);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The provider at ${issuer} answered ${response.status} for its configuration`);
      const metadata = OidcMetadataSchema.parse(await response.json());
      if (metadata.issuer.replace(/\/+$/, "") !== issuer) {
        throw new Error(`The provider at ${issuer} claims to be ${metadata.issuer}`);
      }
      return { metadata, keys: createRemoteJWKSet(new URL(metadata.jwks_uri)) };
    })();
    metadataCache.set(issuer, pending);
    // A failed discovery is retried by the next sign-in rather than remembered.
    pending.catch(() => metadataCache.delete(issuer));
  }
  return pending;
}

/** Checks an ID token's signature, issuer, audience, expiry and nonce. */
async function verifyIdToken(
  idToken: string,
  { keys, issuer, audience, state }: { keys: JWTVerifyGetKey; issuer: string; audience: string; state: string },
) {
  const { payload } = await jwtVerify(idToken, keys, { issuer: [issuer, `${issuer}/`], audience, clockTolerance: 60 });
  if (payload.nonce !== nonceFor(state)) throw new Error("The ID token's nonce does not belong to this sign-in");
  if (typeof payload.sub !== "string" || payload.sub === "") throw new Error("The ID token has no subject");
  return payload;
}

/**
 * The authorization-code exchange. Our own rather than the OAuth client's:
 * Apple requires the credentials in the body (Meta documents it too), and the
 * library's request sets a Content-Length header that Node 24's fetch refuses.
 */
async function requestTokens(
  tokenEndpoint: string,
  fields: Record<string, string>,
  basicAuth?: { clientId: string; clientSecret: string },
): Promise<OAuth2Tokens> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  if (basicAuth) {
    const encode = (value: string) => encodeURIComponent(value);
    headers.Authorization = `Basic ${Buffer.from(`${encode(basicAuth.clientId)}:${encode(basicAuth.clientSecret)}`).toString("base64")}`;
  }
  const response = await fetch(tokenEndpoint, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(15_000),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || typeof body !== "object" || body === null || !("access_token" in body)) {
    const error = typeof body === "object" && body !== null && "error" in body ? String(body.error) : `http_${response.status}`;
    throw new OAuth2RequestError(error, null, null, null);
  }
  return new OAuth2Tokens(body);
}

type StrategyOptions = ConstructorParameters<typeof OAuth2Strategy<ProviderProfile>>[0];
type Verify = ConstructorParameters<typeof OAuth2Strategy<ProviderProfile>>[1];

/** Adds the OIDC nonce and any provider-specific parameters to the authorization request. */
class ProviderStrategy extends OAuth2Strategy<ProviderProfile> {
  constructor(
    options: StrategyOptions,
    verify: Verify,
    private readonly extras: {
      name: ProviderId;
      oidc: boolean;
      params?: Record<string, string>;
      exchange: (code: string, codeVerifier: string) => Promise<OAuth2Tokens>;
    },
  ) {
    super(options, verify);
    this.name = extras.name;
  }

  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const result = super.authorizationParams(params, request);
    const state = result.get("state");
    if (this.extras.oidc && state) result.set("nonce", nonceFor(state));
    for (const [key, value] of Object.entries(this.extras.params ?? {})) result.set(key, value);
    return result;
  }

  protected override validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    return this.extras.exchange(code, codeVerifier);
  }
}

function stateOf(request: Request): string {
  return new URL(request.url).searchParams.get("state") ?? "";
}

function splitName(name: unknown): { firstName: string; lastName: string } {
  const parts = typeof name === "string" ? name.trim().split(/\s+/) : [];
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

function httpsUrlOrNull(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

type OidcProvider = {
  name: "google" | "apple";
  config: { issuer: string; clientId: string };
  clientSecret: string | null;
  scopes: string[];
  params?: Record<string, string>;
  /** The hunter as the verified ID token (and, for Apple, the callback request) describe them. */
  profile: (claims: JWTPayload, request: Request) => ProviderProfile;
  exchange: (tokenEndpoint: string, code: string, codeVerifier: string) => Promise<OAuth2Tokens>;
};

/** An OpenID Connect provider: its discovered endpoints, and an ID token verified against its keys and our nonce. */
async function oidcStrategy(provider: OidcProvider, redirectURI: string) {
  const { name, config } = provider;
  const { metadata, keys } = await discover(config.issuer);
  return new ProviderStrategy(
    {
      clientId: config.clientId,
      clientSecret: provider.clientSecret,
      redirectURI,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
      scopes: provider.scopes,
      cookie: { name: stateCookieName(name), ...stateCookieOptions(name) },
    },
    async ({ tokens, request }) => {
      const claims = await verifyIdToken(tokens.idToken(), {
        keys,
        issuer: config.issuer,
        audience: config.clientId,
        state: stateOf(request),
      });
      return provider.profile(claims, request);
    },
    {
      name,
      oidc: true,
      params: provider.params,
      exchange: (code, codeVerifier) => provider.exchange(metadata.token_endpoint, code, codeVerifier),
    },
  );
}

function googleStrategy(config: NonNullable<ReturnType<typeof env>["oauth"]["google"]>, redirectURI: string) {
  return oidcStrategy(
    {
      name: "google",
      config,
      clientSecret: config.clientSecret,
      scopes: ["openid", "email", "profile"],
      profile: (claims) => {
        const fallback = splitName(claims.name);
        return {
          provider: "google",
          subject: claims.sub!,
          firstName: typeof claims.given_name === "string" ? claims.given_name : fallback.firstName,
          lastName: typeof claims.family_name === "string" ? claims.family_name : fallback.lastName,
          email: typeof claims.email === "string" ? claims.email : null,
          profileImageUrl: httpsUrlOrNull(claims.picture),
        };
      },
      exchange: (tokenEndpoint, code, codeVerifier) =>
        requestTokens(
          tokenEndpoint,
          { grant_type: "authorization_code", code, code_verifier: codeVerifier, redirect_uri: redirectURI },
          { clientId: config.clientId, clientSecret: config.clientSecret },
        ),
    },
    redirectURI,
  );
}

/** Apple's client secret: a short-lived ES256 JWT signed with the team's .p8 key. */
async function appleClientSecret(config: NonNullable<ReturnType<typeof env>["oauth"]["apple"]>): Promise<string> {
  const key = await importPKCS8(config.privateKey, "ES256");
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: config.keyId })
    .setIssuer(config.teamId)
    .setSubject(config.clientId)
    .setAudience(config.issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + 5 * 60)
    .sign(key);
}

const AppleUserSchema = z.object({
  name: z.object({ firstName: z.string().max(100).optional(), lastName: z.string().max(100).optional() }).optional(),
});

function appleStrategy(config: NonNullable<ReturnType<typeof env>["oauth"]["apple"]>, redirectURI: string) {
  return oidcStrategy(
    {
      name: "apple",
      config,
      clientSecret: null,
      scopes: ["name", "email"],
      params: { response_mode: "form_post" },
      profile: (claims, request) => {
        // Apple sends the name once, on the first sign-in, beside the code (never in the token).
        let name: { firstName?: string; lastName?: string } = {};
        const userField = new URL(request.url).searchParams.get("user");
        if (userField) {
          try {
            name = AppleUserSchema.parse(JSON.parse(userField)).name ?? {};
          } catch {
            name = {};
          }
        }
        return {
          provider: "apple",
          subject: claims.sub!,
          firstName: name.firstName ?? "",
          lastName: name.lastName ?? "",
          email: typeof claims.email === "string" ? claims.email : null,
          profileImageUrl: null,
        };
      },
      exchange: async (tokenEndpoint, code, codeVerifier) =>
        requestTokens(tokenEndpoint, {
          grant_type: "authorization_code",
          code,
          code_verifier: codeVerifier,
          redirect_uri: redirectURI,
          client_id: config.clientId,
          client_secret: await appleClientSecret(config),
        }),
    },
    redirectURI,
  );
}

const GraphMeSchema = z.object({
  id: z.string().min(1),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string().optional(), is_silhouette: z.boolean().optional() }) }).optional(),
});

function metaStrategy(config: NonNullable<ReturnType<typeof env>["oauth"]["meta"]>, redirectURI: string) {
  const graph = `${config.graphOrigin}/${config.graphVersion}`;
  const tokenEndpoint = `${graph}/oauth/access_token`;
  return new ProviderStrategy(
    {
      clientId: config.appId,
      clientSecret: null,
      redirectURI,
      authorizationEndpoint: `${config.dialogOrigin}/${config.graphVersion}/dialog/oauth`,
      tokenEndpoint,
      scopes: ["public_profile", "email"],
      cookie: { name: stateCookieName("meta"), ...stateCookieOptions("meta") },
    },
    async ({ tokens }) => {
      const accessToken = tokens.accessToken();
      // appsecret_proof ties the call to our app, so a token leaked elsewhere cannot be replayed here.
      const proof = crypto.createHmac("sha256", config.appSecret).update(accessToken).digest("hex");
      const url = new URL(`${graph}/me`);
      url.searchParams.set("fields", "id,first_name,last_name,name,email,picture.width(200).height(200)");
      url.searchParams.set("appsecret_proof", proof);
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The Graph API answered ${response.status} for /me`);
      const me = GraphMeSchema.parse(await response.json());
      const fallback = splitName(me.name);
      const picture = me.picture?.data.is_silhouette ? null : httpsUrlOrNull(me.picture?.data.url);
      return {
        provider: "meta",
        subject: me.id,
        firstName: me.first_name ?? fallback.firstName,
        lastName: me.last_name ?? fallback.lastName,
        email: me.email ?? null,
        profileImageUrl: picture,
      };
    },
    {
      name: "meta",
      oidc: false,
      exchange: (code, codeVerifier) =>
        requestTokens(tokenEndpoint, {
          grant_type: "authorization_code",
          code,
          code_verifier: codeVerifier,
          redirect_uri: redirectURI,
          client_id: config.appId,
          client_secret: config.appSecret,
        }),
    },
  );
}

// Profile pictures are shown from the providers' image hosts.
allowCspSources({ img: ["https://*.googleusercontent.com", "https://*.fbcdn.net", "https://platform-lookaside.fbsbx.com"] });

async function authenticatorFor(provider: ProviderId): Promise<Authenticator<ProviderProfile>> {
  const config = env();
  const redirectURI = new URL(callbackPath(provider), config.publicUrl).toString();
  const authenticator = new Authenticator<ProviderProfile>();
  if (provider === "google" && config.oauth.google) authenticator.use(await googleStrategy(config.oauth.google, redirectURI));
  else if (provider === "apple" && config.oauth.apple) authenticator.use(await appleStrategy(config.oauth.apple, redirectURI));
  else if (provider === "meta" && config.oauth.meta) authenticator.use(metaStrategy(config.oauth.meta, redirectURI));
  else throw new SignInError("provider_unavailable", `${provider} sign-in is not configured on this server.`);
  return authenticator;
}

function hashState(state: string): string {
  return crypto.createHash("sha256").update(state).digest("hex");
}

/**
 * Starts a sign-in: answers the redirect to the provider, carrying the state
 * cookie, and records the state on the server so its callback can be used
 * once. Failing to reach the provider's configuration is a SignInError.
 */
export async function beginSignIn(db: DB, provider: ProviderId, request: Request, now = new Date()): Promise<Response> {
  let authenticator: Authenticator<ProviderProfile>;
  try {
    authenticator = await authenticatorFor(provider);
  } catch (error) {
    if (error instanceof SignInError) throw error;
    throw new SignInError("sign_in_failed", `Could not reach ${provider} to sign in.`, { cause: error });
  }
  // Without a `state` in the URL the strategy always answers with its redirect.
  const start = new URL(request.url);
  start.search = "";
  try {
    await authenticator.authenticate(provider, new Request(start, { headers: request.headers }));
  } catch (thrown) {
    if (thrown instanceof Response) {
      const state = new URL(thrown.headers.get("Location") ?? "", "http://provider.invalid").searchParams.get("state");
      if (!state) throw new SignInError("sign_in_failed", `The ${provider} sign-in started without a state.`);
      const expiresAt = new Date(now.getTime() + stateCookieOptions(provider).maxAge * 1000).toISOString();
      await insertSignInState(db, { stateHash: hashState(state), provider, expiresAt, now });
      return thrown;
    }
    throw new SignInError("sign_in_failed", `Could not start the ${provider} sign-in.`, { cause: thrown });
  }
  throw new SignInError("sign_in_failed", `The ${provider} sign-in did not start.`);
}

/**
 * Completes a sign-in from the provider's callback (`params` holds the
 * callback's query or, for Apple, its posted form) and returns the verified
 * profile. The state is used up first (one statement), so a callback that
 * was already used, even against a provider that would take its code again,
 * goes no further. Every failure — a state this server did not issue or that
 * was used, one that does not match the cookie, a missing cookie, a refused
 * or reused code, a token for another audience — is a SignInError, and
 * nothing is signed in.
 */
export async function completeSignIn(
  db: DB,
  provider: ProviderId,
  request: Request,
  params: URLSearchParams,
  now = new Date(),
): Promise<ProviderProfile> {
  if (params.get("error") === "access_denied" || params.get("error") === "user_cancelled_authorize") {
    throw new SignInError("sign_in_cancelled", "The sign-in was cancelled at the provider.");
  }
  const authenticator = await authenticatorFor(provider).catch((error: unknown) => {
    if (error instanceof SignInError) throw error;
    throw new SignInError("sign_in_failed", `Could not reach ${provider} to sign in.`, { cause: error });
  });
  const url = new URL(callbackPath(provider), request.url);
  for (const key of ["state", "code", "error", "error_description", "user"]) {
    const value = params.get(key);
    if (value !== null) url.searchParams.set(key, value);
  }
  const state = url.searchParams.get("state");
  if (!state) throw new SignInError("sign_in_failed", "The provider's answer carried no state.");
  if (!(await consumeSignInState(db, { stateHash: hashState(state), provider, now }))) {
    throw new SignInError("sign_in_failed", "The sign-in's state is unknown, ended or already used.");
  }
  try {
    return await authenticator.authenticate(provider, new Request(url, { headers: request.headers }));
  } catch (error) {
    if (error instanceof ReferenceError && /cookie/i.test(error.message)) {
      throw new SignInError("sign_in_expired", "The sign-in's state cookie is missing.", { cause: error });
    }
    throw new SignInError("sign_in_failed", `The ${provider} sign-in could not be verified.`, { cause: error });
  }
}

/** Set-Cookie values that remove every state cookie of this provider the request carried. */
export function clearStateCookies(provider: ProviderId, request: Request): string[] {
  const prefix = stateCookieName(provider);
  const options = stateCookieOptions(provider);
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name.startsWith(prefix));
  return names.map(
    (name) => `${name}=; Path=${options.path}; Max-Age=0; HttpOnly; SameSite=${options.sameSite}${"secure" in options ? "; Secure" : ""}`,
  );
}
