/**
 * Between Express and Remix: a Fetch `Request` from Express's request, and a
 * Fetch `Response` written to Express's response. What
 * `createRequestHandler` from "@remix-run/express" does inside, written here
 * because the server works with the Request and Response themselves (the
 * page cache answers from a copy, the body is counted against its limit) and
 * that package exports only the finished handler. Only public exports of
 * `@remix-run/node` are used.
 */
import type { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type express from "express";

function requestHeaders(req: express.Request): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  return headers;
}

/**
 * The request as Remix takes it, its body read from `body` (the request
 * itself unless given, for a GET or HEAD none). It is aborted when the
 * connection closes before the answer is sent, so loaders stop working for
 * nobody.
 */
export function remixRequest(req: express.Request, res: express.Response, body?: Readable): Request {
  // req.hostname drops the port: take it from X-Forwarded-Host or Host, as Remix's adapter does.
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("X-Forwarded-Host")), portOf(req.get("host"))].find(Number.isSafeInteger);
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: requestHeaders(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(body ?? req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Writes `response` (status, headers, streamed body) to `res`. */
export async function sendResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
