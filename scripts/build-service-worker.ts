/**
 * Builds the service worker after the app's build (docs/decisions/010-service-worker.md):
 * esbuild bundles app/service-worker/service-worker.ts with its Workbox
 * modules, then Workbox's injectManifest writes in the list of the build's
 * files to precache (each with its revision) and saves build/client/sw.js.
 *
 * Usage: node scripts/build-service-worker.ts (run by `npm run build`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

const clientDirectory = path.resolve("build/client");
const bundleDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "jimmy-sw-"));
const bundle = path.join(bundleDirectory, "sw.js");

try {
  await build({
    entryPoints: [path.resolve("app/service-worker/service-worker.ts")],
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    outfile: bundle,
    logLevel: "warning",
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: bundle,
    swDest: path.join(clientDirectory, "sw.js"),
    globDirectory: clientDirectory,
    globPatterns: ["assets/**/*.{js,css,svg}", "offline.html", "icons/*.png", "logo.svg", "favicon.svg"],
    // The pan-and-zoom map (Leaflet, 150 KB) shows tiles from the network: it is no use offline,
    // where the offline drawing stands in, so no hunter's phone downloads it in advance.
    globIgnores: ["assets/PanZoomMap*"],
    // Hashed file names are their own revision.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  });
  for (const warning of warnings) console.warn(`[service worker] ${warning}`);
  console.log(`[service worker] build/client/sw.js precaches ${count} files (${(size / 1024).toFixed(0)} KB)`);
} finally {
  fs.rmSync(bundleDirectory, { recursive: true, force: true });
}
