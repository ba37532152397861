/**
 * Remix alone on one of the app's pages: a minimal Remix server that sends the
 * same page with none of the app's code. Its root and its one page route have
 * the saved page's route ids, paths and client modules, their loaders return
 * the page's own loader data (decoded from the page), and the page component
 * is the page's markup as plain React elements (scripts/bench/markup.ts).
 * Served the way a new Remix app serves a page (Express, compression, the
 * request handler), except that the page is sent as one body once rendered,
 * as the app's entry sends it, which costs less than the template entry's
 * stream (`--streamed` serves it that way instead). What it costs per request
 * is the least a Remix app can spend on that page, its markup and its data:
 * scripts/bench/render-cost.ts measures it beside the app.
 *
 *   NODE_ENV=production tsx scripts/bench/remix-floor.ts <page.html> [--streamed]
 *
 * Prints its port once it listens, and answers the page at its own path.
 */
import { PassThrough, Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import { createRequestHandler } from "@remix-run/express";
import { createReadableStreamFromReadable, type EntryContext, type ServerBuild } from "@remix-run/node";
import { Links, Meta, Outlet, RemixServer, Scripts, ScrollRestoration } from "@remix-run/react";
import compression from "compression";
import express from "express";
import { createElement, Fragment, isValidElement, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { decode } from "turbo-stream";
import { markupTree } from "./markup.ts";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; hasLoader: boolean };
type AssetsManifest = ServerBuild["assets"];

/** What Remix wrote into a page: its route manifest, its future flags and its loader data. */
export type RemixPage = {
  manifest: AssetsManifest;
  future: ServerBuild["future"];
  /** The routes the page matched, root first. */
  routeIds: string[];
  loaderData: Record<string, unknown>;
};

export async function pageRemixData(html: string): Promise<RemixPage> {
  const manifestSource = /window\.__remixManifest = (\{.*?\});\s*window\.__remixRouteModules/s.exec(html)?.[1];
  const contextSource = /window\.__remixContext = (\{.*?\});/.exec(html)?.[1];
  const modulesSource = /window\.__remixRouteModules = \{(.*?)\};/.exec(html)?.[1];
  const streamed = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/s.exec(html)?.[1];
  if (!manifestSource || !contextSource || !modulesSource || !streamed)
    throw new Error("The page has no Remix manifest, context, route modules or loader data in it.");
  const routeIds = Array.from(modulesSource.matchAll(/"([^"]+)":route\d+/g), (match) => match[1]!);
  const manifest = JSON.parse(manifestSource) as AssetsManifest;
  const { future } = JSON.parse(contextSource) as { future: ServerBuild["future"] };
  const text = JSON.parse(streamed) as string;
  const decoded = await decode(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
  );
  await decoded.done;
  const { loaderData } = decoded.value as { loaderData: Record<string, unknown> };
  return { manifest, future, routeIds, loaderData };
}

/** A server build of the page's own routes, each answering the page's data, the leaf drawing its markup. */
export function floorBuild(
  { manifest, future, routeIds, loaderData }: RemixPage,
  { head, body, streamed }: { head: ReactNode[]; body: ReactNode[]; streamed: boolean },
): ServerBuild {
  // The module preloads at the end of the page's body are <Scripts>'s own: it draws them again.
  const markup = body.filter(
    (node) => !(isValidElement<{ rel?: string }>(node) && node.type === "link" && node.props.rel === "modulepreload"),
  );
  const leafId = routeIds.at(-1)!;
  const Layout = ({ children }: { children: ReactNode }) =>
    createElement(
      "html",
      { lang: "en" },
      createElement("head", null, ...head, createElement(Meta), createElement(Links)),
      createElement("body", null, children, createElement(ScrollRestoration), createElement(Scripts)),
    );
  // Every route the page's manifest names, so that the manifest Remix writes into the page is the page's
  // own; only the matched ones (root first, the page last) load data and draw anything.
  for (const id of routeIds) if (!manifest.routes[id]) throw new Error(`The page's manifest has no route ${id}.`);
  const routes: ServerBuild["routes"] = {};
  for (const [id, entry] of Object.entries(manifest.routes) as [string, ManifestRoute][]) {
    const matched = routeIds.includes(id);
    const data = loaderData[id];
    routes[id] = {
      id,
      parentId: entry.parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module: !matched
        ? { default: () => null }
        : {
            // A route without a loader has none here either: Remix sends no data for it.
            ...(entry.hasLoader ? { loader: () => data } : {}),
            default: id === leafId ? () => createElement(Fragment, null, ...markup) : () => createElement(Outlet),
            ...(id === "root" ? { Layout } : {}),
          },
    } as ServerBuild["routes"][string];
  }
  const handleRequest = (request: Request, status: number, headers: Headers, context: EntryContext) =>
    new Promise<Response>((resolve, reject) => {
      let shellRendered = false;
      const { pipe, abort } = renderToPipeableStream(createElement(RemixServer, { context, url: request.url, abortDelay: 5_000 }), {
        onShellReady() {
          shellRendered = true;
          headers.set("Content-Type", "text/html");
          if (streamed) {
            const stream = new PassThrough();
            resolve(new Response(createReadableStreamFromReadable(stream) as unknown as BodyInit, { headers, status }));
            pipe(stream);
            return;
          }
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
          });
          sink.on("finish", () => resolve(new Response(Buffer.concat(chunks), { headers, status })));
          pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      });
      setTimeout(abort, 6_000).unref();
    });
  return {
    mode: "production",
    entry: { module: { default: handleRequest } },
    routes,
    assets: manifest,
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future,
    isSpaMode: false,
  } as unknown as ServerBuild;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error("Usage: NODE_ENV=production tsx scripts/bench/remix-floor.ts <page.html>");
  if (process.env.NODE_ENV !== "production")
    throw new Error("Set NODE_ENV=production: React's development build is not what the server runs.");
  const html = fs.readFileSync(file, "utf8");
  const page = await pageRemixData(html);
  const { head, body } = markupTree(html);
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.all(
    "*",
    createRequestHandler({
      build: floorBuild(page, { head, body, streamed: process.argv.includes("--streamed") }),
      mode: "production",
    }),
  );
  const server = app.listen(0, "127.0.0.1", () => console.log((server.address() as AddressInfo).port));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
