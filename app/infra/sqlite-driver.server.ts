import type BetterSqlite3 from "better-sqlite3";
import {
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import { DatabaseBusyError } from "./db-busy.server";
import { metrics } from "./metrics.server";
import { RecentlyUsed } from "../lib/recently-used.ts";

/** How often a write waiting for another process's lock tries again. */
const RETRY_INTERVAL_MS = 20;

/** SQLITE_BUSY and its extended codes (e.g. SQLITE_BUSY_SNAPSHOT). */
function isSqliteBusy(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" && error.code.startsWith("SQLITE_BUSY")
  );
}

/** One writer at a time within this process; the others wait without blocking the event loop. */
class WriteLock {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const turn = this.tail;
    this.tail = this.tail.then(() => held);
    return turn.then(() => release);
  }
}

function run(statement: BetterSqlite3.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}

type Handles = { writer: BetterSqlite3.Database; reader: BetterSqlite3.Database; busyTimeoutMs: number };

/** Distinct statements kept prepared per connection (a page runs the same few dozen every time). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Prepared statements by their SQL, the least recently used dropped first.
 * Preparing costs more than running most of the app's queries; SQLite
 * re-prepares a kept statement by itself after a schema change. Only
 * statements that run to completion at once (all/run) come from here: an
 * iterating statement is busy until it ends, so streams prepare their own.
 */
class StatementCache {
  private readonly statements = new RecentlyUsed<string, BetterSqlite3.Statement>(STATEMENT_CACHE_SIZE);

  constructor(private readonly handle: BetterSqlite3.Database) {}

  get(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.handle.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/**
 * better-sqlite3 waits for a locked database synchronously, which would stall
 * every request of the process. This driver keeps the wait asynchronous:
 * the writing connection has no busy timeout and a write that finds another
 * process's lock retries every few milliseconds until the busy timeout,
 * then throws DatabaseBusyError (a 503 at the request edge). Read-only statements outside a
 * transaction run on a second connection, which WAL lets read while a
 * write lock is held, so reads keep being answered meanwhile. Transactions
 * start with BEGIN IMMEDIATE, so they take the lock up front and never fail
 * half-way for want of it.
 */
class ConcurrentSqliteDriver implements Driver {
  private readonly lock = new WriteLock();
  private schemaVersion: unknown = null;
  private readonly writerStatements: StatementCache;
  private readonly readerStatements: StatementCache;

  constructor(private readonly handles: Handles) {
    this.writerStatements = new StatementCache(handles.writer);
    this.readerStatements = handles.reader === handles.writer ? this.writerStatements : new StatementCache(handles.reader);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    const since = performance.now();
    const release = await this.lock.acquire();
    try {
      await this.retryWhileBusy(() => this.writerStatements.get("begin immediate").run(), since);
    } catch (error) {
      release();
      throw error;
    }
    routed.releaseTransaction = release;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.endTransaction(connection as RoutedConnection, "commit");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.endTransaction(connection as RoutedConnection, "rollback");
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    if (this.handles.reader !== this.handles.writer) this.handles.reader.close();
    this.handles.writer.close();
  }

  private async endTransaction(connection: RoutedConnection, command: "commit" | "rollback") {
    try {
      this.writerStatements.get(command).run();
      this.noticeSchemaChanges();
    } finally {
      connection.releaseTransaction?.();
      connection.releaseTransaction = null;
    }
  }

  /**
   * After this process changed the schema (a migration), has the reading
   * connection load it now: statements re-check the schema when they run,
   * but EXPLAIN would otherwise still describe plans for the old one.
   */
  private noticeSchemaChanges() {
    const { writer, reader } = this.handles;
    if (reader === writer) return;
    const version = writer.pragma("schema_version", { simple: true });
    if (version === this.schemaVersion) return;
    reader.prepare("select count(*) from sqlite_master").get();
    this.schemaVersion = version;
  }

  /** Runs a write, again while another process holds the lock; `since`: when the write began to wait (for the metrics). */
  async retryWhileBusy<T>(attempt: () => T, since = performance.now()): Promise<T> {
    const deadline = Date.now() + this.handles.busyTimeoutMs;
    for (;;) {
      const tried = performance.now();
      try {
        const result = attempt();
        metrics().databaseWait.observe((tried - since) / 1000);
        return result;
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        if (Date.now() >= deadline) {
          metrics().databaseWait.observe((performance.now() - since) / 1000);
          metrics().databaseBusy.inc();
          throw new DatabaseBusyError({ cause: error });
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_INTERVAL_MS));
      }
    }
  }

  async execute(connection: RoutedConnection, { sql, parameters }: CompiledQuery): Promise<QueryResult<unknown>> {
    if (connection.releaseTransaction) return run(this.writerStatements.get(sql), parameters);
    const readOnly = this.readerStatements.get(sql);
    if (readOnly.readonly) return run(readOnly, parameters);
    const since = performance.now();
    const release = await this.lock.acquire();
    try {
      const statement = this.writerStatements.get(sql);
      const result = await this.retryWhileBusy(() => run(statement, parameters), since);
      this.noticeSchemaChanges();
      return result;
    } finally {
      release();
    }
  }

  *stream(connection: RoutedConnection, { sql, parameters, query }: CompiledQuery): Iterable<unknown> {
    if (!SelectQueryNode.is(query)) throw new Error("Only select queries can be streamed");
    const handle = connection.releaseTransaction ? this.handles.writer : this.handles.reader;
    yield* handle.prepare(sql).iterate(parameters);
  }
}

class RoutedConnection implements DatabaseConnection {
  /** Set while this connection runs a transaction (which holds the process's write lock). */
  releaseTransaction: (() => void) | null = null;

  constructor(private readonly driver: ConcurrentSqliteDriver) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, compiledQuery) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.driver.stream(this, compiledQuery)) yield { rows: [row as R] };
  }
}

class ConcurrentSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** A Kysely dialect over a writing and a reading better-sqlite3 handle on the same file (the same handle for :memory:). */
export function concurrentSqliteDialect(handles: Handles): Dialect {
  return {
    createAdapter: () => new ConcurrentSqliteAdapter(),
    createDriver: () => new ConcurrentSqliteDriver(handles),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}
