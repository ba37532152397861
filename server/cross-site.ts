import type express from "express";
import { classifyCrossSitePath, comesFromAnotherSite, CROSS_SITE_REFUSAL, UNREADABLE_PATH_REFUSAL } from "../app/lib/same-origin.server.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function refuse(res: express.Response, text: string): void {
  res.status(403).type("text/plain").set("X-Content-Type-Options", "nosniff").send(text);
}

/**
 * A browser's cross-site POST, PUT, PATCH or DELETE gets a plain 403 before
 * any route runs (Remix would otherwise fail some with a bare 500), by the
 * rule each action applies again (app/lib/same-origin.server.ts). Only the exact
 * cross-site routes are let through, matched on the path as the app will
 * route it; a path that cannot be read is refused whoever sent it.
 */
export function refuseCrossSite(publicOrigin: string): express.RequestHandler {
  return (req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const path = classifyCrossSitePath(req.path);
    if (path === "unreadable") return refuse(res, UNREADABLE_PATH_REFUSAL);
    if (path === "exempt") return next();
    const headers = { origin: req.get("origin"), fetchSite: req.get("sec-fetch-site") };
    if (!comesFromAnotherSite(headers, [publicOrigin, `${req.protocol}://${req.get("host")}`])) return next();
    refuse(res, CROSS_SITE_REFUSAL);
  };
}
