import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The server's route matching is @remix-run/router's CommonJS build, which
// patches/ changes to keep each route tree's ranked branches and each path's
// compiled matcher instead of rebuilding them on every call. Loaded the way
// the server loads it (require), not through Vite's ESM resolution.
type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { route: Route; params: Record<string, string | undefined>; pathname: string };
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: (routes: Route[], location: string) => Match[] | null;
};

function appLikeTree(tag: string): Route[] {
  return [
    {
      id: `root${tag}`,
      path: "",
      children: [
        { id: `home${tag}`, index: true },
        { id: `jimmy${tag}`, path: "jimmy/:serial" },
        { id: `new${tag}`, path: "jimmy/:serial/new-discovery" },
        { id: `map${tag}`, path: "map" },
        { id: `admin${tag}`, path: "Admin", caseSensitive: true },
        { id: `media${tag}`, path: "media/*" },
        { id: `lang${tag}`, path: ":lang?/about" },
      ],
    },
  ];
}

const ids = (matches: Match[] | null) => matches?.map((m) => m.route.id) ?? null;

describe("route matching with kept branches", () => {
  it("ranks and matches as the router always has", () => {
    const routes = appLikeTree("");
    expect(ids(matchRoutes(routes, "/"))).toEqual(["root", "home"]);
    expect(ids(matchRoutes(routes, "/jimmy/12"))).toEqual(["root", "jimmy"]);
    expect(matchRoutes(routes, "/jimmy/12")![1]!.params).toEqual({ serial: "12" });
    expect(ids(matchRoutes(routes, "/jimmy/12/new-discovery"))).toEqual(["root", "new"]);
    expect(ids(matchRoutes(routes, "/MAP"))).toEqual(["root", "map"]);
    expect(ids(matchRoutes(routes, "/Admin"))).toEqual(["root", "admin"]);
    expect(matchRoutes(routes, "/admin")).toBeNull();
    expect(matchRoutes(routes, "/media/discoveries/a/720.webp")![1]!.params["*"]).toBe("discoveries/a/720.webp");
    expect(ids(matchRoutes(routes, "/about"))).toEqual(["root", "lang"]);
    expect(matchRoutes(routes, "/fr/about")![1]!.params).toEqual({ lang: "fr" });
    expect(matchRoutes(routes, "/nowhere")).toBeNull();
  });

  it("answers a path asked again exactly as the first time, with that path's own parameters", () => {
    const routes = appLikeTree("");
    for (let round = 0; round < 3; round++) {
      expect(matchRoutes(routes, "/jimmy/7")![1]!.params).toEqual({ serial: "7" });
      expect(matchRoutes(routes, "/jimmy/8")![1]!.params).toEqual({ serial: "8" });
      expect(matchRoutes(routes, "/jimmy/8")![1]!.pathname).toBe("/jimmy/8");
      expect(matchRoutes(routes, "/de/about")![1]!.params).toEqual({ lang: "de" });
      expect(matchRoutes(routes, "/nowhere")).toBeNull();
    }
  });

  it("answers with the route objects of the tree it is given, not of an earlier tree of the same shape", () => {
    // A server render builds new route objects for each request from the same manifest.
    const first = appLikeTree("-a");
    const second = appLikeTree("-b");
    expect(ids(matchRoutes(first, "/jimmy/3"))).toEqual(["root-a", "jimmy-a"]);
    const matches = matchRoutes(second, "/jimmy/3")!;
    expect(ids(matches)).toEqual(["root-b", "jimmy-b"]);
    expect(matches[1]!.route).toBe(second[0]!.children![1]);
  });

  it("sees a tree changed in place (routes patched in on navigation)", () => {
    const routes = appLikeTree("");
    expect(matchRoutes(routes, "/search")).toBeNull();
    routes[0]!.children!.push({ id: "search", path: "search" });
    expect(ids(matchRoutes(routes, "/search"))).toEqual(["root", "search"]);
    routes[0]!.children!.find((route) => route.id === "map")!.path = "hunt-map";
    expect(matchRoutes(routes, "/map")).toBeNull();
    expect(ids(matchRoutes(routes, "/hunt-map"))).toEqual(["root", "map"]);
  });

  it("still refuses a tree the router cannot rank, every time it is asked", () => {
    const broken: Route[] = [{ id: "a", path: "a", children: [{ id: "b", path: "/elsewhere" }] }];
    expect(() => matchRoutes(broken, "/a")).toThrow(/Absolute route path "\/elsewhere"/);
    expect(() => matchRoutes(broken, "/a")).toThrow(/Absolute route path "\/elsewhere"/);
  });
});
