/**
 * Which of the app's routes a path is for, as its pattern ("/jimmy/:serial"):
 * the label of the request log and the metrics, whose number of values is
 * that of the routes, not of the paths. Also the path to log, with the
 * segments that carry a secret (an email link's token, a label's code) hidden.
 */
type RouteEntry = { id: string; path?: string; index?: boolean; parentId?: string };

type Segment = { kind: "static"; text: string } | { kind: "param"; name: string; optional: boolean } | { kind: "splat" };
type Pattern = { label: string; segments: Segment[]; score: number };

/** Parameters whose values are secrets: the log shows their name instead. */
const SECRET_PARAMS = new Set(["token", "code"]);

function fullPath(routes: Record<string, RouteEntry | undefined>, route: RouteEntry): string {
  const parts: string[] = [];
  for (let at: RouteEntry | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
    if (at.path) parts.unshift(at.path);
  }
  return parts.join("/");
}

function compile(path: string): Pattern {
  const segments: Segment[] = path
    .split("/")
    .filter(Boolean)
    .map((part) => {
      if (part === "*") return { kind: "splat" };
      if (part.startsWith(":")) {
        const optional = part.endsWith("?");
        return { kind: "param", name: part.slice(1, optional ? -1 : undefined), optional };
      }
      return { kind: "static", text: part.toLowerCase() };
    });
  // The more static segments, the more specific; a splat is the last resort.
  const score = segments.reduce((sum, s) => sum + (s.kind === "static" ? 10 : s.kind === "param" ? 3 : -100), 0);
  return { label: `/${path.split("/").filter(Boolean).join("/")}`, segments, score };
}

/** The segments to show (`raw`, as sent) when `parts` (decoded) match `segments`, or null. */
function match(segments: Segment[], parts: string[], raw: string[]): string[] | null {
  const shown: string[] = [];
  let i = 0;
  for (const segment of segments) {
    if (segment.kind === "splat") return [...shown, ...raw.slice(i)];
    const part = parts[i];
    if (segment.kind === "static") {
      if (part?.toLowerCase() !== segment.text) return null;
      shown.push(raw[i]!);
      i++;
    } else if (part === undefined) {
      if (!segment.optional) return null;
    } else {
      shown.push(SECRET_PARAMS.has(segment.name) ? `:${segment.name}` : raw[i]!);
      i++;
    }
  }
  return i === parts.length ? shown : null;
}

export type RouteOf = (pathname: string) => { route: string; path: string };

/** A function telling each path's route pattern among the build's routes (`build.routes`). */
export function routePatterns(routes: Record<string, RouteEntry | undefined>): RouteOf {
  const patterns = Object.values(routes)
    .filter((route): route is RouteEntry => route !== undefined && route.id !== "root")
    .map((route) => compile(fullPath(routes, route)))
    .sort((a, b) => b.score - a.score || b.segments.length - a.segments.length);
  return (pathname) => {
    // Single fetch asks for a page's data at its path with .data appended (the home page's at /_root.data).
    const bare = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const raw = bare.split("/").filter(Boolean);
    let parts: string[];
    try {
      parts = raw.map(decodeURIComponent);
    } catch {
      return { route: "(unmatched)", path: "(unreadable)" };
    }
    for (const pattern of patterns) {
      const shown = match(pattern.segments, parts, raw);
      if (shown) return { route: pattern.label, path: `/${shown.join("/")}` };
    }
    return { route: "(unmatched)", path: "(unmatched)" };
  };
}
