import type { ServerBuild } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb } from "../../tests/support/test-db";
import { upsertUserFromProvider } from "~/models/users.server";
import type { DB } from "~/infra/db.server";
import { sharingPageReads } from "./page-request.server";
import { endSession, getUser, startSession } from "./session.server";

let db: DB;
let cleanup: () => Promise<void>;
/** Session lookups the database has answered. */
let sessionReads = 0;

beforeEach(async () => {
  ({ db, cleanup } = await createTestDb());
  sessionReads = 0;
  // Counted where statements run: the session's statement is compiled once and executed per read.
  const base = db;
  db = new Proxy(base, {
    get(target, property) {
      if (property === "executeQuery") {
        return (query: Parameters<DB["executeQuery"]>[0], ...rest: unknown[]) => {
          const sql = "sql" in query ? query.sql : query.compile().sql;
          if (/^select\b/i.test(sql) && sql.includes('"sessions"')) sessionReads += 1;
          return (target.executeQuery as (...args: unknown[]) => unknown)(query, ...rest);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
});
afterEach(async () => cleanup());

type Args = Parameters<NonNullable<ServerBuild["routes"][string]["module"]["loader"]>>[0];

/** A root and a page loader as the server runs them: each reads the signed-in hunter. */
function pageLoaders() {
  const loader = async ({ request }: Args) => (await getUser(request, { db }))?.firstName ?? null;
  const build = {
    routes: {
      root: { id: "root", path: "", module: { default: () => null, loader } },
      "routes/page": { id: "routes/page", parentId: "root", path: "page", module: { default: () => null, loader } },
    },
  } as unknown as ServerBuild;
  const { routes } = sharingPageReads(build);
  return [routes.root!.module.loader!, routes["routes/page"]!.module.loader!];
}

/** One request as Remix hands it to each loader: a copy of the request of its own, one load context for all. */
function pageRequest(cookieHeader: string | null, method = "GET") {
  const context = { socketAddress: "127.0.0.1" };
  const copy = () =>
    ({
      request: new Request("http://localhost:3000/page", { method, headers: cookieHeader ? { Cookie: cookieHeader.split(";")[0]! } : {} }),
      context,
      params: {},
    }) as Args;
  return { copy };
}

async function signedIn(subject: string, firstName: string) {
  const user = await upsertUserFromProvider(db, { provider: "google", subject, firstName, lastName: "Hunter" });
  return startSession(new Request("http://localhost:3000/login"), "user", user.id, { db });
}

describe("what the loaders of one page request read", () => {
  it("reads the signed-in hunter once for all of a page's loaders", async () => {
    const cookie = await signedIn("g-1", "Ada");
    const [root, page] = pageLoaders();
    const request = pageRequest(cookie);
    sessionReads = 0;
    expect(await Promise.all([root!(request.copy()), page!(request.copy())])).toEqual(["Ada", "Ada"]);
    expect(sessionReads).toBe(1);
  });

  it("never shares between page requests: two hunters taking turns each see only themselves", async () => {
    const ada = await signedIn("g-1", "Ada");
    const bob = await signedIn("g-2", "Bob");
    const [root, page] = pageLoaders();
    sessionReads = 0;
    for (let turn = 0; turn < 3; turn++) {
      const fromAda = pageRequest(ada);
      const fromBob = pageRequest(bob);
      const answers = await Promise.all([root!(fromAda.copy()), root!(fromBob.copy()), page!(fromBob.copy()), page!(fromAda.copy())]);
      expect(answers).toEqual(["Ada", "Bob", "Bob", "Ada"]);
    }
    const nobody = pageRequest(null);
    expect(await Promise.all([root!(nobody.copy()), page!(nobody.copy())])).toEqual([null, null]);
    expect(sessionReads).toBe(6);
  });

  it("reads afresh in an action's request, which may have signed the hunter out", async () => {
    const cookie = await signedIn("g-1", "Ada");
    const [root, page] = pageLoaders();
    const posted = pageRequest(cookie, "POST");
    expect(await root!(posted.copy())).toBe("Ada");
    await endSession(posted.copy().request, "user", { db });
    expect(await page!(posted.copy())).toBeNull();
  });

  it("reads afresh for a request no loader was handed", async () => {
    const cookie = await signedIn("g-1", "Ada");
    const request = pageRequest(cookie).copy().request;
    sessionReads = 0;
    await getUser(request, { db });
    await getUser(request, { db });
    expect(sessionReads).toBe(2);
  });
});
