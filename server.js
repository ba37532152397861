/**
 * The production server: what `remix-serve` does (compressed responses,
 * long-cached build assets), plus the one thing it cannot give the app: the
 * address of the connection each request came from, which rate limits and
 * the admin audit log need (see app/services/client-address.server.ts).
 */
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

const buildPath = path.resolve(process.argv[2] ?? "build/server/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req) => ({ socketAddress: req.socket.remoteAddress ?? null }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);
function onListen() {
  console.log(`Jimmy Hunt is listening on http://localhost:${port}`);
}
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close((error) => process.exit(error ? 1 : 0)));
}
