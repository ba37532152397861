import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/support/unit-setup.ts"],
    // This run is the SQLite one, whatever the shell exports for the PostgreSQL run beside it (vitest.pg.config.ts sets its own).
    env: { TEST_DATABASE_URL: "" },
    reporters: ["default", "json"],
    outputFile: { json: "tests/.artifacts/reports/unit.json" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
