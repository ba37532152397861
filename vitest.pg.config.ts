import { defineConfig, mergeConfig } from "vitest/config";
import baseConfig from "./vitest.config";
import { testDatabaseUrl } from "./tests/support/postgres";

/**
 * The unit suite again, on PostgreSQL (`npm run test:pg`): every test database
 * is a PostgreSQL database copied from a migrated template. Also runs the
 * scale-out tests, which need PostgreSQL.
 */
export default mergeConfig(
  baseConfig,
  defineConfig({
    test: {
      include: ["tests/scale-out/**/*.test.ts"],
      env: { TEST_DATABASE_URL: testDatabaseUrl() },
      globalSetup: ["tests/support/pg-global-setup.ts"],
      outputFile: { json: "tests/.artifacts/reports/unit-pg.json" },
    },
  }),
);
