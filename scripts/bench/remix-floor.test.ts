import { createRequestHandler } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { markupTree } from "./markup";
import { floorBuild, pageRemixData } from "./remix-floor";

const route = (id: string, parentId: string | undefined, path: string | undefined, { index = false, hasLoader = true } = {}) => ({
  id,
  parentId,
  path,
  ...(index ? { index: true } : {}),
  hasAction: false,
  hasLoader,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
  module: `/assets/${id.replace(/\W/g, "_")}.js`,
  imports: ["/assets/framework.js"],
  css: [],
});
const manifest = {
  entry: { module: "/assets/entry.client.js", imports: ["/assets/framework.js"], css: [] },
  // As Remix writes it for /jimmy/11: the matched routes, and the home page's index route, which "/" matches.
  routes: {
    root: route("root", undefined, ""),
    "routes/jimmy.$serial": route("routes/jimmy.$serial", "root", "jimmy/:serial"),
    "routes/_index": route("routes/_index", "root", undefined, { index: true }),
    "routes/privacy-policy": route("routes/privacy-policy", "root", "privacy-policy", { hasLoader: false }),
  },
  url: "/assets/manifest-1.js",
  version: "1",
};
const future = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
};
const loaderData = {
  root: { user: { id: 7, firstName: "Ada" }, unreadNotifications: 2, now: new Date("2026-11-27T08:00:00Z") },
  "routes/jimmy.$serial": {
    jimmy: { serialNumber: 11 },
    discoveries: [{ id: 3, place: "Berlin, Germany", likeCount: 8, isLikedByUser: false, caption: null }],
    journeyMap: '<svg viewBox="0 0 640 360"><circle r="4"></circle></svg>',
  },
};

async function streamed(value: unknown): Promise<string> {
  // turbo-stream's encoding, as bytes (what Remix writes into a page as text).
  return new Response(encode(value)).text();
}

const jimmyMain = `<main><h1>Jimmy #11</h1><article id="discovery-3"><p>Berlin, Germany</p><button type="submit">Like (8)</button></article>
<div data-testid="journey-map"><svg viewBox="0 0 640 360"><circle r="4"></circle></svg></div></main>`;

/** A page as the app sends it: markup, then the manifest and the loader data in Remix's scripts. */
async function savedPage(leaf: "routes/jimmy.$serial" | "routes/privacy-policy" = "routes/jimmy.$serial"): Promise<string> {
  const main = leaf === "routes/jimmy.$serial" ? jimmyMain : "<main><h1>Privacy</h1><p>We keep little.</p></main>";
  // Remix writes null for a matched route without a loader.
  const data = leaf === "routes/jimmy.$serial" ? loaderData : { root: loaderData.root, [leaf]: null };
  const preloads = ["entry.client", "framework", "root", leaf.replace(/\W/g, "_")];
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Jimmy #11</title></head><body>
<header><a href="/">Jimmy Hunt</a><span>Ada</span></header>
${main}${preloads.map((name) => `<link rel="modulepreload" href="/assets/${name}.js"/>`).join("")}<script>window.__remixContext = ${JSON.stringify({ basename: "/", future, isSpaMode: false })};</script><script type="module" async="">;
import * as route0 from "/assets/root.js";
import * as route1 from "/assets/${leaf}.js";
window.__remixManifest = ${JSON.stringify(manifest, null, 2)};
window.__remixRouteModules = {"root":route0,"${leaf}":route1};</script><script>window.__remixContext.streamController.enqueue(${JSON.stringify(await streamed({ loaderData: data }))});</script></body></html>`;
}

/** A page's body markup without its scripts, nor the placeholders React leaves where it streams parts in later. */
const bodyMarkup = (html: string) =>
  renderToStaticMarkup(markupTree(html).tree as ReactElement).replace(/<div hidden="" id="S:\d+"><\/div>/g, "");

describe("Remix alone on a saved page", () => {
  it("reads the page's route manifest and loader data back from it", async () => {
    const read = await pageRemixData(await savedPage());
    expect(read.manifest).toEqual(manifest);
    expect(read.future).toEqual(future);
    expect(read.routeIds).toEqual(["root", "routes/jimmy.$serial"]);
    expect(read.loaderData).toEqual(loaderData);
  });

  it("sends the same markup, loader data and manifest through Remix, with none of the app's code", async () => {
    for (const [leaf, path] of [
      ["routes/jimmy.$serial", "/jimmy/11"],
      ["routes/privacy-policy", "/privacy-policy"],
    ] as const) {
      const page = await savedPage(leaf);
      const read = await pageRemixData(page);
      const { head, body } = markupTree(page);
      for (const streamed of [false, true]) {
        const handle = createRequestHandler(floorBuild(read, { head, body, streamed }), "production");
        const response = await handle(new Request(`http://localhost${path}`));
        expect(response.status).toBe(200);
        const sent = await response.text();
        expect(bodyMarkup(sent)).toBe(bodyMarkup(page));
        expect(sent).toContain("<title>Jimmy #11</title>");
        const again = await pageRemixData(sent);
        expect(again.routeIds).toEqual(read.routeIds);
        expect(again.loaderData).toEqual(read.loaderData);
        // The matched routes and the index route "/" matches, as the page's own manifest has them.
        expect(Object.keys(again.manifest.routes).sort()).toEqual(["root", "routes/_index", leaf].sort());
      }
    }
  });
});
