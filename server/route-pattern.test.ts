import { describe, expect, it } from "vitest";
import { routePatterns } from "./route-pattern.ts";

// The shape of a Remix build's `routes`, for a few of the app's own routes.
const routes = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", index: true, parentId: "root" },
  "routes/$": { id: "routes/$", path: "*", parentId: "root" },
  "routes/jimmy.$serial": { id: "routes/jimmy.$serial", path: "jimmy/:serial", parentId: "root" },
  "routes/jimmy.$serial_.new-discovery": {
    id: "routes/jimmy.$serial_.new-discovery",
    path: "jimmy/:serial/new-discovery",
    parentId: "root",
  },
  "routes/jimmy._index": { id: "routes/jimmy._index", path: "jimmy", index: true, parentId: "root" },
  "routes/account_.email.$token": { id: "routes/account_.email.$token", path: "account/email/:token", parentId: "root" },
  "routes/q.$code": { id: "routes/q.$code", path: "q/:code", parentId: "root" },
  "routes/media.$": { id: "routes/media.$", path: "media/*", parentId: "root" },
  "routes/feeds.discoveries[.]atom": { id: "routes/feeds.discoveries[.]atom", path: "feeds/discoveries.atom", parentId: "root" },
};

describe("a request's route pattern", () => {
  const routeOf = routePatterns(routes);

  it("names the route, not the path, so the metrics' labels are as many as the routes", () => {
    expect(routeOf("/")).toEqual({ route: "/", path: "/" });
    expect(routeOf("/jimmy/42")).toEqual({ route: "/jimmy/:serial", path: "/jimmy/42" });
    expect(routeOf("/jimmy/42/new-discovery")).toEqual({ route: "/jimmy/:serial/new-discovery", path: "/jimmy/42/new-discovery" });
    expect(routeOf("/jimmy")).toEqual({ route: "/jimmy", path: "/jimmy" });
    expect(routeOf("/feeds/discoveries.atom").route).toBe("/feeds/discoveries.atom");
    expect(routeOf("/media/photos/2026/11/a.webp")).toEqual({ route: "/media/*", path: "/media/photos/2026/11/a.webp" });
  });

  it("takes a page's data request (single fetch) for the page", () => {
    expect(routeOf("/jimmy/42.data").route).toBe("/jimmy/:serial");
    expect(routeOf("/_root.data").route).toBe("/");
  });

  it("hides the segments that carry a secret: an email link's token, a label's code", () => {
    expect(routeOf("/account/email/Zm9vYmFyLXNlY3JldC10b2tlbg")).toEqual({ route: "/account/email/:token", path: "/account/email/:token" });
    expect(routeOf("/q/AB12CD34")).toEqual({ route: "/q/:code", path: "/q/:code" });
  });

  it("leaves anything else to the catch-all route, and an unreadable path unread", () => {
    expect(routeOf("/no/such/page").route).toBe("/*");
    expect(routeOf("/%E0%A4%A")).toEqual({ route: "(unmatched)", path: "(unreadable)" });
  });
});
