import fs from "node:fs";
import path from "node:path";
import express from "express";

/**
 * The build's client directory: hashed assets under /assets, kept for a
 * year; the files copied from public/ (icons, logo) under their own names,
 * for an hour. Only those addresses reach the file system: a page request
 * costs no failed stat. (In development Vite serves these.)
 */
export function staticFiles(clientDirectory: string, publicPath: string): express.Router {
  const router = express.Router();
  router.use(
    path.posix.join(publicPath, "assets"),
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
  router.get(path.posix.join(publicPath, "sw.js"), (req, res, next) => serveServiceWorker(req, res, next));
  const clientFiles = new Set(
    fs
      .readdirSync(clientDirectory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.posix.join(publicPath, path.relative(clientDirectory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")),
      )
      .filter((file) => !file.startsWith(path.posix.join(publicPath, "assets/"))),
  );
  router.use((req, res, next) => (clientFiles.has(req.path) ? serveClientFile(req, res, next) : next()));
  return router;
}
