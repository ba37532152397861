import type express from "express";
import { isLoopbackHost } from "../app/lib/security-headers.server.ts";

/**
 * With the demo sign-in on, only a loopback Host is answered: a LAN address
 * or a DNS-rebinding name reaches the socket with another Host.
 */
export function loopbackOnly(req: express.Request, res: express.Response, next: express.NextFunction) {
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
}
