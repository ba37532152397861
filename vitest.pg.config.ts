import { defineConfig, mergeConfig } from "vitest/config";
import baseConfig from "./vitest.config";
import { chooseTestDatabase, EMBEDDED_POSTGRES_PLAN_VARIABLE } from "./tests/support/postgres";

/**
 * The unit suite again, on PostgreSQL (`npm run test:pg`): every test database
 * is a PostgreSQL database copied from a migrated template. Without TEST_DATABASE_URL, and with
 * no test database at the default address, the global setup starts a
 * throwaway PostgreSQL for the run and stops it afterwards. The scale-out
 * tests (several app processes on one database) have their own config,
 * vitest.scale-out.config.ts, run after the build.
 */
export default defineConfig(async () => {
  const database = await chooseTestDatabase();
  // The global setup runs in this process: it reads both.
  process.env.TEST_DATABASE_URL = database.url;
  if (database.embedded) process.env[EMBEDDED_POSTGRES_PLAN_VARIABLE] = JSON.stringify(database.embedded);
  return mergeConfig(
    baseConfig,
    defineConfig({
      test: {
        env: { TEST_DATABASE_URL: database.url },
        globalSetup: ["tests/support/pg-global-setup.ts"],
        outputFile: { json: "tests/.artifacts/reports/unit-pg.json" },
      },
    }),
  );
});
