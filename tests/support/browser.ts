import fs from "node:fs";

/**
 * The Chromium to drive: $CHROMIUM_PATH, else Debian's headless shell, else
 * Debian's full browser, else undefined (Playwright's own download, on
 * machines that allow it, which is a headless shell too).
 *
 * The headless shell is the same Blink and V8 without the desktop browser
 * around them: the browser tests spend about 40% less CPU on it (on this
 * suite's home, Jimmy, comment and site-shell specs, 151 s against 93 s on two
 * CPUs), and the browser suite is bound by CPU.
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
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
