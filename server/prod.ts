/**
 * The production server (`npm start`, the demo, the browser and stress
 * tests): the app (server/app.ts) on the production build.
 *
 * With WEB_CONCURRENCY above 1 (in production, one per CPU unless set),
 * this process supervises that many app processes (server/workers.ts).
 *
 * Usage: node server/prod.ts [build/server/index.js] (Node runs TypeScript
 * by stripping the types, so production needs no compiler; hence the
 * relative imports with their extension throughout server/, and into
 * app/lib and app/infra, whose files plain Node can load).
 */
import cluster from "node:cluster";
import path from "node:path";
import url from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createApp } from "./app.ts";
import { configOrExit } from "./config.ts";
import { createHttpServer, listen } from "./listen.ts";
import { createLogger, logConsoleTo } from "./request-log.ts";
import { staticFiles } from "./static-files.ts";
import { superviseWorkers } from "./workers.ts";

const config = configOrExit();
// One JSON object a line, for a log collector; readable text in development (server/request-log.ts).
const logger = createLogger({ pretty: config.nodeEnv === "development" });
logConsoleTo(logger);

if (cluster.isPrimary && config.webConcurrency > 1) {
  await superviseWorkers(config.webConcurrency, config.stopTimeoutMs);
} else {
  const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
  const build = (await import(url.pathToFileURL(buildPath).href)) as ServerBuild;
  const server = createHttpServer(config);
  server.on("request", createApp({ config, build, assets: staticFiles(build.assetsBuildDirectory, build.publicPath), logger }));
  // The app's entry (app/entry.server.tsx) stops its job runner and closes the database.
  const { stopApp } = build.entry.module as { stopApp?: () => Promise<void> };
  listen(server, config, async () => stopApp?.());
}
