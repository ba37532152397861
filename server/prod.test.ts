import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Starts the production server the way `npm start` does, with `env` on top of a clean environment. */
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ["server/prod.ts", "build/server/no-build-needed.js"], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: "development", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("the production server's start", () => {
  it("refuses a bad setting before anything else, with a message naming each variable", () => {
    const result = start({ PAGE_CACHE_TTL_MS: "soon", REQUEST_TIMEOUT_MS: "2m", LOG_REQUESTS: "off", HOST: "http://0.0.0.0" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PAGE_CACHE_TTL_MS: must be a whole number of milliseconds from 0 to 60000; it is "soon"');
    expect(result.stderr).toContain('REQUEST_TIMEOUT_MS: must be a whole number of milliseconds from 1000 to 3600000; it is "2m"');
    expect(result.stderr).toContain('LOG_REQUESTS: must be "true", "false", "1" or "0"');
    expect(result.stderr).toContain("HOST: must be a host name or IP address to listen on");
    expect(result.stderr).not.toContain("at ");
  });

  it("refuses production without its secrets", () => {
    const result = start({ NODE_ENV: "production" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("SESSION_SECRET is required in production");
  });
});
