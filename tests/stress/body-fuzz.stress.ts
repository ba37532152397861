/**
 * The body readers fuzzed through the production server: thousands of random
 * and adversarial bodies (tests/support/fuzz-bodies.ts) to every address
 * that reads one, signed in, with the real routing, CSRF check and body
 * limits in front. Every answer is a 2xx–4xx, never a 5xx or a dropped
 * connection, and the server's resident memory stays bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { residentMb } from "../support/bodies";
import { fuzzBody, random } from "../support/fuzz-bodies";
import { type AppProcess, freshDataDir, mintJimmys, startApp } from "./support";

const CASES = Number(process.env.FUZZ_SERVER_CASES ?? 2000);

describe("the production server under body fuzzing", () => {
  let app: AppProcess;
  let cookie: string;
  let serial: number;
  let jimmyId: number;

  beforeAll(async () => {
    const dataDir = freshDataDir("body-fuzz");
    app = await startApp(dataDir);
    [jimmyId] = mintJimmys(dataDir, 4200, 1) as [number];
    serial = 4200;
    const signIn = await fetch(`${app.baseURL}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.baseURL },
      body: new URLSearchParams({ firstName: "Fuzz", lastName: "Stress" }),
      redirect: "manual",
    });
    cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("jh_session="))!
      .split(";")[0]!;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it(`answers ${CASES} random bodies to every body-reading address with a 4xx at worst, in bounded memory`, async () => {
    const paths = [
      "/api/upload",
      "/uploads/direct",
      `/jimmy/${serial}/new-discovery`,
      `/jimmy/${serial}/first-discovery`,
      `/jimmy/${serial}/new-discovery.data`,
      `/jimmy/${serial}`,
      "/api/discoveries",
      `/api/jimmys/${jimmyId}/comments`,
      "/api/upload-target",
      "/api/admin/login",
      "/login",
      "/api/auth/callback/apple",
    ];
    const pid = app.child.pid!;
    const before = residentMb(pid);
    let peak = before;
    const failures: string[] = [];
    for (let seed = 0; seed < CASES; seed++) {
      const r = random(seed);
      const { what, contentType, body } = fuzzBody(r);
      const path = r.pick(paths);
      const status = await fetch(`${app.baseURL}${path}`, {
        method: "POST",
        headers: { "Content-Type": contentType, Cookie: cookie, Origin: app.baseURL },
        body,
        redirect: "manual",
        // A request the server never answers is a finding that names its case, not a test timeout.
        signal: AbortSignal.timeout(15_000),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        (error: unknown) => `no answer (${String(error)})`,
      );
      if (typeof status !== "number" || status >= 500) failures.push(`seed ${seed}, ${path}, ${what}: ${status}`);
      if (seed % 50 === 0) peak = Math.max(peak, residentMb(pid));
    }
    expect(failures).toEqual([]);
    expect(app.stderr()).not.toMatch(/Error|at \S+ \(/);
    // The heap's warm-up, not growth per body: 158 MB after 1,000 bodies and 189 MB after 2,000 here,
    // where one body kept whole (the hole this guards) would be hundreds of MB on its own.
    expect(peak - before).toBeLessThan(250);
  });
});
