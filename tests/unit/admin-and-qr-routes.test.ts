import { afterEach, describe, expect, it } from "vitest";
import { loader as adminLoader } from "~/routes/admin/route";
import { loader as qrLoader } from "~/routes/q.$code";
import { openSqlite, type DB } from "~/infra/db.server";
import { resetEnvForTests } from "~/infra/env.server";

const globalForDb = globalThis as typeof globalThis & { __jimmyHuntDb?: DB };

afterEach(async () => {
  await globalForDb.__jimmyHuntDb?.destroy();
  delete globalForDb.__jimmyHuntDb;
  delete process.env.ADMIN_PASSWORD_HASH;
  resetEnvForTests();
});

const args = (url: string, params: Record<string, string> = {}) => ({
  request: new Request(url),
  params,
  context: { socketAddress: "203.0.113.9" },
});

describe("/admin without ADMIN_PASSWORD_HASH", () => {
  it("says admin sign-in is not configured rather than failing", async () => {
    delete process.env.ADMIN_PASSWORD_HASH;
    resetEnvForTests();
    expect(await adminLoader(args("http://localhost/admin"))).toEqual({ state: "not_configured" });
  });
});

describe("/q when the server cannot check a label", () => {
  it("sends the hunter to /found?error=server_error", async () => {
    // A database without the app's tables: every query fails.
    globalForDb.__jimmyHuntDb = openSqlite(":memory:");
    const response = (await qrLoader(args("http://localhost/q/42-7KX3PA", { code: "42-7KX3PA" }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/found?error=server_error");
  });

  it("answers a malformed code without touching the database", async () => {
    const response = (await qrLoader(args("http://localhost/q/hello", { code: "hello" }))) as Response;
    expect(response.headers.get("Location")).toBe("/found?error=invalid_qr");
  });
});
