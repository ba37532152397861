/**
 * Request bodies are bounded here, at the server's edge, before the app sees
 * a byte of them: the photo forms may send up to 48 MB (a 10 MB photo read to
 * its end, with room to spare), every other address 256 KB (its forms and
 * JSON hold a few fields; the app refuses past 64 KB with its own message).
 * A body that declares more is refused before it is read; one that streams
 * more without saying so is refused as soon as it passes the limit, and the
 * connection is closed, so no request, wherever it goes, whatever is
 * configured, makes the server hold more than the limit.
 *
 * Methods the app does not answer (TRACE, for one) get a 405 here too: the
 * request object Remix builds cannot carry them.
 */
import { Transform, type Readable } from "node:stream";
import type express from "express";

/** The multipart photo forms' limit: app/web/photo-form.server.ts MAX_FORM_BYTES. */
export const MULTIPART_BODY_LIMIT = 48 * 1024 * 1024;
export const SMALL_BODY_LIMIT = 256 * 1024;

/** The addresses that take a photo in a multipart form, with their single-fetch (.data) twins. */
const MULTIPART_PATHS = [
  /^\/api\/upload\/?$/i,
  /^\/uploads\/direct\/?$/i,
  /^\/jimmy\/[^/]+\/(new|first)-discovery(\.data)?\/?$/i,
  /^\/(api\/)?admin\/discoveries\/[^/]+\/image(\.data)?\/?$/i,
];

export function bodyLimitFor(pathname: string): number {
  return MULTIPART_PATHS.some((pattern) => pattern.test(pathname)) ? MULTIPART_BODY_LIMIT : SMALL_BODY_LIMIT;
}

export const ANSWERED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const answeredMethods = new Set(ANSWERED_METHODS);

const PROTECTIVE_HEADERS = {
  "Content-Security-Policy": "default-src 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

function tooLargeText(req: express.Request, limit: number): string {
  const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`;
  return req.path.startsWith("/api/") || req.path.startsWith("/uploads/")
    ? `The request body is too large. This address accepts at most ${size}.`
    : `This form is far larger than any form on this site, so it was not read. Nothing was saved. (This address accepts at most ${size}.)`;
}

/** How long a client has to read a refusal, after it is sent, before the connection is cut. */
const LINGER_MS = 2000;

/**
 * The connection closes after the answer, without reading the rest of the
 * body. The request is paused, so what the client still sends waits in the
 * network's buffers (a few megabytes at most) instead of being read. After
 * the answer the server stops sending, gives the client a moment to read
 * it, and then cuts the connection: closing a socket with unread data
 * resets it, and a reset that came at once could take the answer with it.
 */
function closeAfterAnswer(req: express.Request, res: express.Response) {
  if (!res.headersSent) res.setHeader("Connection", "close");
  const socket = req.socket as typeof req.socket & { destroySoon: () => void };
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  req.unpipe();
  req.pause();
}

/** 413, and the connection closed once it is sent: the rest of the body is never kept. */
function refuseTooLarge(req: express.Request, res: express.Response, limit: number) {
  if (res.headersSent) return;
  closeAfterAnswer(req, res);
  res.status(413).set(PROTECTIVE_HEADERS);
  const message = tooLargeText(req, limit);
  if (req.path.startsWith("/api/") || req.path.startsWith("/uploads/")) res.json({ message });
  else res.type("text/plain").send(message);
}

/** Before everything else: methods nobody answers, and bodies that declare more than their address takes. */
export function refuseUnanswerable(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (!answeredMethods.has(req.method)) {
    res
      .status(405)
      .set(PROTECTIVE_HEADERS)
      .set("Allow", ANSWERED_METHODS.join(", "))
      .type("text/plain")
      .send(`This site does not answer ${req.method} requests.`);
    return;
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  const limit = bodyLimitFor(req.path);
  if (declared > limit) return refuseTooLarge(req, res, limit);
  next();
}

export class BodyLimitExceeded extends Error {
  override name = "BodyLimitExceeded";
}

/**
 * The request body, counted as it streams: once it passes its address's
 * limit the client gets 413, the stream fails (so whatever reads it stops)
 * and nothing more is read. `res.locals.bodyRefused` tells the handler the
 * answer has been given.
 */
export function limitedBody(req: express.Request, res: express.Response): Readable {
  const limit = bodyLimitFor(req.path);
  let seen = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen <= limit) return done(null, chunk);
      res.locals.bodyRefused = true;
      refuseTooLarge(req, res, limit);
      done(new BodyLimitExceeded());
    },
  });
  // A reader that stops early (the app refusing a form as too large, say)
  // leaves the rest unread: the connection closes after the answer, so it
  // neither waits for that rest nor reads it.
  counted.once("close", () => {
    if (!req.complete && !res.headersSent) closeAfterAnswer(req, res);
  });
  // A client that goes away midway ends the body for its reader, as an unpiped request would.
  req.once("close", () => {
    if (!req.complete && !counted.destroyed) counted.destroy(new Error("The request was cut off."));
  });
  return req.pipe(counted);
}
