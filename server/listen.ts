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
 * Listens on the configured port and host, and closes gracefully on SIGTERM
 * or SIGINT: requests under way finish, `beforeExit` runs, the process exits.
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
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => server.close(() => void beforeExit().finally(() => process.exit(0))));
  }
}
