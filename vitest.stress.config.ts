import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * npm run test:stress: the reliability suite, against real child processes
 * of the production build (npm run build first), one case at a time so that
 * the load figures are not disturbed by another case.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/stress/**/*.stress.ts", "server/**/*.stress.ts"],
    environment: "node",
    setupFiles: ["tests/support/unit-setup.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    reporters: ["verbose", "json"],
    outputFile: { json: "tests/.artifacts/reports/stress.json" },
  },
});
