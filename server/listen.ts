import http from "node:http";
import type { Env } from "../app/infra/env.server.ts";

/** The HTTP server, with the configured time limits; its request handler is added by the caller (server.on("request", app)). */
export function createHttpServer(config: Env): http.Server {
  // A request must arrive whole within this time (a 10 MB photo needs about
  // 80 s at 1 Mbit/s): a client that trickles its body cannot hold a
  // connection and its memory forever. Checked every second, so the cut is prompt.
  const requestTimeout = config.requestTimeoutMs;
  const server = http.createServer({ requestTimeout, headersTimeout: Math.min(requestTimeout, 60_000), connectionsCheckingInterval: 1000 });
  // Longer than the idle timeout of clients and load balancers (60 s is common),
  // so it is always the client that closes an idle connection: a server closing
  // it just as the client reuses it would reset that request.
  server.keepAliveTimeout = 65_000;
  return server;
}

/**
 * Listens on the configured port and host, and stops cleanly on SIGTERM or
 * SIGINT: it accepts no new connection, answers the requests under way (a
 * report whose photo is still arriving is recorded whole once it has, or, if
 * it has not within STOP_TIMEOUT_MS, cut off unrecorded), closes idle
 * connections, runs `beforeExit` (the app stops its job runner and closes the
 * database) and exits 0. Whatever is still under way after STOP_TIMEOUT_MS
 * is cut off and the process exits 1.
 */
export function listen(server: http.Server, config: Env, beforeExit: () => Promise<unknown> = async () => {}): void {
  const { port, publicUrl, listenHost: host } = config;
  const onListening = () => {
    console.log(
      `[jimmy-hunt] listening on http://${host?.includes(":") ? `[${host}]` : (host ?? "localhost")}:${port} (public address ${publicUrl.origin})`,
    );
  };
  if (host) server.listen(port, host, onListening);
  else server.listen(port, onListening);

  let stopping = false;
  // A request on a kept-alive connection during the stop is answered, and its connection closed after.
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (stopping) res.setHeader("Connection", "close");
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    console.log(
      `[jimmy-hunt] ${signal}: accepting no new connections; finishing requests under way (at most ${config.stopTimeoutMs / 1000} s)`,
    );
    setTimeout(() => {
      console.error(`[jimmy-hunt] requests or a job still under way after ${config.stopTimeoutMs / 1000} s; cutting them off`);
      server.closeAllConnections();
      process.exit(1);
    }, config.stopTimeoutMs);
    // Connections between requests close now and whenever another falls idle.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(idle);
      beforeExit().then(
        () => {
          console.log(`[jimmy-hunt] stopped in ${Date.now() - started} ms`);
          process.exit(0);
        },
        (error: unknown) => {
          console.error("[jimmy-hunt] stopping failed:", error);
          process.exit(1);
        },
      );
    });
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => stop(signal));
}
