/**
 * The server the browser tests run against: the production build on a fresh
 * data directory loaded with the demo data.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { hashPassword } from "../../app/services/password.server";
import { E2E_ADMIN_PASSWORD, E2E_DATA_DIR, E2E_MAIL_DIR, E2E_QR_SECRET, E2E_SERVER_LOG, E2E_SESSION_SECRET, tilePort } from "./e2e-data";
import { providerEnv, startTestOidcProvider } from "./oidc-provider";
import { startSmtpServer } from "./smtp-server";
import { startTileServer, TILE_ATTRIBUTION } from "./tile-server";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = E2E_DATA_DIR;
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

export { E2E_SESSION_SECRET };

// Google, Apple and Meta sign-in all go to a real OpenID provider on loopback.
const oidc = await startTestOidcProvider({ port: Number(port) + 50, appOrigin: `http://127.0.0.1:${port}` });
// The pan-and-zoom map's tiles come from a tile server on loopback (tile-server.ts).
const tiles = await startTileServer(tilePort(Number(port)));
// Email goes to a real SMTP server on loopback, which writes each message where the tests read it.
const mail = await startSmtpServer({ saveTo: E2E_MAIL_DIR });

const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  ...providerEnv(oidc.credentials),
  NODE_ENV: "production" as const,
  // One process: the browser tests' server is one app whose log and memory they may read.
  WEB_CONCURRENCY: "1",
  PORT: port,
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SESSION_SECRET: E2E_SESSION_SECRET,
  SEED_QUIET: "1",
  DEMO_SIGN_IN: "true",
  PSEUDO_LANGUAGE: "true",
  ADMIN_PASSWORD_HASH: await hashPassword(E2E_ADMIN_PASSWORD),
  QR_SECRET: E2E_QR_SECRET,
  MAP_TILE_URL: tiles.urlTemplate,
  MAP_TILE_ATTRIBUTION: TILE_ATTRIBUTION,
  SMTP_URL: mail.url,
  MAIL_FROM: "Jimmy Hunt <hunt@example.com>",
  // Email leaves within a fraction of a second, so a test waits for it briefly.
  JOB_POLL_MS: "200",
  // The tests act as the proxy: each one names its own client address in
  // X-Forwarded-For, so one test's rate limits never lock out another's.
  TRUSTED_PROXY: "127.0.0.1",
  // Tests write to this database behind the app's back and look at the result
  // at once; the anonymous page cache (on in production) is tested by
  // page-cache.spec.ts on a server of its own.
  PAGE_CACHE_TTL_MS: "0",
};

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: serverEnv });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`))));
  });
}

await run("tsx", ["scripts/seed.ts"]);
const server = spawn("node", ["server/prod.ts", "build/server/index.js"], { stdio: ["inherit", "pipe", "inherit"], env: serverEnv });
// The log goes on to this process's output and into a file the log's own test reads (tests/e2e/request-log.spec.ts).
const log = fs.createWriteStream(E2E_SERVER_LOG, { flags: "a" });
server.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code) => process.exit(code ?? 0));
