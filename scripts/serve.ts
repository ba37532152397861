/**
 * The production server: remix-serve's setup (Express, compression, static
 * assets with immutable caching, a request log) plus the two things
 * remix-serve cannot do (docs/decisions/002-own-server-entry.md):
 *
 * - it hands each request's socket address to loaders and actions, from
 *   which app/web/client-address.server.ts derives the client's address
 *   (X-Forwarded-For counts only from a TRUSTED_PROXY), for rate limits and
 *   the admin audit log;
 * - it answers a browser's cross-site POST with a plain 403 before Remix,
 *   which would otherwise fail it with a bare 500;
 * - it serves the public pages to signed-out visitors from a cache of about
 *   a second, and a signed-in hunter's home page from a template of it
 *   rendered as often (scripts/page-cache.ts).
 *
 * Usage: node scripts/serve.ts [build/server/index.js] (Node runs TypeScript
 * by stripping the types, so production needs no compiler).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import url from "node:url";
import { createReadableStreamFromReadable, createRequestHandler, type ServerBuild } from "@remix-run/node";
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { addressBehindProxies } from "../app/lib/forwarded-address.ts";
import { COMMON_SECURITY_HEADERS, INTERNAL_HEADER, isLoopbackHost } from "../app/lib/security-headers.ts";
import { ConfigError, parseEnv, type Env } from "../app/infra/env.server.ts";
import { limitedBody, refuseUnanswerable } from "./body-limit.ts";
import { createPageCache, type Personalize, type RenderContext } from "./page-cache.ts";

// Every setting through the app's one schema, before anything else happens: a
// bad value stops the start with a message naming it.
let config: Env;
try {
  config = parseEnv(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`[jimmy-hunt] ${error.message}`);
  process.exit(1);
}
const { port, publicUrl, trustedProxies, listenHost: host } = config;
const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
const loadedBuild = (await import(url.pathToFileURL(buildPath).href)) as ServerBuild;

// The app's entry module issues the comment-form tokens cached pages need and
// reads a signed-in hunter's values for their copy of a personal page template
// (the cache holds no secret and reads no session of its own). It also maps the
// domain errors any loader or action may throw (a busy database) to their HTTP
// answers, by wrapping the build's routes once here at the edge.
const { issuePageCacheFormToken, personalizePage, answeringDomainErrors } = loadedBuild.entry.module as {
  issuePageCacheFormToken?: () => string;
  personalizePage?: Personalize;
  answeringDomainErrors?: (build: ServerBuild) => ServerBuild;
};
const build = answeringDomainErrors ? answeringDomainErrors(loadedBuild) : loadedBuild;
const pageCache = createPageCache({ ttlMs: config.pageCacheTtlMs, issueFormToken: issuePageCacheFormToken, personalize: personalizePage });

const app = express();
app.disable("x-powered-by");
// Every answer — pages, resource routes, static files, errors, the refusals
// below — gets the common protective headers, and none carries the headers
// the app only meant for the page cache. Node writes the head of every
// response through writeHead, whoever answers.
app.use((_req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
      if (!this.hasHeader(name)) this.setHeader(name, value);
    }
    for (const name of this.getHeaderNames()) if (INTERNAL_HEADER.test(name)) this.removeHeader(name);
    const headers = args.find((arg, index) => index > 0 && typeof arg === "object" && arg !== null && !Array.isArray(arg)) as
      | Record<string, unknown>
      | undefined;
    for (const name of Object.keys(headers ?? {})) if (INTERNAL_HEADER.test(name)) delete headers![name];
    return (writeHead as (...all: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
  next();
});
// One line per request: when, from whom (X-Forwarded-For only from a
// TRUSTED_PROXY, as the app derives it), what and how it went. The path
// without its query, which may carry codes and tokens.
if (config.logRequests) {
  app.use(
    morgan((tokens, req, res) =>
      [
        new Date().toISOString(),
        addressBehindProxies(req.socket.remoteAddress, req.headers["x-forwarded-for"]?.toString(), trustedProxies),
        req.method,
        (req as express.Request).originalUrl.split("?")[0],
        res.headersSent ? String(res.statusCode) : "-",
        res.getHeader("content-length")?.toString() ?? "-",
        `${tokens["response-time"]?.(req, res) ?? "-"} ms`,
      ].join(" "),
    ),
  );
}
if (config.demoSignIn) {
  // A LAN address or a DNS-rebinding name reaches the socket with another Host.
  app.use((req, res, next) => {
    let hostname = "";
    try {
      hostname = new URL(`http://${req.headers.host ?? ""}`).hostname;
    } catch {
      // An unparsable Host is not a loopback one.
    }
    if (isLoopbackHost(hostname)) return next();
    res
      .status(421)
      .type("text/plain")
      .send("This demo server answers only at a loopback address (localhost or 127.0.0.1), because anyone can sign in as anybody on it.");
  });
}
app.use(refuseUnanswerable);
const handleRemix = createRequestHandler(build, config.nodeEnv);
const renderPage = (req: express.Request) => (request: Request, context?: RenderContext) =>
  handleRemix(request, { socketAddress: req.socket.remoteAddress ?? null, ...context });

// Before everything but the request log, so a signed-out visitor's copy of a
// public page, or a hunter's of their home page, costs no more than it must.
app.use((req, res, next) => {
  const cached = pageCache.lookup({
    method: req.method,
    url: req.originalUrl,
    anonymous: req.headers.cookie === undefined && req.headers.authorization === undefined,
    acceptsGzip: req.headers["accept-encoding"] !== undefined && Boolean(req.acceptsEncodings("gzip")),
  });
  if (cached) return res.writeHead(cached.status, cached.headers).end(cached.body);
  const cookie = req.headers.cookie;
  if (req.method !== "GET" || cookie === undefined || req.headers.authorization !== undefined || !pageCache.offers(req.originalUrl)) return next();
  pageCache
    .personal({
      url: req.originalUrl,
      cookie,
      acceptEncoding: req.headers["accept-encoding"] ?? null,
      request: () => createRemixRequest(req, res),
      render: renderPage(req),
    })
    .then((answer) => (answer ? res.writeHead(answer.status, answer.headers).end(answer.body) : next()), next);
});
app.use(compression());
// The build's client directory: hashed assets under /assets, kept for a year;
// the files copied from public/ (icons, logo) under their own names, for an
// hour. Only those addresses reach the file system: a page request costs no
// failed stat.
const clientDirectory = build.assetsBuildDirectory;
app.use(
  path.posix.join(build.publicPath, "assets"),
  express.static(path.join(clientDirectory, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
);
const serveClientFile = express.static(clientDirectory, { maxAge: "1h", index: false, redirect: false });
// The service worker is checked on every visit, so a deploy reaches every
// device at once (browsers cap its HTTP caching at a day, still too long).
const serveServiceWorker = express.static(clientDirectory, {
  index: false,
  redirect: false,
  cacheControl: false,
  setHeaders: (res) => res.set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": "/" }),
});
app.get(path.posix.join(build.publicPath, "sw.js"), (req, res, next) => serveServiceWorker(req, res, next));
const clientFiles = new Set(
  fs
    .readdirSync(clientDirectory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.posix.join(build.publicPath, path.relative(clientDirectory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")))
    .filter((file) => !file.startsWith(path.posix.join(build.publicPath, "assets/"))),
);
app.use((req, res, next) => (clientFiles.has(req.path) ? serveClientFile(req, res, next) : next()));

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Routes that providers call from their own site (Apple's form_post sign-in answer). */
const CROSS_SITE_CALLBACKS = new Set(["/api/auth/callback/apple"]);

app.use((req, res, next) => {
  if (!UNSAFE_METHODS.has(req.method) || CROSS_SITE_CALLBACKS.has(req.path)) return next();
  const origin = req.get("origin");
  const crossSite = req.get("sec-fetch-site") === "cross-site";
  let foreignOrigin = false;
  if (origin !== undefined) {
    foreignOrigin = origin === "null" || (origin !== publicUrl.origin && origin !== `${req.protocol}://${req.get("host")}`);
  }
  if (!crossSite && !foreignOrigin) return next();
  res
    .status(403)
    .type("text/plain")
    .set("X-Content-Type-Options", "nosniff")
    .send("This request came from another site, so it was refused. Please use the form on this site.");
});

/** Remix's request, with the body counted against its address's limit (scripts/body-limit.ts). */
function remixRequest(req: express.Request, res: express.Response): Request {
  if (req.method === "GET" || req.method === "HEAD") return createRemixRequest(req, res);
  const head = createRemixRequest(Object.create(req, { method: { value: "GET" } }) as express.Request, res);
  return new Request(head, { method: req.method, body: createReadableStreamFromReadable(limitedBody(req, res)), duplex: "half" } as RequestInit);
}

app.all("*", async (req, res, next) => {
  try {
    const response = await pageCache.handle(remixRequest(req, res), renderPage(req));
    if (res.locals.bodyRefused) return;
    await sendRemixResponse(res, response);
  } catch (error) {
    if (res.locals.bodyRefused) return;
    // Express does not take async handlers' errors itself.
    next(error);
  }
});

// Express answers a few requests itself, before Remix (an address that does
// not decode, for one): plain text with the same protective headers as the
// app's pages, and never a stack trace.
app.use((error: { status?: unknown }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  if (res.headersSent) return next(error);
  const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(error);
  res
    .status(status)
    .type("text/plain")
    .set({ "Content-Security-Policy": "default-src 'none'", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" })
    .send(status === 500 ? "Something went wrong on our side. Please try again." : "This request could not be understood, so it was refused.");
});

const onListening = () => {
  console.log(`[jimmy-hunt] listening on http://${host?.includes(":") ? `[${host}]` : (host ?? "localhost")}:${port} (public address ${publicUrl.origin})`);
};
// A request must arrive whole within this time (a 10 MB photo needs about
// 80 s at 1 Mbit/s): a client that trickles its body cannot hold a
// connection and its memory forever. Checked every second, so the cut is prompt.
const requestTimeout = config.requestTimeoutMs;
const server = http.createServer({ requestTimeout, headersTimeout: Math.min(requestTimeout, 60_000), connectionsCheckingInterval: 1000 }, app);
// Longer than the idle timeout of clients and load balancers (60 s is common),
// so it is always the client that closes an idle connection: a server closing
// it just as the client reuses it would reset that request.
server.keepAliveTimeout = 65_000;
if (host) server.listen(port, host, onListening);
else server.listen(port, onListening);
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
