/**
 * Makes sure a Chromium is there for the browser tests: Debian's package where
 * apt is available (Playwright cannot download its own browser on every
 * machine), otherwise Playwright's download.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { chromiumExecutable } from "../tests/support/browser";

function hasPlaywrightChromium(): boolean {
  try {
    const out = execFileSync("npx", ["playwright", "install", "--dry-run", "chromium"], { encoding: "utf8" });
    const match = out.match(/Install location:\s+(\S+)/);
    return Boolean(match && fs.existsSync(match[1]!));
  } catch {
    return false;
  }
}

const found = chromiumExecutable();
if (found) {
  console.log(`Chromium: ${found}`);
} else if (hasPlaywrightChromium()) {
  console.log("Chromium: Playwright's own download");
} else if (fs.existsSync("/usr/bin/apt-get")) {
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) => {
    const [cmd, ...rest] = asRoot ? args : ["sudo", ...args];
    const result = spawnSync(cmd!, rest, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) throw new Error(`${args.join(" ")} failed`);
  };
  console.log("Installing Debian's Chromium headless shell for the browser tests...");
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "chromium-headless-shell", "fonts-liberation"]);
} else {
  const result = spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
