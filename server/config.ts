import { ConfigError, parseEnv, type Env } from "../app/infra/env.server.ts";

/**
 * Every setting through the app's one schema (app/infra/env.server.ts),
 * before anything else happens: a bad value stops the start with a message
 * naming it, and no stack trace.
 */
export function configOrExit(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[jimmy-hunt] ${error.message}`);
    process.exit(1);
  }
}
