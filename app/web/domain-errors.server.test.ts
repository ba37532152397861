import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { DatabaseBusyError } from "~/infra/db-busy.server";
import { answeringDomainErrors, DATABASE_BUSY_TEXT } from "./domain-errors.server";

function buildWith(module: Record<string, unknown>): ServerBuild {
  return { routes: { "routes/x": { id: "routes/x", path: "x", module } } } as unknown as ServerBuild;
}

async function thrownBy(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("nothing was thrown");
}

describe("a busy database at the request edge", () => {
  it("answers a loader's or action's DatabaseBusyError with a 503, Retry-After and the busy message", async () => {
    const busy = () => {
      throw new DatabaseBusyError();
    };
    const { module } = answeringDomainErrors(buildWith({ loader: busy, action: busy })).routes["routes/x"]!;
    for (const handler of [module.loader, module.action]) {
      const thrown = await thrownBy(() => handler!({} as never));
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await response.json()).toEqual({ message: DATABASE_BUSY_TEXT });
    }
  });

  it("leaves other errors, thrown responses and answers as they were", async () => {
    const failure = new Error("something else");
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    const answer = { ok: true };
    const routes = answeringDomainErrors(
      buildWith({
        loader: () => answer,
        action: () => {
          throw failure;
        },
      }),
    ).routes;
    expect(await routes["routes/x"]!.module.loader!({} as never)).toBe(answer);
    expect(await thrownBy(() => routes["routes/x"]!.module.action!({} as never))).toBe(failure);
    const redirecting = answeringDomainErrors(
      buildWith({
        loader: () => {
          throw redirect;
        },
      }),
    ).routes["routes/x"]!.module;
    expect(await thrownBy(() => redirecting.loader!({} as never))).toBe(redirect);
    expect(redirecting.action).toBeUndefined();
  });
});
