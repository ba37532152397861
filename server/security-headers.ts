import type express from "express";
import { COMMON_SECURITY_HEADERS, INTERNAL_HEADER } from "../app/lib/security-headers.server.ts";

/**
 * Every answer — pages, resource routes, static files, errors, the server's
 * refusals, Vite's files in development — gets the common protective
 * headers, and none carries the headers the app only meant for the page
 * cache. Node writes the head of every response through writeHead, whoever
 * answers.
 */
export function commonSecurityHeaders(_req: express.Request, res: express.Response, next: express.NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
      if (!this.hasHeader(name)) this.setHeader(name, value);
    }
    for (const name of this.getHeaderNames()) if (INTERNAL_HEADER.test(name)) this.removeHeader(name);
    const headers = args.find((arg, index) => index > 0 && typeof arg === "object" && arg !== null && !Array.isArray(arg)) as
      Record<string, unknown> | undefined;
    for (const name of Object.keys(headers ?? {})) if (INTERNAL_HEADER.test(name)) delete headers![name];
    return (writeHead as (...all: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
  next();
}

/**
 * Express answers a few requests itself, before Remix (an address that does
 * not decode, for one): plain text with the same protective headers as the
 * app's pages, and never a stack trace.
 */
export function plainErrors(error: { status?: unknown }, _req: express.Request, res: express.Response, next: express.NextFunction) {
  if (res.headersSent) return next(error);
  const status = typeof error.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) console.error(error);
  res
    .status(status)
    .type("text/plain")
    .set({
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    })
    .send(
      status === 500 ? "Something went wrong on our side. Please try again." : "This request could not be understood, so it was refused.",
    );
}
