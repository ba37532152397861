import crypto from "node:crypto";
import util from "node:util";
import type express from "express";
import pino from "pino";
import { addressBehindProxies } from "../app/lib/forwarded-address.server.ts";
import { randomString } from "../app/infra/random.server.ts";

/** The header that names a request, in its answer (and, from a TRUSTED_PROXY, in the request). */
export const REQUEST_ID_HEADER = "X-Request-Id";
const GOOD_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The process's log: one JSON object a line on standard output (time, level,
 * message, and what the event is about), readable as text in development
 * (pino-pretty). Everything the app writes with console.* goes here too
 * (logConsoleTo), so a log collector reads one format.
 */
export function createLogger(options: { pretty: boolean }): pino.Logger {
  const base = { timestamp: pino.stdTimeFunctions.isoTime, base: undefined, formatters: { level: (label: string) => ({ level: label }) } };
  if (!options.pretty) return pino(base);
  return pino({
    ...base,
    formatters: undefined,
    transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } },
  });
}

/** console.log, info, warn and error as log lines of `logger` (info, info, warn, error). */
export function logConsoleTo(logger: pino.Logger): void {
  const line =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) =>
      logger[level](util.format(...args));
  console.log = line("info");
  console.info = line("info");
  console.warn = line("warn");
  console.error = line("error");
}

/** What the app notes about a request for its log line (through the load context, server/app.ts). */
export type RequestNotes = {
  /** The signed-in hunter, when the request read who it is (app/web/page-request.server.ts). */
  hunterId?: number;
};

/** A request's route pattern and the path to show (server/route-pattern.ts). */
export type Routed = { route: string; path: string };

/** A stable, one-way name for a hunter in the log: the same hunter always gets it, and it cannot be turned back into the id. */
export function hunterHasher(secret: string): (hunterId: number) => string {
  const key = crypto.createHmac("sha256", secret).update("request-log hunter").digest();
  return (hunterId) => crypto.createHmac("sha256", key).update(String(hunterId)).digest("base64url").slice(0, 16);
}

export type RequestLogOptions = {
  logger: pino.Logger | null;
  trustedProxies: string[];
  hashHunter: (hunterId: number) => string;
  /** The route pattern of a path: "(static)" for a file, "(unmatched)" for no route. */
  routeOf: (pathname: string, status: number | "closed") => Routed;
  /** Called once the answer is over (or the connection closed first), for the metrics. */
  onDone: (req: express.Request, res: express.Response, routed: Routed, status: number | "closed", seconds: number) => void;
};

/**
 * Names each request (X-Request-Id, also in the answer and on error pages,
 * so a hunter's report can be matched to its log line) and, with a logger,
 * logs one line when it is over: time, request id, client address (as the
 * app derives it: X-Forwarded-For only from a TRUSTED_PROXY), method, route
 * pattern, the path without its query and with its secret segments hidden,
 * status, size, duration and a hash of the hunter. Never a cookie, a header,
 * a body, a query string, an email address or a position.
 */
export function requestLog({ logger, trustedProxies, hashHunter, routeOf, onDone }: RequestLogOptions): express.RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const given = req.headers[REQUEST_ID_HEADER.toLowerCase()];
    const fromProxy = typeof given === "string" && GOOD_REQUEST_ID.test(given) && trustedProxies.length > 0;
    const client = addressBehindProxies(req.socket.remoteAddress, req.headers["x-forwarded-for"]?.toString(), trustedProxies);
    const id = fromProxy && client !== req.socket.remoteAddress ? given : randomString(8, "hex");
    const notes: RequestNotes = {};
    res.locals.requestId = id;
    res.locals.requestNotes = notes;
    res.setHeader(REQUEST_ID_HEADER, id);
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.writableFinished ? res.statusCode : "closed";
      const path = req.originalUrl.split("?")[0]!;
      // A handler outside the app's routes may name its own (server/metrics.ts).
      const routed = typeof res.locals.route === "string" ? { route: res.locals.route, path } : routeOf(path, status);
      onDone(req, res, routed, status, seconds);
      if (!logger) return;
      const level = status === "closed" || status < 500 ? "info" : "error";
      logger[level](
        {
          reqId: id,
          client,
          method: req.method,
          route: routed.route,
          path: routed.path,
          status,
          bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
          ms: Math.round(seconds * 10_000) / 10,
          hunter: notes.hunterId === undefined ? undefined : hashHunter(notes.hunterId),
        },
        "request",
      );
    };
    res.once("finish", done);
    res.once("close", done);
    next();
  };
}
