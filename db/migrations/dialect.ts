import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/**
 * The few DDL spots where SQLite and PostgreSQL differ. Migrations stay frozen
 * and portable by going through these helpers instead of branching inline.
 */
export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}

export function idColumnType(db: Kysely<unknown>) {
  return isPostgres(db) ? ("serial" as const) : ("integer" as const);
}

export function idColumn(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) => (isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement());
}

export const doubleType = sql`double precision`;
