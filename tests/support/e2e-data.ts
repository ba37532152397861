import path from "node:path";

/** Where the browser tests' server keeps its data (see tests/support/test-server.ts). */
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? "tests/.artifacts/e2e-data");
export const E2E_DATABASE = path.join(E2E_DATA_DIR, "jimmy-hunt.sqlite");
