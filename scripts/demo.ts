/**
 * One command from a fresh clone to a running hunt on http://localhost:3000:
 * builds the app, loads the demo data (once) into ./data and serves the
 * production build. Data and photos stay under ./data between runs.
 */
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, parseEnv } from "~/infra/env.server";

// What the user set, checked by the app's schema before a half-minute build
// (the secrets the demo makes below are not needed for that).
let settings: ReturnType<typeof parseEnv>;
try {
  settings = parseEnv({ ...process.env, NODE_ENV: "development", DEMO_SIGN_IN: process.env.DEMO_SIGN_IN ?? "true" });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const dataDir = settings.dataDir;
const port = String(settings.port);
fs.mkdirSync(dataDir, { recursive: true });

// A random secret kept beside the data, so sessions survive restarts of the demo.
const secretFile = path.join(dataDir, ".session-secret");
if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
// Likewise for the key of the QR labels' check codes, so printed labels keep working.
const qrSecretFile = path.join(dataDir, ".qr-secret");
if (!fs.existsSync(qrSecretFile)) fs.writeFileSync(qrSecretFile, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });

const demoEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  DATA_DIR: dataDir,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  SESSION_SECRET: process.env.SESSION_SECRET ?? fs.readFileSync(secretFile, "utf8").trim(),
  QR_SECRET: process.env.QR_SECRET ?? fs.readFileSync(qrSecretFile, "utf8").trim(),
  // Lets a newcomer try contributing without provider credentials; the app
  // refuses this setting unless PUBLIC_URL is a loopback address.
  DEMO_SIGN_IN: process.env.DEMO_SIGN_IN ?? "true",
};

function step(title: string, command: string, args: string[]) {
  console.log(`\n▸ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: demoEnv });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

step("Building the app", "remix", ["vite:build"]);
step("Loading the demo hunt (the first run draws ~250 photos, about half a minute)", "tsx", ["scripts/seed.ts"]);
console.log(`\n▸ Jimmy Hunt is running on ${demoEnv.PUBLIC_URL} (Ctrl+C to stop)\n`);
const server = spawn("node", ["server/prod.ts", "build/server/index.js"], { stdio: "inherit", env: demoEnv });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
