/**
 * The development server (`npm run dev`): the same app as production
 * (server/app.ts) — the same protective headers, cross-site refusal, body
 * limits, client address and request log — with Vite in middleware mode
 * serving the client's modules and hot reload (on this server's own port),
 * and each request rendered by Vite's current build of the app. The page
 * cache is off here (server/app.ts).
 */
import type { ServerBuild } from "@remix-run/node";
import { createServer } from "vite";
import { createApp } from "./app.ts";
import { configOrExit } from "./config.ts";
import { createHttpServer, listen } from "./listen.ts";
import { createLogger, logConsoleTo } from "./request-log.ts";

const config = configOrExit();
// Readable text here; JSON lines with NODE_ENV=production (server/request-log.ts).
const logger = createLogger({ pretty: config.nodeEnv === "development" });
logConsoleTo(logger);
const server = createHttpServer(config);
const vite = await createServer({ appType: "custom", server: { middlewareMode: true, hmr: { server } } });
const build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
server.on("request", createApp({ config, build, assets: vite.middlewares, logger }));
listen(server, config, async () => {
  const { stopApp } = (await build()).entry.module as { stopApp?: () => Promise<void> };
  await stopApp?.();
  await vite.close();
});
