/**
 * The Express app both servers run (docs/decisions/002-own-server-entry.md):
 * `npm start` (server/prod.ts) on the production build, `npm run dev`
 * (server/dev.ts) on Vite's current build. Besides Remix's usual setup
 * (compression, static files) it
 *
 * - names each request (X-Request-Id) and logs it as one JSON line, counted in
 *   the metrics by route pattern (server/request-log.ts, server/route-pattern.ts);
 * - answers GET /metrics, behind METRICS_TOKEN or to loopback only (server/metrics.ts);
 * - puts the common protective headers on every answer (server/security-headers.ts);
 * - hands each request's socket address to loaders and actions, from which
 *   app/web/client-address.server.ts derives the client's address
 *   (X-Forwarded-For counts only from a TRUSTED_PROXY), for rate limits and
 *   the admin audit log;
 * - bounds request bodies and refuses methods nobody answers (server/body-limit.ts);
 * - answers a browser's cross-site POST with a plain 403 before Remix (server/cross-site.ts);
 * - serves the public pages to signed-out visitors from a store of whole
 *   copies kept about a second, each the same bytes for everyone with an
 *   ETag and a public Cache-Control (server/page-cache.ts); everyone else's
 *   page is rendered for them. In development the build changes with every
 *   edit, so the store is off there: every request renders.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type pino from "pino";
import type { Env } from "../app/infra/env.server.ts";
import { metrics } from "../app/infra/metrics.server.ts";
import { limitedBody, refuseUnanswerable } from "./body-limit.ts";
import { refuseCrossSite } from "./cross-site.ts";
import { loopbackOnly } from "./loopback-only.ts";
import { metricsEndpoint } from "./metrics.ts";
import { acceptsGzip, createPageCache, PAGE_CACHE_STATUS_HEADER, sharedVariant } from "./page-cache.ts";
import { remixRequest, sendResponse } from "./remix-adapter.ts";
import { hunterHasher, requestLog, type RequestNotes, type Routed } from "./request-log.ts";
import { routePatterns, type RouteOf } from "./route-pattern.ts";
import { commonSecurityHeaders, plainErrors } from "./security-headers.ts";

export type AppOptions = {
  config: Env;
  /** The production build, or (in development) a function giving Vite's current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves the client's files: the build's client directory (server/static-files.ts) or Vite's middleware. */
  assets: express.RequestHandler;
  /** The process's log (server/request-log.ts); requests are logged to it unless LOG_REQUESTS is off. */
  logger?: pino.Logger;
};

/**
 * The build with every route's loader and action wrapped as the app's entry
 * module says (`atRouteEdge`): domain errors (a busy database) answered with
 * their HTTP response (app/web/domain-errors.server.ts), and the loaders of
 * one page request sharing what they all read (app/web/page-request.server.ts).
 * This is the one edge every request of `npm start` and `npm run dev` alike
 * passes.
 */
function atRouteEdge(build: ServerBuild): ServerBuild {
  const { atRouteEdge: wrap } = build.entry.module as { atRouteEdge?: (build: ServerBuild) => ServerBuild };
  return wrap ? wrap(build) : build;
}

/** What the page cache did for an answer, from its X-Page-Cache header. */
function notePageCache(res: express.Response, headers: Record<string, string | string[]> | Headers) {
  const status = headers instanceof Headers ? headers.get(PAGE_CACHE_STATUS_HEADER) : headers[PAGE_CACHE_STATUS_HEADER];
  if (status === "hit" || status === "miss") res.locals.pageCache = status;
}

/** Counts an answer in the metrics (app/infra/metrics.server.ts). */
function countAnswer(req: express.Request, res: express.Response, { route }: Routed, status: number | "closed", seconds: number) {
  const m = metrics();
  m.httpRequests.inc({ method: req.method, route, status: String(status) });
  m.httpDuration.observe({ method: req.method, route }, seconds);
  if (typeof status === "number" && status >= 500) m.httpServerErrors.inc({ route, status: String(status) });
  if (res.locals.pageCache) m.pageCache.inc({ result: res.locals.pageCache as string });
}

export function createApp({ config, build, assets, logger }: AppOptions): express.Express {
  const pageCache = createPageCache({ ttlMs: typeof build === "function" ? 0 : config.pageCacheTtlMs });
  // The route patterns of the build; in development, of the last build a request used.
  let routeOf: RouteOf = typeof build === "function" ? (path) => ({ route: "(unknown)", path }) : routePatterns(build.routes);
  const currentBuild =
    typeof build === "function"
      ? () =>
          build().then((latest) => {
            routeOf = routePatterns(latest.routes);
            return atRouteEdge(latest);
          })
      : atRouteEdge(build);
  const handleRemix = createRequestHandler(currentBuild, config.nodeEnv);
  const renderPage = (req: express.Request, res: express.Response) => (request: Request) =>
    handleRemix(request, {
      socketAddress: req.socket.remoteAddress ?? null,
      requestId: res.locals.requestId as string,
      requestNotes: res.locals.requestNotes as RequestNotes,
    });

  const app = express();
  app.disable("x-powered-by");
  app.use(commonSecurityHeaders);
  app.use(
    requestLog({
      logger: config.logRequests ? (logger ?? null) : null,
      trustedProxies: config.trustedProxies,
      hashHunter: hunterHasher(config.sessionSecrets[0]!),
      // A 2xx or 3xx of the catch-all route (whose page is the 404) is a file of the client's or of public/.
      routeOf: (path, status) => {
        const routed = routeOf(path);
        return routed.route === "/*" && typeof status === "number" && status < 400 ? { route: "(static)", path: routed.path } : routed;
      },
      onDone: countAnswer,
    }),
  );
  app.use(metricsEndpoint(config.metricsToken));
  if (config.demoSignIn) app.use(loopbackOnly);
  app.use(refuseUnanswerable);

  // Before everything but the request log, so a signed-out visitor's copy of a
  // public page costs no more than it must.
  app.use((req, res, next) => {
    // Worked out once: the page cache's `handle` below takes it rather than parsing the cookies again.
    const variant = sharedVariant(req.headers.cookie, req.headers.authorization, req.headers["accept-language"]);
    res.locals.sharedVariant = variant;
    const cached =
      variant === null
        ? null
        : pageCache.lookup({
            method: req.method,
            url: req.originalUrl,
            variant,
            acceptsGzip: acceptsGzip(req.headers["accept-encoding"]),
            ifNoneMatch: req.headers["if-none-match"] ?? null,
          });
    if (cached) {
      notePageCache(res, cached.headers);
      return res.writeHead(cached.status, cached.headers).end(cached.body);
    }
    next();
  });
  app.use(compression());
  app.use(assets);
  app.use(refuseCrossSite(config.publicUrl.origin));

  app.all("*", async (req, res, next) => {
    try {
      // The body counted against its address's limit as it streams (server/body-limit.ts).
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : limitedBody(req, res);
      const known = res.locals.sharedVariant === undefined ? undefined : { variant: res.locals.sharedVariant as string | null };
      const response = await pageCache.handle(remixRequest(req, res, body), renderPage(req, res), known);
      notePageCache(res, response.headers);
      if (res.locals.bodyRefused) return;
      await sendResponse(res, response);
    } catch (error) {
      if (res.locals.bodyRefused) return;
      // Express does not take async handlers' errors itself.
      next(error);
    }
  });
  app.use(plainErrors);
  return app;
}
