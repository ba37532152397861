/**
 * The server the browser tests run against: the production build on a fresh
 * data directory loaded with the demo data.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { E2E_DATA_DIR, E2E_SESSION_SECRET } from "./e2e-data";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = E2E_DATA_DIR;
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

export { E2E_SESSION_SECRET };

const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production" as const,
  PORT: port,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SESSION_SECRET: E2E_SESSION_SECRET,
  SEED_QUIET: "1",
  DEMO_SIGN_IN: "true",
  // Tests stand in for a reverse proxy, so each can post comments from an address of its own.
  TRUSTED_PROXY_HOPS: "1",
};

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: serverEnv });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`))));
  });
}

await run("tsx", ["scripts/seed.ts"]);
const server = spawn("remix-serve", ["build/server/index.js"], { stdio: "inherit", env: serverEnv });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code) => process.exit(code ?? 0));
