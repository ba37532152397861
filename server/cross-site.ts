import type express from "express";
import { comesFromAnotherSite, CROSS_SITE_REFUSAL } from "../app/lib/same-origin.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Routes that providers call from their own site (Apple's form_post sign-in answer). */
const CROSS_SITE_CALLBACKS = new Set(["/api/auth/callback/apple"]);
/**
 * One-click unsubscribe (RFC 8058): the mail program posts to the link from
 * wherever it runs. The signed token in the path is the proof, and all it
 * can do is stop email.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/email\/unsubscribe\/[^/]+\/one-click$/;

/**
 * A browser's cross-site POST, PUT, PATCH or DELETE gets a plain 403 before
 * any route runs (Remix would otherwise fail some with a bare 500), by the
 * rule each action applies again (app/lib/same-origin.ts).
 */
export function refuseCrossSite(publicOrigin: string): express.RequestHandler {
  return (req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method) || CROSS_SITE_CALLBACKS.has(req.path)) return next();
    if (ONE_CLICK_UNSUBSCRIBE.test(req.path)) return next();
    const headers = { origin: req.get("origin"), fetchSite: req.get("sec-fetch-site") };
    if (!comesFromAnotherSite(headers, [publicOrigin, `${req.protocol}://${req.get("host")}`])) return next();
    res.status(403).type("text/plain").set("X-Content-Type-Options", "nosniff").send(CROSS_SITE_REFUSAL);
  };
}
