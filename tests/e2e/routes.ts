import fs from "node:fs";
import path from "node:path";

const ROUTES_DIR = path.resolve("app/routes");

export type AppRoute = {
  /** The route module, e.g. "jimmy.$serial_.watch.tsx", or a folder route's "account/route.tsx". */
  file: string;
  /** The URL pattern Remix serves it at, e.g. "/jimmy/:serial" ("*" for a splat). */
  pattern: string;
  hasAction: boolean;
  hasLoader: boolean;
  /** Whether it renders a page (a default export) rather than answering as a resource route. */
  isPage: boolean;
};

/**
 * Every route of the app, read from app/routes with Remix's flat-routes file
 * naming (a folder with a route.tsx is one route, named by the folder), so tests that must cover each route cover a route added tomorrow
 * without being told about it.
 */
export function appRoutes(): AppRoute[] {
  return fs
    .readdirSync(ROUTES_DIR, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isFile()) return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [entry.name] : [];
      // A folder route: its route.tsx is the route, named by the folder; the modules beside it are not routes.
      const module = ["route.tsx", "route.ts"].find((name) => fs.existsSync(path.join(ROUTES_DIR, entry.name, name)));
      return module ? [`${entry.name}/${module}`] : [];
    })
    .map((file) => {
      const source = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
      const segments = file
        .replace(/\/route\.tsx?$|\.tsx?$/, "")
        .split(".")
        .filter((segment) => segment !== "_index" && !(segment.startsWith("_") && segment !== "_"))
        .map((segment) => segment.replace(/_$/, ""))
        .map((segment) => (segment === "$" ? "*" : segment.startsWith("$") ? `:${segment.slice(1)}` : segment));
      return {
        file,
        pattern: `/${segments.join("/")}`,
        hasAction: /export (async )?function action\b|export const action\b/.test(source),
        hasLoader: /export (async )?function loader\b|export const loader\b/.test(source),
        isPage: /export default function\b/.test(source),
      };
    });
}

export type RouteSamples = { serial: number | string; jimmyId: number | string; discoveryId: number | string; commentId: number | string };

/** A concrete URL for `route`, its parameters filled from `samples` (ids of comments for comment routes). */
export function routeUrl(route: AppRoute, samples: RouteSamples): string {
  return route.pattern
    .replace(/:(serial|serialNumber)\b/, String(samples.serial))
    .replace(":jimmyId", String(samples.jimmyId))
    .replace(":id", String(route.pattern.includes("comments") ? samples.commentId : samples.discoveryId))
    .replace(":provider", "apple")
    .replace(":code", `${samples.serial}-AAAAAA`)
    .replace("*", "no-such-page");
}
