import { defineConfig } from "vitest/config";
import pgConfig from "./vitest.pg.config";

/**
 * Several app processes on one database (`npm run test:scale-out`): two
 * production servers on PostgreSQL, then on one SQLite file, and `npm start`
 * running several processes itself. They start the production build, so this
 * runs after `npm run build`; PostgreSQL comes as for `npm run test:pg`.
 */
export default defineConfig(async (env) => {
  const config = await pgConfig(env);
  return {
    ...config,
    test: {
      ...config.test,
      include: ["tests/scale-out/**/*.test.ts"],
      outputFile: { json: "tests/.artifacts/reports/scale-out.json" },
    },
  };
});
