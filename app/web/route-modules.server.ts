import type { ServerBuild } from "@remix-run/node";

type RouteModule = ServerBuild["routes"][string]["module"];

/** The server build with each route's module replaced by `wrap`'s (the route edge's wrappers of loaders and actions). */
export function withRouteModules(build: ServerBuild, wrap: (module: RouteModule) => RouteModule): ServerBuild {
  const routes = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, { ...route, module: wrap(route.module) }]));
  return { ...build, routes };
}
