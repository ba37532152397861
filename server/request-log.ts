import type express from "express";
import morgan from "morgan";
import { addressBehindProxies } from "../app/lib/forwarded-address.ts";

/**
 * One line per request: when, from whom (X-Forwarded-For only from a
 * TRUSTED_PROXY, as the app derives it), what and how it went. The path
 * without its query, which may carry codes and tokens.
 */
export function requestLog(trustedProxies: string[]): express.RequestHandler {
  return morgan((tokens, req, res) =>
    [
      new Date().toISOString(),
      addressBehindProxies(req.socket.remoteAddress, req.headers["x-forwarded-for"]?.toString(), trustedProxies),
      req.method,
      (req as express.Request).originalUrl.split("?")[0],
      res.headersSent ? String(res.statusCode) : "-",
      res.getHeader("content-length")?.toString() ?? "-",
      `${tokens["response-time"]?.(req, res) ?? "-"} ms`,
    ].join(" "),
  );
}
