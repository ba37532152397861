import fs from "node:fs";

/**
 * The Chromium to drive: $CHROMIUM_PATH, else Debian's /usr/bin/chromium,
 * else undefined (Playwright's own download, on machines that allow it).
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
}

/** Flags that keep Chromium from calling home (the network here is closed). */
export const CHROMIUM_ARGS = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  "--disable-gpu",
  "--disable-dev-shm-usage",
];
