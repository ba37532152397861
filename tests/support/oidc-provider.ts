/**
 * A real OpenID provider (oidc-provider) on loopback that stands in for
 * Google, Apple and Meta in the browser tests. The app is configured exactly
 * as in production, only with this issuer's addresses:
 *
 * - Google: plain OpenID Connect (discovery, code + PKCE, signed ID token).
 * - Apple: response_mode=form_post; the client secret the app sends is an
 *   ES256 JWT, verified here against the test .p8 key's public half before
 *   the request reaches the provider; the user's name is posted beside the
 *   code on an account's first sign-in only, as Apple does.
 * - Meta: Facebook Login's URL shapes (/{version}/dialog/oauth,
 *   /{version}/oauth/access_token, /{version}/me) mapped onto the provider,
 *   with /me answered in the Graph API's shape.
 *
 * Login names steer what a test needs: "wrong-audience…" gets an ID token
 * for another client, "wrong-nonce…" one with another nonce (both re-signed
 * with the provider's real key, so only that claim is wrong); for
 * "reusable-code…" the provider, like a lax one, answers the same tokens
 * again when the same code is exchanged twice.
 */
import crypto from "node:crypto";
import http from "node:http";
import { exportJWK, importJWK, jwtVerify, SignJWT, decodeJwt, type JWK } from "jose";
import Provider, { type Configuration } from "oidc-provider";

export type TestProviderCredentials = {
  issuer: string;
  google: { clientId: string; clientSecret: string };
  apple: { clientId: string; teamId: string; keyId: string; privateKeyPem: string };
  meta: { appId: string; appSecret: string; graphVersion: string };
};

const GRAPH_VERSION = "v21.0";

function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** Claims for a login name like "grace.hopper" → Grace Hopper. */
function claimsFor(login: string) {
  const [first = "Test", last = "Hunter"] = login.split(/[.\s_-]+/).filter(Boolean);
  return {
    sub: `sub-${login}`,
    given_name: titleCase(first),
    family_name: titleCase(last),
    name: `${titleCase(first)} ${titleCase(last)}`,
    email: `${login}@example.test`,
    email_verified: true,
    picture: `https://lh3.googleusercontent.com/a/${encodeURIComponent(login)}`,
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startTestOidcProvider({
  port,
  appOrigin,
}: {
  port: number;
  appOrigin: string;
}): Promise<{ credentials: TestProviderCredentials; close: () => Promise<void> }> {
  // "localhost" while the app is on 127.0.0.1: another site, so Apple's form
  // POST back to the app is a real cross-site request.
  const issuer = `http://localhost:${port}`;
  const signingKey = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const signingJwk = { ...(await exportJWK(signingKey.privateKey)), kid: "test-signing-key", alg: "ES256", use: "sig" } as JWK;
  const appleKey = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const applePrivatePem = appleKey.privateKey.export({ type: "pkcs8", format: "pem" }).toString();

  const credentials: TestProviderCredentials = {
    issuer,
    google: { clientId: "google-test-client", clientSecret: crypto.randomBytes(16).toString("hex") },
    apple: { clientId: "app.jimmyhunt.test", teamId: "TEAM123456", keyId: "KEY1234567", privateKeyPem: applePrivatePem },
    meta: { appId: "1234567890", appSecret: crypto.randomBytes(16).toString("hex"), graphVersion: GRAPH_VERSION },
  };
  const appleRegisteredSecret = crypto.randomBytes(16).toString("hex");
  const callback = (provider: string) => `${appOrigin}/api/auth/callback/${provider}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: credentials.google.clientId,
        client_secret: credentials.google.clientSecret,
        redirect_uris: [callback("google")],
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "ES256",
      },
      {
        client_id: credentials.apple.clientId,
        client_secret: appleRegisteredSecret,
        redirect_uris: [callback("apple")],
        token_endpoint_auth_method: "client_secret_post",
        id_token_signed_response_alg: "ES256",
      },
      {
        client_id: credentials.meta.appId,
        client_secret: credentials.meta.appSecret,
        redirect_uris: [callback("meta")],
        token_endpoint_auth_method: "client_secret_post",
        id_token_signed_response_alg: "ES256",
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [crypto.randomBytes(16).toString("hex")] },
    scopes: ["openid", "email", "profile", "offline_access"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name", "picture"],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const login = sub.replace(/^sub-/, "");
      return { accountId: sub, claims: async () => claimsFor(login) };
    },
    async loadExistingGrant(ctx) {
      // Consent is not what these tests are about: every client is first-party.
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["given_name", "family_name", "name", "picture", "email", "email_verified"]);
      await grant.save();
      return grant;
    },
  };

  const provider = new Provider(issuer, configuration);
  const signingPrivate = await importJWK(signingJwk, "ES256");
  const appleAccountsSeen = new Set<string>();
  const reusableCodeAnswers = new Map<string, unknown>();

  provider.use(async (ctx, next) => {
    const metaPrefix = `/${GRAPH_VERSION}`;
    // --- Meta: Facebook Login's addresses onto the provider's -------------
    if (ctx.path === `${metaPrefix}/dialog/oauth`) {
      const params = new URLSearchParams(ctx.querystring);
      params.set("scope", "openid profile email");
      ctx.redirect(`/auth?${params.toString()}`);
      return;
    }
    if (ctx.path === `${metaPrefix}/oauth/access_token`) ctx.path = "/token";
    const graphMe = ctx.path === `${metaPrefix}/me`;
    if (graphMe) ctx.path = "/me";

    // --- Apple: openid is implied by Apple, explicit here -------------------
    if (ctx.path === "/auth" && ctx.query.client_id === credentials.apple.clientId) {
      const params = new URLSearchParams(ctx.querystring);
      params.set("scope", "openid email profile");
      ctx.querystring = params.toString();
    }

    // --- Token requests: check Apple's JWT client secret --------------------
    const tokenRequest = ctx.method === "POST" && ctx.path === "/token";
    let code: string | null = null;
    if (tokenRequest) {
      const form = new URLSearchParams(await readBody(ctx.req));
      code = form.get("code");
      const answeredBefore = code === null ? undefined : reusableCodeAnswers.get(code);
      if (answeredBefore) {
        ctx.status = 200;
        ctx.body = structuredClone(answeredBefore);
        return;
      }
      if (form.get("client_id") === credentials.apple.clientId) {
        const secret = form.get("client_secret") ?? "";
        try {
          const { protectedHeader } = await jwtVerify(secret, appleKey.publicKey, {
            issuer: credentials.apple.teamId,
            subject: credentials.apple.clientId,
            audience: issuer,
            algorithms: ["ES256"],
            maxTokenAge: "10m",
          });
          if (protectedHeader.kid !== credentials.apple.keyId) throw new Error("wrong kid");
          form.set("client_secret", appleRegisteredSecret);
        } catch {
          form.set("client_secret", "rejected-apple-client-secret");
        }
      }
      // The provider reads an already-parsed body when the stream is consumed.
      (ctx.req as http.IncomingMessage & { body?: unknown }).body = Object.fromEntries(form);
    }

    await next();

    // --- After the provider answered ---------------------------------------
    if (tokenRequest && ctx.status === 200 && ctx.body && typeof ctx.body === "object" && "id_token" in ctx.body) {
      const body = ctx.body as { id_token: string };
      const claims = decodeJwt(body.id_token);
      const login = String(claims.sub ?? "").replace(/^sub-/, "");
      const tamper = login.startsWith("wrong-audience")
        ? { aud: "someone-elses-client" }
        : login.startsWith("wrong-nonce")
          ? { nonce: "a-nonce-from-another-sign-in" }
          : null;
      if (tamper) {
        body.id_token = await new SignJWT({ ...claims, ...tamper })
          .setProtectedHeader({ alg: "ES256", kid: signingJwk.kid! })
          .sign(signingPrivate);
      }
      if (login.startsWith("reusable-code") && code !== null) reusableCodeAnswers.set(code, structuredClone(ctx.body));
    }
    if (graphMe && ctx.status === 200 && ctx.body && typeof ctx.body === "object") {
      const claims = ctx.body as Record<string, string>;
      ctx.body = {
        id: claims.sub,
        first_name: claims.given_name,
        last_name: claims.family_name,
        name: claims.name,
        email: claims.email,
        picture: { data: { url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=1", is_silhouette: false } },
      };
    }
    // Apple posts the user's name beside the code on the account's first sign-in only.
    if (typeof ctx.body === "string" && ctx.body.includes("Submitting Callback") && ctx.body.includes(callback("apple"))) {
      const accountId: string | undefined = ctx.oidc?.session?.accountId;
      if (accountId && !appleAccountsSeen.has(accountId)) {
        appleAccountsSeen.add(accountId);
        const claims = claimsFor(accountId.replace(/^sub-/, ""));
        const user = JSON.stringify({ name: { firstName: claims.given_name, lastName: claims.family_name }, email: claims.email });
        const escaped = user.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
        ctx.body = ctx.body.replace("</form>", `<input type="hidden" name="user" value="${escaped}"/></form>`);
      }
    }
  });

  // "localhost" may resolve to either loopback address, so answer on both.
  const servers = ["127.0.0.1", "::1"].map(() => http.createServer(provider.callback()));
  await Promise.all(
    servers.map(
      (server, index) =>
        new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(port, index === 0 ? "127.0.0.1" : "::1", () => resolve());
        }),
    ),
  );
  return {
    credentials,
    close: () => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => undefined),
  };
}

/** The app's environment for these credentials. */
export function providerEnv(credentials: TestProviderCredentials): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: credentials.google.clientId,
    GOOGLE_CLIENT_SECRET: credentials.google.clientSecret,
    GOOGLE_ISSUER: credentials.issuer,
    APPLE_CLIENT_ID: credentials.apple.clientId,
    APPLE_TEAM_ID: credentials.apple.teamId,
    APPLE_KEY_ID: credentials.apple.keyId,
    APPLE_PRIVATE_KEY: credentials.apple.privateKeyPem,
    APPLE_ISSUER: credentials.issuer,
    META_APP_ID: credentials.meta.appId,
    META_APP_SECRET: credentials.meta.appSecret,
    META_GRAPH_VERSION: credentials.meta.graphVersion,
    META_DIALOG_ORIGIN: credentials.issuer,
    META_GRAPH_ORIGIN: credentials.issuer,
  };
}
