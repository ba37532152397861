import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "./tests/support/browser";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

const launchOptions = { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS };

/**
 * Specs that speak HTTP to the server and never open a page: whether the
 * browser runs JavaScript means nothing to them, so they run once, in a
 * project of their own, instead of once per browser project.
 */
const HTTP_ONLY = [
  "**/request-bodies.spec.ts",
  "**/api-discoveries.spec.ts",
  "**/api-contract.spec.ts",
  "**/client-bundle.spec.ts",
  "**/edges.spec.ts",
  "**/metrics.spec.ts",
  "**/geo-api.spec.ts",
  "**/photos.spec.ts",
  "**/static-files.spec.ts",
  "**/link-previews.spec.ts",
  "**/syndication.spec.ts",
];

/**
 * Tests that mean something in one browser project only say so with a tag,
 * and the other project leaves them out (rather than running them to skip):
 * - `@javascript`: what the enhanced page does (drafts, the outbox, a dialog,
 *   the device's location); without JavaScript the browser does its own thing;
 * - `@without-javascript`: what the browser itself does with a plain form (Back, a post again);
 * - `@api-client`: an API client with no page, so one run is enough.
 */
const JAVASCRIPT_ONLY = /@javascript\b/;
const WITHOUT_JAVASCRIPT_ONLY = /@without-javascript\b|@api-client\b/;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Generous: the suite shares two CPUs with the server it tests, and a test that hangs still ends.
  timeout: 60_000,
  expect: {
    timeout: 7_500,
    // Text edges (anti-aliasing) are forgiven by the comparison itself; anything more than a speck is a change.
    toHaveScreenshot: { maxDiffPixelRatio: 0.0005 },
  },
  // One baseline per screenshot and project (tests/e2e/screenshots.spec.ts), kept with the tests.
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}-{projectName}{ext}",
  reporter: [["list"], ["json", { outputFile: "tests/.artifacts/reports/e2e.json" }]],
  use: {
    baseURL,
    // A trace records every step of every test (DOM snapshots, screencast) to keep the failures':
    // on this machine kind that is a fifth of the suite's CPU. A failure keeps its message and
    // screenshot; PW_TRACE=1 records traces again to look into one (npx playwright show-trace).
    trace: process.env.PW_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    locale: "en-US",
    timezoneId: "America/Chicago",
    // The app's service worker would answer requests that tests route or
    // abort (page.route never sees them); the offline tests opt back in.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "js-on",
      use: { ...devices["Desktop Chrome"], launchOptions },
      testIgnore: HTTP_ONLY,
      grepInvert: WITHOUT_JAVASCRIPT_ONLY,
    },
    {
      name: "js-off",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
      // The service worker, the outbox and the pan-and-zoom map need JavaScript: nothing to test without it.
      testIgnore: ["**/offline.spec.ts", "**/label-print.spec.ts", "**/pan-zoom-map.spec.ts", ...HTTP_ONLY],
      grepInvert: JAVASCRIPT_ONLY,
    },
    {
      name: "http",
      use: { launchOptions },
      testMatch: HTTP_ONLY,
    },
  ],
  webServer: {
    command: "tsx tests/support/test-server.ts",
    url: `${baseURL}/healthz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: !process.env.CI,
    // It seeds the demo hunt first (photos included): half a minute on a quiet two-CPU
    // machine, four on one busy with other work. The wait ends as soon as /healthz answers.
    timeout: 600_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
